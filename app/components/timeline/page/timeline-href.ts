import { DEFAULT_ZOOM, type TypeFilter, type ZoomLevel } from '../../../../contract/timeline';

/** What the timeline's address says about the view. */
export interface ViewQuery {
  campaign?: string | null;
  zoom?: ZoomLevel;
  type?: TypeFilter;
  /** The page of the event list. */
  page?: number;
}

/** /timeline with the view in the query string; defaults are left out. */
export function timelineHref(view: ViewQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (view.campaign) params.set('campaign', view.campaign);
  if (view.zoom && view.zoom !== DEFAULT_ZOOM) params.set('zoom', view.zoom);
  if (view.type && view.type !== 'all') params.set('type', view.type);
  if (view.page && view.page > 1) params.set('page', String(view.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `/timeline?${query}` : '/timeline';
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 && page < 100_000 ? page : 1;
}

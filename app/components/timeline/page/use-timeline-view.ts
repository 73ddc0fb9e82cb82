import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TypeFilter, ZoomLevel } from '../../../../contract/timeline';
import { timelineHref, type ViewQuery } from './timeline-href';

interface AddressView {
  campaignId: string | null;
  zoom: ZoomLevel;
  type: TypeFilter;
  page: number;
}

/**
 * Zoom, type filter and list page: live state with JavaScript (changing them does not reload
 * the page), following the address whenever it changes; and the plain links' addresses.
 */
export function useTimelineView(loaded: AddressView) {
  const { campaignId } = loaded;
  const [zoom, setZoom] = useState<ZoomLevel>(loaded.zoom);
  const [type, setTypeState] = useState<TypeFilter>(loaded.type);
  const [page, setPage] = useState(loaded.page);
  useEffect(() => setZoom(loaded.zoom), [loaded.zoom]);
  useEffect(() => setTypeState(loaded.type), [loaded.type]);
  useEffect(() => setPage(loaded.page), [loaded.page]);
  const setType = useCallback((next: TypeFilter | ((current: TypeFilter) => TypeFilter)) => {
    setTypeState(next);
    setPage(1);
  }, []);

  const view: ViewQuery = { campaign: campaignId, zoom, type, page };
  // The plain links follow the URL's view, so a zoom in the browser does not re-render the list.
  const urlView = useMemo(() => ({ campaign: campaignId, zoom: loaded.zoom, type: loaded.type }), [campaignId, loaded.zoom, loaded.type]);
  const editHref = useCallback((eventId: string) => timelineHref({ ...urlView, page: loaded.page }, { edit: eventId }), [urlView, loaded.page]);
  const pageHref = useCallback((next: number) => timelineHref({ ...urlView, page: next }), [urlView]);
  return { zoom, setZoom, type, setType, page, setPage, view, editHref, pageHref };
}

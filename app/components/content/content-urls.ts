import type { ResultRequest } from './types';

/** Where the forms post: the /content page's action (the no-JavaScript path; with JavaScript the API is called). */
export const CONTENT_ACTION = '/content';

/** The /content page showing a content conversation, for links that work without JavaScript. */
export function sessionHref(request: ResultRequest, conversationId: string, extra: { revisions?: boolean; preview?: boolean } = {}): string {
  const params = new URLSearchParams({
    campaign: request.campaignId,
    conversation: conversationId,
    type: request.contentType,
    dataset: request.datasetId,
  });
  if (request.characterFormat) params.set('format', request.characterFormat);
  if (extra.revisions) params.set('revisions', '1');
  if (extra.preview) params.set('preview', '1');
  return `${CONTENT_ACTION}?${params.toString()}`;
}

export function freshHref(campaignId: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(campaignId ? { campaign: campaignId, ...extra } : extra);
  const query = params.toString();
  return query ? `${CONTENT_ACTION}?${query}` : CONTENT_ACTION;
}

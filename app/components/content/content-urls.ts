import type { ResultRequest } from './types';

/** The content forms' intents, handled by contentAction wherever the creator is. */
export const CONTENT_INTENTS = ['generate-content', 'revise-content', 'save-content'] as const;
export type ContentIntent = (typeof CONTENT_INTENTS)[number];
export const isContentIntent = (intent: string): intent is ContentIntent => (CONTENT_INTENTS as readonly string[]).includes(intent);

/** The content creator's own parameters in the address of the page it is on (/content, the dashboard, the Assistant). */
const CONTENT_PARAMS = ['campaign', 'conversation', 'type', 'format', 'dataset', 'prompt', 'revisions', 'preview', 'saved', 'index', '_routes'];

/** The page a content creator is on, without the creator's parameters: its links and its action's redirects add them back. */
export function hostOf(url: { pathname: string; search: string }): string {
  const params = new URLSearchParams(url.search);
  for (const name of CONTENT_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

function withParams(host: string, params: Record<string, string | boolean | null | undefined>): string {
  const [path, query] = host.split('?');
  const search = new URLSearchParams(query);
  for (const [name, value] of Object.entries(params)) {
    if (value) search.set(name, value === true ? '1' : value);
  }
  const full = search.toString();
  return full ? `${path}?${full}` : path;
}

/** The host page showing a content conversation: the result, and with `extra` its revision log or save form. */
export function sessionHref(host: string, request: ResultRequest, conversationId: string, extra: { revisions?: boolean; preview?: boolean } = {}): string {
  return withParams(host, {
    campaign: request.campaignId,
    conversation: conversationId,
    type: request.contentType,
    dataset: request.datasetId,
    format: request.characterFormat,
    revisions: extra.revisions,
    preview: extra.preview,
  });
}

/** The host page with an empty request form (for a campaign, with optional settings or a saved notice). */
export function freshHref(host: string, campaignId: string, extra: Record<string, string | null | undefined> = {}): string {
  return withParams(host, { campaign: campaignId, ...extra });
}

import type { CampaignChatAnswer } from './api/chat';
import type { ChatCitation } from './api/shared';

/** Campaign and document chat: what the browser and the server agree on (spec sections 2, 3, 7, 9). */

export const CONTEXT_LEVELS = ['low', 'medium', 'high'] as const;
export type ContextLevel = (typeof CONTEXT_LEVELS)[number];
export const DEFAULT_CONTEXT_LEVEL: ContextLevel = 'medium';

export const CONTEXT_LEVEL_LABELS: Record<ContextLevel, string> = {
  low: 'Low: quick answers, minimal context',
  medium: 'Medium: balanced (default)',
  high: 'High: comprehensive, extensive context',
};

export function isContextLevel(value: unknown): value is ContextLevel {
  return typeof value === 'string' && (CONTEXT_LEVELS as readonly string[]).includes(value);
}

/** A cited source of an answer (`page` is set for PDF passages), a message and an answer: their shapes are the API's (contract/api). */
export type { ChatCitation } from './api/shared';
export type { CampaignChatAnswer, CampaignChatMessage } from './api/chat';

/** Server-sent events of POST /api/campaigns/{id}/chat with `Accept: text/event-stream`. */
export type ChatStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: CampaignChatAnswer }
  | { event: 'error'; data: { error: string; status: number } };

/** Where a citation opens: the dashboard's datasets tab with the document (and page) shown. */
export function citationHref(citation: Pick<ChatCitation, 'dataset_id' | 'document_id' | 'page' | 'start' | 'end' | 'link'>): string {
  if (citation.link) return citation.link;
  if (!citation.dataset_id || !citation.document_id) return '/dashboard?tab=datasets';
  const params = new URLSearchParams({ tab: 'datasets', dataset: citation.dataset_id, document: citation.document_id });
  if (citation.page) params.set('page', String(citation.page));
  if (typeof citation.start === 'number' && typeof citation.end === 'number' && citation.end > citation.start) {
    params.set('at', `${citation.start}-${citation.end}`);
  }
  return `/dashboard?${params.toString()}`;
}

/** Where a citation opens for a player (or the GM viewing as one): the campaign's read-only viewer, at the quote. */
export function playerCitationHref(campaignId: string, citation: Pick<ChatCitation, 'document_id' | 'start' | 'end' | 'link'>): string {
  if (citation.link) return citation.link;
  const base = `/play/${encodeURIComponent(campaignId)}`;
  if (!citation.document_id) return base;
  const params = new URLSearchParams({ document: citation.document_id });
  if (typeof citation.start === 'number' && typeof citation.end === 'number' && citation.end > citation.start) {
    params.set('at', `${citation.start}-${citation.end}`);
  }
  return `${base}?${params.toString()}`;
}

/** Chat error banners and citation hints last this long (spec section 9). */
export const CHAT_NOTICE_MS = 5_000;

export const CHAT_GREETING = 'Greetings, Game Master! Ask me anything about this campaign and I will search its linked Knowledge Tomes and cite what I find.';
/** A player's greeting: what the game master has shared, in a player's words. */
export const PLAYER_CHAT_GREETING =
  'Welcome, adventurer! Ask me about this campaign and I will search what your game master has shared with the party and cite what I find.';
export const CHAT_WAITING = 'Consulting the ancient tomes...';
export const DOCUMENT_CHAT_ERROR = 'Error occurred while processing your request. Please try again.';
export const UNLINKED_CITATION_MESSAGE = 'That source belongs to a Knowledge Tome that is no longer linked to this campaign. Link the tome again to open it.';
export const CITATION_WITHOUT_IDS_HINT =
  'This citation does not say which document it came from, so the Knowledge Tomes tab opened instead. Look for the file by its name.';

/** 'Goblin Lore, Sword Coast, ... and 2 more' (spec: first 2 names, then '... and N more'). */
export function connectedDatasetsLabel(names: string[]): string {
  if (names.length === 0) return 'No datasets connected';
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} ... and ${names.length - 2} more` : shown;
}

/** The parts of a campaign as its reader sees it, at `/play/:campaignId` (issue #14). */
export const PLAYER_VIEWS = ['documents', 'timeline', 'map'] as const;
export type PlayerView = (typeof PLAYER_VIEWS)[number];

/** The address of one part of a campaign's player view: the documents, the timeline or the concept map. */
export function playerViewUrl(campaignId: string, view: PlayerView = 'documents'): string {
  const here = `/play/${encodeURIComponent(campaignId)}`;
  return view === 'documents' ? here : `${here}?view=${view}`;
}

/**
 * The Campaigns tab keeps its open modal in the address (?create_campaign=1,
 * ?edit_campaign=ID, ?delete_campaign=ID), so each works as a page section without JavaScript.
 */
export type CampaignParams = Partial<Record<'create_campaign' | 'edit_campaign' | 'delete_campaign' | 'campaign_error', string | number | null>>;

export function campaignsUrl(params: CampaignParams = {}): string {
  const search = new URLSearchParams({ tab: 'campaigns' });
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  return `/dashboard?${search.toString()}`;
}

export const CAMPAIGN_INTENTS = ['create-campaign', 'update-campaign', 'delete-campaign', 'link-tome', 'unlink-tome'] as const;
export type CampaignIntent = (typeof CAMPAIGN_INTENTS)[number];

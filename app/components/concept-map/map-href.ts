/** The concept map's addresses: the campaign shown, and which panel (Select Documents, Settings) is open. */
export type Panel = 'select' | 'settings' | null;
export type Preset = 'all' | 'none' | null;

export function mapHref(campaign: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (campaign) params.set('campaign', campaign);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `/concept-map?${query}` : '/concept-map';
}

export function panelOf(url: URL): Panel {
  if (url.searchParams.get('select') === '1') return 'select';
  if (url.searchParams.get('settings') === '1') return 'settings';
  return null;
}

export function presetOf(url: URL): Preset {
  const preset = url.searchParams.get('preset');
  return preset === 'all' || preset === 'none' ? preset : null;
}

import { Link, type FetcherWithComponents } from '@remix-run/react';
import type { MapActionResult } from './map-action';
import { mapHref } from './map-href';

interface MapActionsProps {
  campaignId: string;
  /** The documents the map was built from, as "tome:document": what Update Map reads again. */
  savedSelection: string[];
  fetcher: FetcherWithComponents<MapActionResult>;
  busy: boolean;
  canGenerate: boolean;
}

/**
 * The header's Select Documents, Generate/Update Map and Settings. Update Map posts the saved
 * selection; before a map has one, Generate Map opens the selection instead of guessing.
 */
export function MapActions({ campaignId, savedSelection, fetcher, busy, canGenerate }: MapActionsProps) {
  return (
    <>
      <Link to={mapHref(campaignId, { select: '1' })} className="button secondary" preventScrollReset>
        Select Documents
      </Link>
      {savedSelection.length > 0 ? (
        <fetcher.Form method="post" action={mapHref(campaignId)}>
          <input type="hidden" name="intent" value="generate" />
          <input type="hidden" name="campaign" value={campaignId} />
          {savedSelection.map((value) => (
            <input key={value} type="hidden" name="document" value={value} />
          ))}
          <button type="submit" className="primary" disabled={busy || !canGenerate} data-testid="generate-button">
            {busy ? 'Generating…' : 'Update Map'}
          </button>
        </fetcher.Form>
      ) : (
        <Link to={mapHref(campaignId, { select: '1' })} className="button primary" preventScrollReset data-testid="generate-button">
          {busy ? 'Generating…' : 'Generate Map'}
        </Link>
      )}
      <Link to={mapHref(campaignId, { settings: '1' })} className="button secondary" preventScrollReset>
        Settings
      </Link>
    </>
  );
}

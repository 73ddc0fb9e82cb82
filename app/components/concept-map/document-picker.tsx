import { Link, type FetcherWithComponents } from '@remix-run/react';
import type { MapDocument } from '../../../server/domain/concept-map';
import { useHydrated } from '~/lib/use-hydrated';
import { ErrorNotice } from '~/components/field-error';
import type { MapActionResult } from './map-action';
import { MapDialogFooter } from './map-dialog';
import { mapHref } from './map-href';

export const selectionValue = (document: Pick<MapDocument, 'id' | 'dataset_id'>) => `${document.dataset_id}:${document.id}`;

interface DocumentPickerProps {
  campaignId: string;
  documents: MapDocument[];
  selected: Set<string>;
  onSelect(next: Set<string>): void;
  /** The page's generate fetcher: the form posts through it (a plain post without JavaScript). */
  fetcher: FetcherWithComponents<MapActionResult>;
  busy: boolean;
  hasMap: boolean;
  error: string | null;
}

/**
 * The Select Documents form: every document of the tomes linked to the campaign, grouped by tome,
 * posting the checked ones to the page's action (generate). Failed posts come back to this panel.
 */
export function DocumentPicker({ campaignId, documents, selected, onSelect, fetcher, busy, hasMap, error }: DocumentPickerProps) {
  const hydrated = useHydrated();
  const ready = documents.filter((document) => document.status === 'ready');
  const count = ready.filter((document) => selected.has(document.id)).length;
  const tomes = new Map<string, MapDocument[]>();
  for (const document of documents) tomes.set(document.dataset_name, [...(tomes.get(document.dataset_name) ?? []), document]);
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelect(next);
  };

  return (
    <fetcher.Form method="post" action={mapHref(campaignId, { select: '1' })} className="cm-picker">
      <input type="hidden" name="intent" value="generate" />
      <input type="hidden" name="campaign" value={campaignId} />
      <div className="modal-body">
        <div className="row cm-picker-bar">
          {/* Choosing without a round trip needs JavaScript; without it the same choices are links. */}
          {hydrated ? (
            <>
              <button type="button" className="secondary" onClick={() => onSelect(new Set(ready.map((d) => d.id)))} disabled={busy}>
                Select All
              </button>
              <button type="button" className="secondary" onClick={() => onSelect(new Set())} disabled={busy}>
                Deselect All
              </button>
            </>
          ) : (
            <>
              <Link className="button secondary" to={mapHref(campaignId, { select: '1', preset: 'all' })}>
                Select All
              </Link>
              <Link className="button secondary" to={mapHref(campaignId, { select: '1', preset: 'none' })}>
                Deselect All
              </Link>
            </>
          )}
          <span className="spacer" />
          <span className="cm-count" data-testid="selected-count" aria-live="polite">
            {count} of {ready.length} selected
          </span>
        </div>
        {documents.length === 0 ? (
          <p className="muted">
            This campaign has no documents yet. Link a Knowledge Tome to it in the <Link to="/dashboard?tab=campaigns">Campaign Command Center</Link>.
          </p>
        ) : (
          <div className="cm-doc-list">
            {[...tomes.entries()].map(([tome, list]) => (
              <fieldset key={tome} className="cm-tome">
                <legend>{tome}</legend>
                {list.map((document) => {
                  const disabled = document.status !== 'ready';
                  return (
                    <label key={document.id} className={`cm-doc${disabled ? ' is-disabled' : ''}`}>
                      <input
                        type="checkbox"
                        name="document"
                        value={selectionValue(document)}
                        disabled={disabled || busy}
                        checked={!disabled && selected.has(document.id)}
                        onChange={(event) => toggle(document.id, event.target.checked)}
                      />
                      <span className="cm-doc-name">{document.filename}</span>
                      {document.status === 'processing' && <span className="badge">processing</span>}
                      {document.status === 'failed' && <span className="badge cm-badge-failed">failed</span>}
                      {document.outdated ? (
                        <span className="badge cm-badge-changed" title="Changed since it was analysed: it will be read again">
                          changed
                        </span>
                      ) : (
                        document.processed && (
                          <span className="badge cm-badge-mapped" title="Already analysed: it will not be read again">
                            in map
                          </span>
                        )
                      )}
                    </label>
                  );
                })}
              </fieldset>
            ))}
          </div>
        )}
        <ErrorNotice error={error} />
      </div>
      <MapDialogFooter campaignId={campaignId}>
        <button type="submit" className="primary" disabled={busy || ready.length === 0}>
          {busy ? 'Generating…' : hasMap ? 'Update Map' : 'Generate Map'}
        </button>
      </MapDialogFooter>
    </fetcher.Form>
  );
}

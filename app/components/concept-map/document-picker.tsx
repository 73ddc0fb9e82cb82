import { Form, Link } from '@remix-run/react';
import type { MapDocument } from '../../../server/domain/concept-map';

export const selectionValue = (document: Pick<MapDocument, 'id' | 'dataset_id'>) => `${document.dataset_id}:${document.id}`;

interface DocumentPickerProps {
  campaignId: string;
  documents: MapDocument[];
  selected: Set<string>;
  /** Live (JavaScript): the checkboxes are controlled and the form is handled in the page. */
  live: boolean;
  busy: boolean;
  hasMap: boolean;
  error?: string | null;
  /** Where Select All / Deselect All lead without JavaScript. */
  presetHref(preset: 'all' | 'none'): string;
  cancelHref: string;
  onToggle?(id: string, checked: boolean): void;
  onSelectAll?(): void;
  onDeselectAll?(): void;
  onSubmit?(): void;
  onCancel?(): void;
}

/**
 * The Select Documents form: every document of the tomes linked to the campaign, grouped by tome.
 * A plain form posting to the page's action without JavaScript; with it, the page generates live.
 */
export function DocumentPicker(props: DocumentPickerProps) {
  const { campaignId, documents, selected, live, busy, hasMap, error } = props;
  const ready = documents.filter((document) => document.status === 'ready');
  const count = ready.filter((document) => selected.has(document.id)).length;
  const tomes = new Map<string, MapDocument[]>();
  for (const document of documents) {
    const list = tomes.get(document.dataset_name) ?? [];
    list.push(document);
    tomes.set(document.dataset_name, list);
  }

  return (
    <Form
      method="post"
      action={`/concept-map?campaign=${campaignId}`}
      className="cm-picker"
      onSubmit={(event) => {
        if (!live) return;
        event.preventDefault();
        props.onSubmit?.();
      }}
    >
      <input type="hidden" name="intent" value="generate" />
      <input type="hidden" name="campaign" value={campaignId} />
      <div className="modal-body">
        <div className="row cm-picker-bar">
          {live ? (
            <>
              <button type="button" className="secondary" onClick={props.onSelectAll} disabled={busy}>
                Select All
              </button>
              <button type="button" className="secondary" onClick={props.onDeselectAll} disabled={busy}>
                Deselect All
              </button>
            </>
          ) : (
            <>
              <Link className="button secondary" to={props.presetHref('all')}>
                Select All
              </Link>
              <Link className="button secondary" to={props.presetHref('none')}>
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
                        {...(live
                          ? { checked: !disabled && selected.has(document.id), onChange: (event) => props.onToggle?.(document.id, event.target.checked) }
                          : { defaultChecked: !disabled && selected.has(document.id) })}
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
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="modal-footer">
        {live ? (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        ) : (
          <Link className="button secondary" to={props.cancelHref}>
            Cancel
          </Link>
        )}
        <button type="submit" className="primary" disabled={busy || ready.length === 0}>
          {busy ? 'Generating…' : hasMap ? 'Update Map' : 'Generate Map'}
        </button>
      </div>
    </Form>
  );
}

import { Form, Link } from '@remix-run/react';
import { useState } from 'react';
import {
  LAYOUT_LABELS,
  LAYOUTS,
  MAX_STRENGTH,
  MIN_STRENGTH,
  MIN_STRENGTH_MESSAGE,
  parseMinStrength,
  type ConceptMapSettings,
} from '../../../contract/concept-map';

interface SettingsFormProps {
  campaignId: string;
  settings: ConceptMapSettings;
  live: boolean;
  busy: boolean;
  error?: string | null;
  cancelHref: string;
  onSubmit?(settings: ConceptMapSettings): void;
  onCancel?(): void;
}

/** The Settings form: labels, minimum relationship strength (a whole number 1–10) and layout. */
export function SettingsForm({ campaignId, settings, live, busy, error, cancelHref, onSubmit, onCancel }: SettingsFormProps) {
  const [minStrength, setMinStrength] = useState(String(settings.min_strength));
  const [showLabels, setShowLabels] = useState(settings.show_labels);
  const [layout, setLayout] = useState(settings.layout);
  const parsed = parseMinStrength(minStrength);
  const invalid = live && parsed === null;

  return (
    <Form
      method="post"
      action={`/concept-map?campaign=${campaignId}`}
      onSubmit={(event) => {
        if (!live) return;
        event.preventDefault();
        if (parsed !== null) onSubmit?.({ show_labels: showLabels, min_strength: parsed, layout });
      }}
    >
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="campaign" value={campaignId} />
      <div className="modal-body stack">
        <label className="cm-check">
          <input
            type="checkbox"
            name="show_labels"
            value="true"
            checked={showLabels}
            onChange={(event) => setShowLabels(event.target.checked)}
          />
          Show labels
        </label>
        <label>
          Minimum relationship strength
          <input
            type="number"
            name="min_strength"
            min={MIN_STRENGTH}
            max={MAX_STRENGTH}
            step={1}
            required
            value={minStrength}
            aria-invalid={invalid || undefined}
            aria-describedby="cm-min-strength-help"
            onChange={(event) => setMinStrength(event.target.value)}
          />
        </label>
        <p id="cm-min-strength-help" className={invalid ? 'field-error' : 'muted small cm-help'}>
          {invalid ? MIN_STRENGTH_MESSAGE : 'Relationships weaker than this (1 = passing mention, 10 = central) are hidden.'}
        </p>
        <label>
          Layout
          <select name="layout" value={layout} onChange={(event) => setLayout(event.target.value as ConceptMapSettings['layout'])}>
            {LAYOUTS.map((value) => (
              <option key={value} value={value}>
                {LAYOUT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="modal-footer">
        {live ? (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link className="button secondary" to={cancelHref}>
            Cancel
          </Link>
        )}
        <button type="submit" className="primary" disabled={busy || invalid}>
          {busy ? 'Saving…' : 'Save Settings'}
        </button>
      </div>
    </Form>
  );
}

import type { FetcherWithComponents } from '@remix-run/react';
import { useState } from 'react';
import { LAYOUT_LABELS, LAYOUTS, MAX_STRENGTH, MIN_STRENGTH, MIN_STRENGTH_MESSAGE, parseMinStrength, type ConceptMapSettings } from '../../../contract/concept-map';
import { ErrorNotice } from '~/components/field-error';
import type { MapActionResult } from './map-action';
import { MapDialogFooter } from './map-dialog';
import { mapHref } from './map-href';

interface SettingsFormProps {
  campaignId: string;
  settings: ConceptMapSettings;
  fetcher: FetcherWithComponents<MapActionResult>;
  error: string | null;
}

/**
 * The Settings form: labels, minimum relationship strength (a whole number 1–10) and layout,
 * posted to the page's action. The strength is checked as it is typed by the rule the server
 * applies (contract's parseMinStrength).
 */
export function SettingsForm({ campaignId, settings, fetcher, error }: SettingsFormProps) {
  const [minStrength, setMinStrength] = useState(String(settings.min_strength));
  const invalid = parseMinStrength(minStrength) === null;
  const busy = fetcher.state !== 'idle';

  return (
    <fetcher.Form method="post" action={mapHref(campaignId, { settings: '1' })}>
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="campaign" value={campaignId} />
      <div className="modal-body stack">
        <label className="cm-check">
          <input type="checkbox" name="show_labels" value="true" defaultChecked={settings.show_labels} />
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
          <select name="layout" defaultValue={settings.layout}>
            {LAYOUTS.map((value) => (
              <option key={value} value={value}>
                {LAYOUT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <ErrorNotice error={error} />
      </div>
      <MapDialogFooter campaignId={campaignId}>
        <button type="submit" className="primary" disabled={busy || invalid}>
          {busy ? 'Saving…' : 'Save Settings'}
        </button>
      </MapDialogFooter>
    </fetcher.Form>
  );
}

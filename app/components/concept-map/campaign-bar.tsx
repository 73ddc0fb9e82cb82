import { CampaignOptions } from '~/components/campaign-options';
import { Form, useSubmit } from '@remix-run/react';
import type { ConceptMap } from '../../../server/domain/concept-map';
import { MapStats } from './map-stats';

interface CampaignBarProps {
  campaigns: Array<{ id: string; name: string }>;
  campaignId: string;
  map: ConceptMap | null;
  visibleRelationships: number;
  busy: boolean;
}

/** The campaign picker (a GET form: choosing submits it, or Show without JavaScript) and the map's stats. */
export function CampaignBar({ campaigns, campaignId, map, visibleRelationships, busy }: CampaignBarProps) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/concept-map" className="card cm-controls">
      <label>
        Campaign
        <select name="campaign" defaultValue={campaignId} key={campaignId} onChange={(event) => submit(event.currentTarget.form)} disabled={busy}>
          <CampaignOptions campaigns={campaigns} />
        </select>
      </label>
      <noscript>
        <button type="submit" className="secondary">
          Show
        </button>
      </noscript>
      {map && <MapStats map={map} visibleRelationships={visibleRelationships} />}
    </Form>
  );
}

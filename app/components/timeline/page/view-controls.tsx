import { CampaignOptions } from '~/components/campaign-options';
import { Form, useNavigation } from '@remix-run/react';
import { EVENT_TYPE_MAP, EVENT_TYPES, parseTypeFilter, ZOOM_LABELS, ZOOM_LEVELS, type TypeFilter, type ZoomLevel } from '../../../../contract/timeline';

export interface ViewControlsProps {
  campaigns: { id: string; name: string }[];
  campaignId: string;
  zoom: ZoomLevel;
  type: TypeFilter;
  hydrated: boolean;
  onCampaign(id: string): void;
  onZoom(zoom: ZoomLevel): void;
  onType(type: TypeFilter): void;
}

/** Campaign, zoom and type filter: a GET form without JavaScript, live selects with it. */
export function ViewControls({ campaigns, campaignId, zoom, type, hydrated, onCampaign, onZoom, onType }: ViewControlsProps) {
  const navigation = useNavigation();
  return (
    <Form method="get" action="/timeline" className="card tl-controls" aria-label="Timeline view" onSubmit={(submit) => hydrated && submit.preventDefault()}>
      <div className="tl-control">
        <label htmlFor="tl-view-campaign">Campaign</label>
        <select
          id="tl-view-campaign"
          name="campaign"
          value={campaignId}
          onChange={(change) => onCampaign(change.target.value)}
          disabled={navigation.state === 'loading'}
        >
          <CampaignOptions campaigns={campaigns} />
        </select>
      </div>
      <div className="tl-control">
        <label htmlFor="tl-view-zoom">Zoom</label>
        <select id="tl-view-zoom" name="zoom" value={zoom} onChange={(change) => onZoom(change.target.value as ZoomLevel)}>
          {ZOOM_LEVELS.map((level) => (
            <option key={level} value={level}>
              {ZOOM_LABELS[level]}
            </option>
          ))}
        </select>
      </div>
      <div className="tl-control">
        <label htmlFor="tl-view-type">Event type</label>
        <select id="tl-view-type" name="type" value={type} onChange={(change) => onType(parseTypeFilter(change.target.value))}>
          <option value="all">All types</option>
          {EVENT_TYPES.map((eventType) => (
            <option key={eventType} value={eventType}>
              {EVENT_TYPE_MAP[eventType].name}
            </option>
          ))}
        </select>
      </div>
      {!hydrated && (
        <button type="submit" className="button secondary">
          Show
        </button>
      )}
    </Form>
  );
}

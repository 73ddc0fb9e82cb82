import { DEFAULT_CHARACTER_FORMAT } from '../../../contract/content';
import { ContentCreator } from './content-creator';
import type { ContentCampaign, ContentDataset, ContentInitialState } from './types';

export interface DashboardContentCreatorProps {
  campaigns: ContentCampaign[];
  datasets: ContentDataset[];
  /** The /content page passes the session its loader rebuilt; the dashboard starts empty. */
  initial?: ContentInitialState;
}

/**
 * The dashboard's content creator: tabs for character, location, mission and lore, the
 * character format, the context tome (required), a prompt box and example prompts.
 */
export function DashboardContentCreator({ campaigns, datasets, initial }: DashboardContentCreatorProps) {
  const heading = (
    <div className="content-creator-heading">
      <h2>Content Creator</h2>
      <p className="muted small">Characters, locations, missions and lore, written from your own Knowledge Tomes.</p>
    </div>
  );
  if (campaigns.length === 0) {
    return (
      <section className="card content-creator-card" aria-label="Content Creator">
        {heading}
        <p className="muted">
          Content belongs to a campaign. <a href="/dashboard?tab=campaigns">Create a campaign</a> and link your Knowledge Tomes to it first.
        </p>
      </section>
    );
  }
  const campaign = campaigns[0];
  const primary = datasets.find((dataset) => campaign.datasets.includes(dataset.id))?.id ?? '';
  return (
    <section className="card content-creator-card" aria-label="Content Creator">
      <ContentCreator
        variant="dashboard"
        campaigns={campaigns}
        datasets={datasets}
        heading={heading}
        initial={
          initial ?? {
            settings: { campaignId: campaign.id, contentType: 'character', characterFormat: DEFAULT_CHARACTER_FORMAT, datasetId: primary, prompt: '' },
            result: null,
            request: null,
            log: [],
            showLog: false,
            preview: false,
            saved: null,
            error: null,
          }
        }
      />
    </section>
  );
}

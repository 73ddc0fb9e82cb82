import { ContentCreator } from './content-creator';
import type { ContentCampaign, ContentDataset, ContentInitialState } from './types';

export interface DashboardContentCreatorProps {
  campaigns: ContentCampaign[];
  datasets: ContentDataset[];
  /** What the page's loader read from its address (loadContentState). */
  initial: ContentInitialState;
}

/**
 * The dashboard's content creator (and the /content page's): tabs for character, location,
 * mission and lore, the character format, the context tome (required), a prompt box and example prompts.
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
  return (
    <section className="card content-creator-card" aria-label="Content Creator">
      <ContentCreator variant="dashboard" campaigns={campaigns} datasets={datasets} heading={heading} initial={initial} />
    </section>
  );
}

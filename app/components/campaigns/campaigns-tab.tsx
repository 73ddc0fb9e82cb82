import type { Campaign } from '../../../server/domain/campaigns/campaigns';
import type { Seat } from '../../../server/domain/seats/members';
import type { CampaignBudgetStatus } from '../../../server/domain/usage/campaign-budget';
import { CONTENT_CREATOR_WAITING } from '~/components/content/content-links';
import type { ContentInitialState } from '~/components/content/types';
import { SeatsPanel } from '~/components/seats/seats-panel';
import { latePartAfterHydration } from '~/lib/late-part-after';
import { CampaignsPanel, type CampaignsPanelDataset } from './campaigns-panel';

// The content creator is drawn by the server and made live once the page is (ADR 0242).
export const DashboardContentCreator = latePartAfterHydration(
  'dashboard-content-creator',
  () => import('~/components/content/dashboard-content-creator').then((m) => m.DashboardContentCreator),
  { waiting: CONTENT_CREATOR_WAITING },
);

export interface CampaignsTabProps {
  campaigns: Campaign[];
  datasets: CampaignsPanelDataset[];
  seats: Seat[];
  budgets: CampaignBudgetStatus[];
  joined: string | null;
  /** The content creator's state read from the address (loadContentState). */
  content: ContentInitialState | null;
}

/** The dashboard's Campaigns tab: the GM's campaigns, the tables the user plays at, and the content creator. */
export function CampaignsTab({ campaigns, datasets, seats, budgets, joined, content }: CampaignsTabProps) {
  return (
    <>
      <CampaignsPanel campaigns={campaigns} datasets={datasets} />
      <SeatsPanel seats={seats} budgets={budgets} joined={joined} />
      <section className="dashboard-content" aria-label="Content Creator">
        {content && <DashboardContentCreator campaigns={campaigns} datasets={datasets} initial={content} />}
      </section>
    </>
  );
}

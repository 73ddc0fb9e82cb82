import { Link } from '@remix-run/react';
import { connectedDatasetsLabel } from '../../../contract/chat';

export interface SidebarCampaign {
  id: string;
  name: string;
  datasets: string[];
}

/** The Assistant's left panel: every campaign with the tomes it can see. */
export function CampaignSidebar({
  campaigns,
  tomeNames,
  selectedId,
}: {
  campaigns: SidebarCampaign[];
  tomeNames: Record<string, string>;
  selectedId: string | null;
}) {
  return (
    <nav className="campaign-sidebar card" aria-label="Campaigns">
      <h2>Campaigns</h2>
      {campaigns.length === 0 ? (
        <p className="muted small">
          No campaigns yet. <Link to="/dashboard?tab=campaigns">Create one on the dashboard.</Link>
        </p>
      ) : (
        <ul>
          {campaigns.map((campaign) => {
            const names = campaign.datasets.map((id) => tomeNames[id]).filter((name): name is string => Boolean(name));
            const selected = campaign.id === selectedId;
            return (
              <li key={campaign.id}>
                <Link
                  to={`/assistant?campaign=${campaign.id}`}
                  className={selected ? 'campaign-choice selected' : 'campaign-choice'}
                  aria-current={selected ? 'true' : undefined}
                  preventScrollReset
                >
                  <span className="campaign-choice-name">{campaign.name}</span>
                  <span className="campaign-choice-tomes small">{connectedDatasetsLabel(names)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

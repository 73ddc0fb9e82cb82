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
  played,
  tomeNames,
  selectedId,
}: {
  campaigns: SidebarCampaign[];
  /** Campaigns the user plays in (another GM's), listed apart from their own. */
  played: Array<{ id: string; name: string; gm: string }>;
  tomeNames: Record<string, string>;
  selectedId: string | null;
}) {
  const current = campaigns.find((campaign) => campaign.id === selectedId) ?? played.find((campaign) => campaign.id === selectedId);
  // Narrow screens fold the list away once a campaign is chosen, so the chat has the screen;
  // wide ones always show it beside the chat (assistant.css).
  return (
    <nav className="campaign-sidebar card" aria-label="Campaigns">
      <details className="campaign-sidebar-fold" open={!current}>
        <summary>
          <h2>Campaigns</h2>
          {current && <span className="campaign-sidebar-current">{current.name}</span>}
        </summary>
        {campaigns.length === 0 && played.length > 0 ? null : campaigns.length === 0 ? (
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
        {played.length > 0 && (
          <>
            <h3 className="campaign-sidebar-group">{campaigns.length > 0 ? 'Campaigns you play in' : 'Your campaigns'}</h3>
            <ul>
              {played.map((campaign) => (
                <li key={campaign.id}>
                  <Link
                    to={`/assistant?campaign=${campaign.id}`}
                    className={campaign.id === selectedId ? 'campaign-choice selected' : 'campaign-choice'}
                    aria-current={campaign.id === selectedId ? 'true' : undefined}
                    preventScrollReset
                  >
                    <span className="campaign-choice-name">{campaign.name}</span>
                    <span className="campaign-choice-tomes small">GM: {campaign.gm}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </details>
    </nav>
  );
}

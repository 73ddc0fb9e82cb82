import { Form, Link, type LinkProps, useSearchParams } from '@remix-run/react';
import type { Campaign } from '../../../server/domain/campaigns/campaigns';
import { abbreviateTokens } from '../../../contract/usage';
import { ErrorNotice } from '~/components/field-error';
import { latePart } from '~/lib/late-part';
import { campaignsUrl } from './campaign-urls';

// The create, edit and delete modals (the form with them) load when one is
// opened, or when the create link is pointed at (ADR 0221).
const CampaignModals = latePart('campaign-modals', () => import('./campaign-modals').then((m) => m.CampaignModals));
const preloadCampaignModals = CampaignModals.preload;

/** A link that opens one of the campaign modals by the address, their code loading when it is pointed at. */
function CampaignModalLink(props: Omit<LinkProps, 'preventScrollReset' | 'onPointerEnter' | 'onFocus'>) {
  return <Link {...props} preventScrollReset onPointerEnter={preloadCampaignModals} onFocus={preloadCampaignModals} />;
}

export interface CampaignsPanelDataset {
  id: string;
  name: string;
  document_count: number;
  total_tokens: number;
  description: string;
}

/**
 * The dashboard's Campaigns tab: create, edit and delete campaigns, link and unlink Knowledge
 * Tomes, open the assistant with a campaign. Every form posts to the dashboard's action; the
 * create, edit and delete modals are opened by the address (?create_campaign=1,
 * ?edit_campaign=ID, ?delete_campaign=ID): native dialogs with JavaScript, page sections without.
 */
export function CampaignsPanel({ campaigns, datasets }: { campaigns: Campaign[]; datasets: CampaignsPanelDataset[] }) {
  const [params] = useSearchParams();
  const error = params.get('campaign_error');
  const creating = params.get('create_campaign') === '1';
  const find = (id: string | null) => campaigns.find((campaign) => campaign.id === id) ?? null;
  const editing = find(params.get('edit_campaign'));
  const deleting = find(params.get('delete_campaign'));
  const imported = find(params.get('imported'));
  const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));

  return (
    <section className="campaigns-panel" aria-labelledby="campaigns-heading">
      <ErrorNotice error={error} />
      {imported && (
        <p className="notice success" role="status">
          Imported “{imported.name}”. Its documents are being processed again from their original files: see the{' '}
          <Link to="/dashboard?tab=datasets">Knowledge Tomes tab</Link> for their progress.
        </p>
      )}
      <div className="campaigns-toolbar">
        <h2 id="campaigns-heading">Your campaigns</h2>
        <p className="muted">Each campaign’s assistant reads only the Knowledge Tomes linked to it.</p>
        <CampaignModalLink className="button primary" to={campaignsUrl({ create_campaign: 1 })}>
          Create Campaign
        </CampaignModalLink>
        <Link className="button secondary" to="/campaigns/import">
          Import Campaign
        </Link>
      </div>

      {(creating || editing || deleting) && <CampaignModals creating={creating} editing={editing} deleting={deleting} />}

      {campaigns.length === 0 ? (
        <div className="empty-state card">
          <h2>No campaigns yet</h2>
          <p>Create a campaign, link your Knowledge Tomes to it, and ask its assistant anything.</p>
        </div>
      ) : (
        <div className="grid">
          {campaigns.map((campaign) => {
            const linked = campaign.datasets.map((id) => byId.get(id)).filter((d): d is CampaignsPanelDataset => Boolean(d));
            const linkable = datasets.filter((dataset) => !campaign.datasets.includes(dataset.id));
            return (
              <article key={campaign.id} className="card campaign-card" data-testid="campaign-card" aria-label={campaign.name}>
                <h3>{campaign.name}</h3>
                {campaign.description && <p className="muted small">{campaign.description}</p>}
                <div>
                  <h4 className="small">Linked Knowledge Tomes</h4>
                  {linked.length === 0 ? (
                    <p className="muted small">No Knowledge Tomes linked</p>
                  ) : (
                    <ul className="linked-tomes">
                      {linked.map((dataset) => (
                        <li key={dataset.id} title={`${dataset.document_count} documents · ${abbreviateTokens(dataset.total_tokens)} tokens`}>
                          {dataset.name}
                          <Form method="post" action={campaignsUrl()} preventScrollReset>
                            <input type="hidden" name="intent" value="unlink-tome" />
                            <input type="hidden" name="campaign_id" value={campaign.id} />
                            <input type="hidden" name="dataset_id" value={dataset.id} />
                            <button type="submit" className="unlink-button" aria-label={`Unlink ${dataset.name} from ${campaign.name}`} title="Unlink">
                              ×
                            </button>
                          </Form>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {linkable.length > 0 ? (
                  <Form method="post" action={campaignsUrl()} className="link-tome-form" preventScrollReset>
                    <input type="hidden" name="intent" value="link-tome" />
                    <input type="hidden" name="campaign_id" value={campaign.id} />
                    <label className="sr-only" htmlFor={`link-${campaign.id}`}>
                      Knowledge Tome to link to {campaign.name}
                    </label>
                    <select id={`link-${campaign.id}`} name="dataset_id" required defaultValue="">
                      <option value="" disabled>
                        Choose a tome…
                      </option>
                      {linkable.map((dataset) => (
                        <option key={dataset.id} value={dataset.id}>
                          {dataset.name} ({dataset.document_count} docs)
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="secondary">
                      Link Tome
                    </button>
                  </Form>
                ) : (
                  datasets.length === 0 && (
                    <p className="muted small">
                      Create a Knowledge Tome on the <Link to="/dashboard?tab=datasets">Knowledge Tomes tab</Link> to link it here.
                    </p>
                  )
                )}
                <div className="campaign-card-actions">
                  <Link className="button primary" to={`/assistant?campaign=${campaign.id}`} state={{ campaignId: campaign.id }}>
                    Open in Assistant
                  </Link>
                  <Link className="button secondary" to={`/campaigns/${campaign.id}/sessions`} aria-label={`Sessions of ${campaign.name}`}>
                    Sessions
                  </Link>
                  <Link className="button secondary" to={`/campaigns/${campaign.id}/players`} aria-label={`Players of ${campaign.name}`}>
                    Players
                  </Link>
                  <CampaignModalLink className="button secondary" to={campaignsUrl({ edit_campaign: campaign.id })} aria-label={`Edit ${campaign.name}`}>
                    Edit
                  </CampaignModalLink>
                  <a className="button secondary" href={`/api/campaigns/${campaign.id}/export`} download aria-label={`Export ${campaign.name}`}>
                    Export
                  </a>
                  <CampaignModalLink className="button danger" to={campaignsUrl({ delete_campaign: campaign.id })}>
                    Delete
                  </CampaignModalLink>
                </div>
              </article>
            );
          })}
        </div>
      )}
    </section>
  );
}

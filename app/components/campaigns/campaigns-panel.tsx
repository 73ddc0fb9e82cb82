import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { Campaign } from '../../../server/domain/campaigns/campaigns';
import { abbreviateTokens } from '../../../contract/usage';
import { useHydrated } from '~/lib/use-hydrated';
import campaignsStyles from '~/styles/campaigns.css?url';

/** For the route that renders the panel: `links = () => [...campaignsPanelLinks(), ...]`. */
export const campaignsPanelLinks = () => [{ rel: 'stylesheet', href: campaignsStyles }];

export interface CampaignsPanelDataset {
  id: string;
  name: string;
  document_count: number;
  total_tokens: number;
  description: string;
}

const ACTIONS = '/campaigns/actions';

/**
 * The dashboard's Campaigns tab: create and delete campaigns, link and unlink Knowledge Tomes,
 * open the assistant with a campaign. Plain forms posting to /campaigns/actions; with
 * JavaScript the create and delete confirmations are native dialogs, without it they render
 * as sections of the page (?create_campaign=1, ?delete_campaign=ID).
 */
export function CampaignsPanel({ campaigns, datasets }: { campaigns: Campaign[]; datasets: CampaignsPanelDataset[] }) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const error = params.get('campaign_error');
  const creating = params.get('create_campaign') === '1';
  const deletingId = params.get('delete_campaign');
  const deleting = campaigns.find((campaign) => campaign.id === deletingId) ?? null;
  const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const createDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const deleteTarget = useRef<Campaign | null>(null);
  const deleteName = useRef<HTMLSpanElement>(null);
  const deleteInput = useRef<HTMLInputElement>(null);

  return (
    <section className="campaigns-panel" aria-label="Campaigns">
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <div className="campaigns-toolbar">
        <p className="muted">Each campaign’s assistant reads only the Knowledge Tomes linked to it.</p>
        {hydrated ? (
          <button type="button" className="primary" onClick={() => createDialog.current?.showModal()}>
            Create Campaign
          </button>
        ) : (
          <Link className="button primary" to="/dashboard?tab=campaigns&create_campaign=1">
            Create Campaign
          </Link>
        )}
      </div>

      {creating && !hydrated && (
        <section className="inline-panel" aria-label="Create campaign">
          <h3>Create campaign</h3>
          <CreateCampaignForm />
        </section>
      )}
      {deleting && !hydrated && (
        <section className="inline-panel" aria-label="Delete campaign">
          <h3>Delete campaign</h3>
          <p>
            Delete <strong>{deleting.name}</strong>? Its conversations go with it. This cannot be undone.
          </p>
          <Form method="post" action={ACTIONS} className="row">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="campaign_id" value={deleting.id} />
            <button type="submit" className="danger">
              Delete campaign
            </button>
            <Link className="button" to="/dashboard?tab=campaigns">
              Cancel
            </Link>
          </Form>
        </section>
      )}

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
                          <Form method="post" action={ACTIONS}>
                            <input type="hidden" name="intent" value="unlink" />
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
                  <Form method="post" action={ACTIONS} className="link-tome-form">
                    <input type="hidden" name="intent" value="link" />
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
                  {hydrated ? (
                    <button
                      type="button"
                      className="danger"
                      onClick={() => {
                        deleteTarget.current = campaign;
                        if (deleteName.current) deleteName.current.textContent = campaign.name;
                        if (deleteInput.current) deleteInput.current.value = campaign.id;
                        deleteDialog.current?.showModal();
                      }}
                    >
                      Delete
                    </button>
                  ) : (
                    <Link className="button danger" to={`/dashboard?tab=campaigns&delete_campaign=${campaign.id}`}>
                      Delete
                    </Link>
                  )}
                </div>
              </article>
            );
          })}
        </div>
      )}

      {hydrated && (
        <>
        <dialog ref={createDialog} className="modal" aria-labelledby="create-campaign-title">
          <div className="modal-header">
            <h2 id="create-campaign-title">Create campaign</h2>
            <button type="button" className="close-button" aria-label="Close" onClick={() => createDialog.current?.close()}>
              ×
            </button>
          </div>
          <div className="modal-body">
            <CreateCampaignForm onSubmitted={() => createDialog.current?.close()} />
          </div>
        </dialog>

        <dialog ref={deleteDialog} className="modal" aria-labelledby="delete-campaign-title">
          <div className="modal-header">
            <h2 id="delete-campaign-title">Delete campaign</h2>
            <button type="button" className="close-button" aria-label="Close" onClick={() => deleteDialog.current?.close()}>
              ×
            </button>
          </div>
          <Form method="post" action={ACTIONS} onSubmit={() => deleteDialog.current?.close()}>
            <div className="modal-body">
              <p>
                Delete <strong ref={deleteName} />? Its conversations go with it. This cannot be undone.
              </p>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="campaign_id" ref={deleteInput} />
            </div>
            <div className="modal-footer">
              <button type="button" className="secondary" onClick={() => deleteDialog.current?.close()}>
                Cancel
              </button>
              <button type="submit" className="danger">
                Delete campaign
              </button>
            </div>
          </Form>
        </dialog>
        </>
      )}
    </section>
  );
}

function CreateCampaignForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const submitting = navigation.state === 'submitting' && navigation.formAction === ACTIONS;
  useEffect(() => {
    if (navigation.state === 'idle') form.current?.reset();
  }, [navigation.state]);
  return (
    <Form method="post" action={ACTIONS} className="stack" ref={form} onSubmit={() => onSubmitted?.()}>
      <input type="hidden" name="intent" value="create" />
      <label>
        Campaign name
        <input name="name" required maxLength={200} autoComplete="off" />
      </label>
      <label>
        Description <span className="muted small">(optional)</span>
        <textarea name="description" maxLength={5000} rows={3} />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={submitting}>
          Create
        </button>
        {!onSubmitted && (
          <Link className="button" to="/dashboard?tab=campaigns">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

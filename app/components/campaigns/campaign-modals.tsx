import { Form, Link } from '@remix-run/react';
import type { Campaign } from '../../../server/domain/campaigns/campaigns';
import { TomeModal } from '~/components/tomes/tome-modal';
import { CampaignForm } from './campaign-form';
import { campaignsUrl } from './campaign-urls';

/** The Campaigns tab's modals, opened by the address: create, edit, delete. */
export function CampaignModals({ creating, editing, deleting }: { creating: boolean; editing: Campaign | null; deleting: Campaign | null }) {
  return (
    <>
      {creating && (
        <TomeModal title="Create campaign" closeTo={campaignsUrl()} testId="create-campaign">
          <CampaignForm />
        </TomeModal>
      )}
      {editing && (
        <TomeModal title={`Edit campaign: ${editing.name}`} closeTo={campaignsUrl()}>
          <CampaignForm campaign={editing} />
        </TomeModal>
      )}
      {deleting && (
        <TomeModal title="Delete campaign" closeTo={campaignsUrl()}>
          <p>
            Delete <strong>{deleting.name}</strong>? Its conversations go with it. This cannot be undone.
          </p>
          <Form method="post" action={campaignsUrl({ delete_campaign: deleting.id })} className="row">
            <input type="hidden" name="intent" value="delete-campaign" />
            <input type="hidden" name="campaign_id" value={deleting.id} />
            <button type="submit" className="danger">
              Delete campaign
            </button>
            <Link className="button" to={campaignsUrl()} preventScrollReset>
              Cancel
            </Link>
          </Form>
        </TomeModal>
      )}
    </>
  );
}

import { Form } from '@remix-run/react';
import type { Campaign } from '../../../server/domain/campaigns/campaigns';
import { ErrorNotice } from '~/components/field-error';
import { NameAndDescriptionFields } from '~/components/name-and-description';
import { SubmitOrCancel } from '~/components/submit-or-cancel';
import { campaignForm } from '~/lib/form-schemas';
import { getFormProps, useIsPending, useSchemaForm } from '~/lib/forms';
import { campaignsUrl } from './campaign-urls';

/** Create (no campaign) or edit a campaign's name and description: one schema, checked in the browser and by the action. */
export function CampaignForm({ campaign }: { campaign?: Campaign }) {
  const intent = campaign ? 'update-campaign' : 'create-campaign';
  const submitting = useIsPending(intent);
  const [form, fields] = useSchemaForm(intent, campaignForm, {
    id: campaign ? `${intent}-${campaign.id}` : intent,
    defaultValue: campaign && { name: campaign.name, description: campaign.description },
  });
  const here = campaign ? campaignsUrl({ edit_campaign: campaign.id }) : campaignsUrl({ create_campaign: 1 });
  return (
    <Form method="post" action={here} className="stack" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {campaign && <input type="hidden" name="campaign_id" value={campaign.id} />}
      <NameAndDescriptionFields nameLabel="Campaign name" fields={fields} />
      <ErrorNotice error={form.errors?.[0]} />
      <SubmitOrCancel label={campaign ? 'Save' : 'Create'} disabled={submitting} cancelTo={campaignsUrl()} cancelClassName="button" preventScrollReset />
    </Form>
  );
}

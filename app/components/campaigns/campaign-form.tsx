import { Form, Link } from '@remix-run/react';
import type { Campaign } from '../../../server/domain/campaigns/campaigns';
import { FieldError } from '~/components/field-error';
import { campaignForm } from '~/lib/form-schemas';
import { getFormProps, getInputProps, getTextareaProps, useIsPending, useSchemaForm } from '~/lib/forms';
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
      <label>
        Campaign name
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
        <FieldError field={fields.name} />
      </label>
      <label>
        Description <span className="muted small">(optional)</span>
        <textarea {...getTextareaProps(fields.description)} rows={3} />
        <FieldError field={fields.description} />
      </label>
      {form.errors && (
        <p className="notice error" role="alert">
          {form.errors[0]}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={submitting}>
          {campaign ? 'Save' : 'Create'}
        </button>
        <Link className="button" to={campaignsUrl()} preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

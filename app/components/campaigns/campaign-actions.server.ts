import { data, redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import { campaignFieldsSchema } from '../../../contract/campaigns';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import type { FormReply } from '~/lib/forms';
import { parseForm } from '~/lib/form-parse';
import { campaignsUrl, CAMPAIGN_INTENTS, type CampaignIntent } from './campaign-urls';

const FAILURES: Record<CampaignIntent, string> = {
  'create-campaign': 'Failed to create campaign.',
  'update-campaign': 'Failed to save campaign.',
  'delete-campaign': 'Failed to delete campaign.',
  'link-tome': 'Failed to link dataset to campaign.',
  'unlink-tome': 'Failed to unlink dataset from campaign.',
};

export const isCampaignIntent = (intent: string): intent is CampaignIntent => (CAMPAIGN_INTENTS as readonly string[]).includes(intent);

/**
 * The Campaigns tab's forms, posted to the dashboard: create and edit answer their field errors
 * in the form (useSchemaForm); the others, and every success, go back to the tab.
 */
export async function campaignAction(context: AppLoadContext, userId: string, intent: CampaignIntent, form: FormData) {
  const { db } = context.services;
  const { campaigns } = context.domain;
  const field = (name: string) => String(form.get(name) ?? '');

  if (intent === 'create-campaign' || intent === 'update-campaign') {
    const submission = parseForm(form, campaignFieldsSchema);
    if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
    try {
      if (intent === 'create-campaign') await campaigns.createCampaign(db, userId, submission.value);
      else await campaigns.updateCampaign(db, userId, field('campaign_id'), submission.value);
      return redirect(campaignsUrl());
    } catch (error) {
      const detail = failureMessage(context, error) ?? 'Something went wrong on our side. Please try again.';
      const message = `${FAILURES[intent]} ${detail}`;
      return data<FormReply>({ intent, result: submission.reply({ formErrors: [message] }) }, { status: statusOf(context, error) });
    }
  }

  try {
    if (intent === 'delete-campaign') await campaigns.deleteCampaign(db, userId, field('campaign_id'));
    else if (intent === 'link-tome') await campaigns.linkDataset(db, userId, field('campaign_id'), field('dataset_id'));
    else await campaigns.unlinkDataset(db, userId, field('campaign_id'), field('dataset_id'));
    return redirect(campaignsUrl());
  } catch (error) {
    const message = [FAILURES[intent], failureMessage(context, error)].filter(Boolean).join(' ');
    return redirect(campaignsUrl({ campaign_error: message }));
  }
}

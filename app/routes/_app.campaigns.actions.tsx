import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { failureMessage } from '~/lib/auth-actions.server';
import { formFields } from '~/lib/form-data';
import { requireUser } from '~/lib/session.server';

const BACK = '/dashboard?tab=campaigns';

const FAILURES: Record<string, string> = {
  create: 'Failed to create campaign.',
  delete: 'Failed to delete campaign.',
  link: 'Failed to link dataset to campaign.',
  unlink: 'Failed to unlink dataset from campaign.',
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireUser(context, request);
  return redirect(BACK);
}

/** The Campaigns tab's forms: create, delete, link, unlink; always back to the tab. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { campaigns } = context.domain;
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? '';
  try {
    switch (intent) {
      case 'create':
        await campaigns.createCampaign(db, user.id, { name: fields.name ?? '', description: fields.description ?? '' });
        break;
      case 'delete':
        await campaigns.deleteCampaign(db, user.id, fields.campaign_id ?? '');
        break;
      case 'link':
        await campaigns.linkDataset(db, user.id, fields.campaign_id ?? '', fields.dataset_id ?? '');
        break;
      case 'unlink':
        await campaigns.unlinkDataset(db, user.id, fields.campaign_id ?? '', fields.dataset_id ?? '');
        break;
      default:
        return redirect(`${BACK}&campaign_error=${encodeURIComponent('Unknown campaign action.')}`);
    }
    return redirect(BACK);
  } catch (error) {
    const detail = failureMessage(context, error);
    const message = [FAILURES[intent], detail].filter(Boolean).join(' ');
    return redirect(`${BACK}&campaign_error=${encodeURIComponent(message)}`);
  }
}

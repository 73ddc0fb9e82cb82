import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { orNotFound } from '~/lib/seats.server';
import { requireUser } from '~/lib/session.server';

/** A player leaves a campaign (the dashboard's "Leave this campaign" form). */
export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  await orNotFound(context, context.domain.seats.leaveCampaign(context.services.db, user.id, params.id ?? ''));
  return redirect('/dashboard?tab=campaigns');
}

export async function loader() {
  throw new Response('Not found', { status: 404 });
}

import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { SessionCheck } from '~/components/session-check';
import { ViewAsSwitch } from '~/components/seats/view-as-switch';
import { UsageBanner } from '~/components/usage-banner';
import { requireUser } from '~/lib/session.server';
import { viewAsPlayer } from '~/lib/view-as.server';

/** The signed-in shell: every protected screen renders inside it. */
export type SignedInLoader = typeof loader;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const [usage, home] = await Promise.all([
    context.domain.usage.currentMonthUsage(context.services.db, user.id, context.services.env.MONTHLY_BUDGET_USD),
    context.domain.seats.homeOf(context.services.db, user.id),
  ]);
  // `playsOnly` is read by the nav (a player's links, never a GM's empty screens).
  return { usage, runsCampaigns: home.runsCampaigns, playsOnly: home.playsOnly, viewingAsPlayer: viewAsPlayer(request) };
}

export default function SignedInLayout() {
  const { usage, runsCampaigns, viewingAsPlayer } = useLoaderData<typeof loader>();
  return (
    <>
      <SessionCheck />
      <UsageBanner initial={usage} />
      <ViewAsSwitch viewingAsPlayer={viewingAsPlayer} runsCampaigns={runsCampaigns} />
      <Outlet />
    </>
  );
}

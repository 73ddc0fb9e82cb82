import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { SessionCheck } from '~/components/session-check';
import { UsageBanner } from '~/components/usage-banner';
import { requireUser } from '~/lib/session.server';

/** The signed-in shell: every protected screen renders inside it. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const usage = await context.domain.usage.currentMonthUsage(context.services.db, user.id, context.services.env.MONTHLY_BUDGET_USD);
  return { usage };
}

export default function SignedInLayout() {
  const { usage } = useLoaderData<typeof loader>();
  return (
    <>
      <SessionCheck />
      <UsageBanner initial={usage} />
      <Outlet />
    </>
  );
}

import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { contentLinks } from '~/components/content/content-links';
import { contentAction, loadContentState } from '~/components/content/content-session.server';
import { isContentIntent } from '~/components/content/content-urls';
import { DashboardContentCreator } from '~/components/content/dashboard-content-creator';
import { PageHeader } from '~/components/page-header';
import { readFormOrEmpty } from '~/lib/form-data';
import { requireUser } from '~/lib/session.server';

export const links: LinksFunction = () => contentLinks();
export const meta: MetaFunction = () => [{ title: 'Content Workshop · Tomekeeper' }];

/** /content: the content creator on a page of its own, its state in the address (loadContentState). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  try {
    const campaigns = await context.domain.campaigns.listCampaigns(db, user.id);
    const tomes = await context.domain.tomes.listDatasets(db, user.id);
    const initial = await loadContentState(context, user.id, new URL(request.url), campaigns, tomes);
    return { loadError: null, campaigns, tomes, initial };
  } catch (error) {
    context.log.error({ err: error }, 'loading campaigns and tomes failed');
    return { loadError: 'Failed to load campaigns and datasets', campaigns: [], tomes: [], initial: null };
  }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const form = await readFormOrEmpty(request);
  const intent = String(form.get('intent') ?? '');
  if (!isContentIntent(intent)) return data({ error: 'Unknown content action.' }, { status: 400 });
  return contentAction(context, user.id, intent, form, request.url);
}

export default function ContentPage() {
  const { loadError, campaigns, tomes, initial } = useLoaderData<typeof loader>();
  const campaignId = initial?.settings.campaignId ?? '';
  return (
    <main className="page content-page">
      <PageHeader title="Content Workshop" subtitle="Characters, locations, missions and lore, written from your own Knowledge Tomes.">
        {campaignId && (
          <Link className="button" to={`/assistant?campaign=${campaignId}&tab=create`}>
            Open in Campaign Assistant
          </Link>
        )}
      </PageHeader>
      {loadError && (
        <p className="notice error" role="alert">
          {loadError}
        </p>
      )}
      {initial && <DashboardContentCreator campaigns={campaigns} datasets={tomes} initial={initial} />}
    </main>
  );
}

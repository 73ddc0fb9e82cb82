import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/node';
import type { Seat } from '../../server/domain/seats/members';
import { Link, useLoaderData } from '@remix-run/react';
import { campaignAction, isCampaignIntent } from '~/components/campaigns/campaign-actions.server';
import { campaignsPanelLinks } from '~/components/campaigns/campaigns-links';
import { contentLinks } from '~/components/content/content-links';
import { contentAction, loadContentState } from '~/components/content/content-session.server';
import { isContentIntent } from '~/components/content/content-urls';
import { PageHeader } from '~/components/page-header';
import { PlayerHome } from '~/components/seats/player-home';
import type { ShownDocuments } from '~/components/seats/seat-card';
import { seatsPanelLinks } from '~/components/seats/seats-links';
import { tomesPanelLinks } from '~/components/tomes/tomes-links';
import { readTomeForm, tomeAction } from '~/components/tomes/tome-actions.server';
import { loadTomesView } from '~/components/tomes/tomes-view.server';
import { UploadStatus, UploadTrackerProvider } from '~/components/tomes/upload-tracker';
import { latePart } from '~/lib/late-part';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Campaign Command Center · Tomekeeper' }];
// Each tab carries only its own code: a tab's panels load with the page that shows them (ADR 0185, ADR 0221).
const CampaignsTab = latePart('campaigns-tab', () => import('~/components/campaigns/campaigns-tab').then((m) => m.CampaignsTab));
const TomesPanel = latePart('tomes-panel', () => import('~/components/tomes/tomes-panel').then((m) => m.TomesPanel));

// The tab's panels, and its content creator, which is made live after the page (ADR 0242).
const preloadCampaignsTab = () => void import('~/components/campaigns/campaigns-tab').then((m) => m.DashboardContentCreator.preload());

export const links: LinksFunction = () => [...campaignsPanelLinks(), ...seatsPanelLinks(), ...tomesPanelLinks(), ...contentLinks()];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const { db } = context.services;
  // A link to a document (a citation) opens the Knowledge Tomes tab even without ?tab=.
  const tab = url.searchParams.get('tab') === 'datasets' || (url.searchParams.has('document') && !url.searchParams.has('tab')) ? 'datasets' : 'campaigns';
  const [campaigns, datasets, seats] = await Promise.all([
    context.domain.campaigns.listCampaigns(db, user.id).catch(logged(context)),
    context.domain.tomes.listDatasets(db, user.id).catch(logged(context)),
    context.domain.seats.listSeats(db, user.id).catch(logged(context)),
  ]);
  // Someone who only plays lands on their campaigns, in a player's words; a tab asked for by name is the GM's dashboard.
  if (
    !url.searchParams.has('tab') &&
    campaigns &&
    datasets &&
    seats &&
    context.domain.seats.playsOnly({ campaigns: campaigns.length, tomes: datasets.length, seats: seats.length })
  ) {
    return { home: 'player' as const, ...(await loadPlayerHome(context, user.id, seats)), joined: url.searchParams.get('joined') };
  }
  const tomes = tab === 'datasets' && datasets ? await loadTomesView(context, user.id, url, datasets) : null;
  // Each table's campaign budget, so a player sees the 80% warning and the 100% stop up front.
  const seatBudgets =
    tab === 'campaigns' && seats ? await Promise.all(seats.map((seat) => context.domain.campaignBudget.campaignBudgetStatus(db, seat.campaign_id))) : [];
  const activeJobs = tomes ? tomes.activeJobs : await context.domain.tomes.listActiveJobs(db, user.id).catch(() => []);
  const content = tab === 'campaigns' ? await loadContentState(context, user.id, url, campaigns ?? [], datasets ?? []) : null;
  return {
    home: 'gm' as const,
    tab,
    campaigns: campaigns ?? [],
    datasets: datasets ?? [],
    seats: seats ?? [],
    seatBudgets,
    joined: url.searchParams.get('joined'),
    loadError: !datasets ? 'Failed to load datasets.' : !campaigns ? 'Failed to load dashboard data.' : null,
    tomes,
    activeJobs,
    content,
  };
}

/** Every form of both tabs posts here, with JavaScript or without; `intent` says which. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const form = await readTomeForm(context, request);
  if (form instanceof Response) return form;
  const intent = String(form.get('intent') ?? '');
  if (isContentIntent(intent)) return contentAction(context, user.id, intent, form, request.url);
  return isCampaignIntent(intent) ? campaignAction(context, user.id, intent, form) : tomeAction(context, user.id, form);
}

/** Each campaign's budget and the documents its GM shows players, read through the player's seat. */
async function loadPlayerHome(context: AppLoadContext, userId: string, seats: Seat[]) {
  const { db } = context.services;
  const [budgets, shown] = await Promise.all([
    Promise.all(seats.map((seat) => context.domain.campaignBudget.campaignBudgetStatus(db, seat.campaign_id))),
    Promise.all(
      seats.map(async (seat): Promise<ShownDocuments> => {
        const access = await context.domain.ownership.requireCampaignAccess(db, userId, seat.campaign_id);
        const { documents, document_count } = await context.domain.tomes.listCampaignDocuments(db, access);
        const ready = documents.filter((document) => document.status === 'ready');
        return { campaign_id: seat.campaign_id, documents: ready.map(({ id, filename }) => ({ id, filename })), document_count };
      }),
    ),
  ]);
  return { seats, budgets, shown };
}

function logged(context: AppLoadContext) {
  return (error: unknown): null => {
    context.log.error({ err: error }, 'loading the dashboard failed');
    return null;
  };
}

export default function Dashboard() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.home === 'player' ? (
    <PlayerHome seats={loaded.seats} budgets={loaded.budgets} shown={loaded.shown} joined={loaded.joined} />
  ) : (
    <GmDashboard loaded={loaded} />
  );
}

function GmDashboard({ loaded }: { loaded: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { home: 'gm' }> }) {
  const { tab, campaigns, datasets, seats, seatBudgets, joined, loadError, tomes, activeJobs, content } = loaded;
  return (
    <UploadTrackerProvider initialJobs={activeJobs}>
      <main className="page">
        <PageHeader title="Campaign Command Center" subtitle="Your campaigns and Knowledge Tomes." />
        <nav className="tabs" aria-label="Dashboard sections">
          <Link
            to="/dashboard?tab=campaigns"
            className={tab === 'campaigns' ? 'tab active' : 'tab'}
            aria-current={tab === 'campaigns' ? 'page' : undefined}
            onPointerEnter={preloadCampaignsTab}
            onFocus={preloadCampaignsTab}
          >
            Campaigns
          </Link>
          <Link
            to="/dashboard?tab=datasets"
            className={tab === 'datasets' ? 'tab active' : 'tab'}
            aria-current={tab === 'datasets' ? 'page' : undefined}
            onPointerEnter={TomesPanel.preload}
            onFocus={TomesPanel.preload}
          >
            Knowledge Tomes
          </Link>
        </nav>
        {loadError && (
          <p className="notice error" role="alert">
            {loadError}
          </p>
        )}
        <UploadStatus names={new Map(datasets.map((dataset) => [dataset.id, dataset.name]))} />
        {tab === 'campaigns' ? (
          <CampaignsTab campaigns={campaigns} datasets={datasets} seats={seats} budgets={seatBudgets} joined={joined} content={content} />
        ) : (
          tomes && <TomesPanel datasets={datasets} view={tomes} />
        )}
      </main>
    </UploadTrackerProvider>
  );
}

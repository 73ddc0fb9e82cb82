import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useNavigate, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { DEFAULT_CONTEXT_LEVEL, isContextLevel, type ContextLevel } from '../../contract/chat';
import { campaignChatSchema, conversationTitleSchema } from '../../contract/chat-forms';
import { CampaignOverview } from '~/components/assistant/campaign-overview';
import { CampaignSidebar } from '~/components/assistant/campaign-sidebar';
import { ChatPanel } from '~/components/assistant/chat-panel';
import { ConversationHistory } from '~/components/assistant/conversation-history';
import { contentAction, loadContentState } from '~/components/content/content-session.server';
import { isContentIntent } from '~/components/content/content-urls';
import { PageHeader } from '~/components/page-header';
import { SwitchForm } from '~/components/seats/view-as-switch';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { latePart } from '~/lib/late-part';
import { requireUser } from '~/lib/session.server';
import { viewAsPlayer } from '~/lib/view-as.server';
import assistantStyles from '~/styles/assistant.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: assistantStyles }];
export const meta: MetaFunction = () => [{ title: 'Campaign Assistant · Tomekeeper' }];

// The Create tab's code (the content creator) loads with the pages that show that tab (ADR 0185),
// once the page is live (ADR 0242).
const CreateTab = latePart('assistant-create-tab', () => import('~/components/content/assistant-create-tab').then((m) => m.AssistantCreateTab));
const preloadCreateTab = () => void import('~/components/content/assistant-create-tab').then((m) => m.AssistantContentCreator.preload());

/** Conversations per page of the history panel. */
const HISTORY_PAGE = 25;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { campaigns: campaignsDomain, chat } = context.domain;
  const url = new URL(request.url);
  const level = url.searchParams.get('level');
  const base = {
    tab: url.searchParams.get('tab') === 'create' ? ('create' as const) : ('chat' as const),
    showHistory: url.searchParams.get('history') === '1',
    contextLevel: isContextLevel(level) ? level : DEFAULT_CONTEXT_LEVEL,
  };
  let campaigns: Awaited<ReturnType<typeof campaignsDomain.listCampaigns>>;
  let tomes: Awaited<ReturnType<typeof context.domain.tomes.listDatasets>>;
  let seats: Awaited<ReturnType<typeof context.domain.seats.listSeats>>;
  try {
    campaigns = await campaignsDomain.listCampaigns(db, user.id);
    tomes = await context.domain.tomes.listDatasets(db, user.id);
    seats = await context.domain.seats.listSeats(db, user.id);
  } catch (error) {
    context.log.error({ err: error }, 'loading campaigns and tomes failed');
    return {
      ...base,
      loadError: 'Failed to load campaigns and datasets',
      campaigns: [],
      played: [],
      tomes: [],
      campaignTomes: [],
      playerView: false,
      selected: null,
      history: null,
      conversation: null,
      conversationError: null,
      content: null,
    };
  }
  // The campaign's material is read through the caller's seat: the GM's own campaigns, or one
  // the caller plays in; a player (or the GM viewing as one) reads only what the GM shows.
  const requested = url.searchParams.get('campaign');
  let access: Awaited<ReturnType<typeof context.domain.ownership.requireCampaignAccess>> | null = null;
  if (requested) {
    try {
      access = await context.domain.ownership.requireCampaignAccess(db, user.id, requested, { viewAsPlayer: viewAsPlayer(request) });
    } catch {
      access = null;
    }
  }
  const playerView = access?.audience === 'player';
  const campaignTomes = access ? await context.domain.tomes.listCampaignTomes(db, access) : [];
  const own = campaigns.find((campaign) => campaign.id === requested) ?? null;
  const selected = !access
    ? null
    : playerView || !own
      ? {
          id: access.campaign.id,
          name: access.campaign.name,
          description: access.campaign.description,
          created_at: access.campaign.created_at.toISOString(),
          datasets: campaignTomes.map((tome) => tome.id),
        }
      : own;
  // The history shows a page at a time; `before` (a cursor from the previous page) asks for older ones.
  const before = url.searchParams.get('before');
  const search = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const history =
    access && base.showHistory
      ? await chat
          .listConversations(db, access, { limit: HISTORY_PAGE, before: before ?? undefined, q: search || undefined })
          .catch(() => chat.listConversations(db, access, { limit: HISTORY_PAGE, q: search || undefined }))
          .then((page) => ({ ...page, before, search }))
      : null;
  const conversationId = url.searchParams.get('conversation');
  let conversation: Awaited<ReturnType<typeof chat.getConversation>> | null = null;
  let conversationError: string | null = null;
  // On the Create Content tab ?conversation names the content conversation (loadContentState).
  if (access && conversationId && base.tab === 'chat') {
    try {
      conversation = await chat.getConversation(db, access, conversationId);
    } catch {
      conversationError = 'Failed to load conversation';
    }
  }
  const content = selected && !playerView && base.tab === 'create' ? await loadContentState(context, user.id, url, [selected], tomes) : null;
  const played = seats.map((seat) => ({ id: seat.campaign_id, name: seat.name, gm: seat.gm_username }));
  return { ...base, loadError: null, campaigns, played, tomes, campaignTomes, playerView, selected, history, conversation, conversationError, content };
}

/** The content forms (the Create Content tab), and the chat form without JavaScript: the whole answer, then back to the conversation. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const form = await readFormOrEmpty(request);
  const intent = String(form.get('intent') ?? '');
  if (isContentIntent(intent)) return contentAction(context, user.id, intent, form, request.url);
  const campaignId = String(form.get('campaign_id') ?? '');
  if (intent === 'rename-conversation' || intent === 'delete-conversation') return conversationAction(context, user.id, intent, form, request);
  // The same schema and parse as POST /api/campaigns/:id/chat; a refusal is shown as the failed turn.
  const submission = parseForm(form, campaignChatSchema);
  const query = String(form.get('query') ?? '');
  const failedTurn = (error: string, status: number) => data({ failedTurn: { query, error, status } }, { status });
  if (submission.status !== 'success') return failedTurn(Object.values(submission.error ?? {}).flat()[0] ?? 'Invalid request', 400);
  const { context_level: level } = submission.value;
  try {
    const { db } = context.services;
    const access = await context.domain.ownership.requireCampaignAccess(db, user.id, campaignId, { viewAsPlayer: viewAsPlayer(request) });
    const answer = await context.domain.chat.askCampaign(db, access, context.services.ai, submission.value);
    return redirect(`/assistant?campaign=${campaignId}&conversation=${answer.conversation_id}&level=${level}`);
  } catch (error) {
    return failedTurn(failureMessage(context, error) ?? 'The assistant could not answer.', statusOf(context, error));
  }
}

/** Rename or delete a conversation from the History panel (plain forms: they work without JavaScript). */
async function conversationAction(
  context: ActionFunctionArgs['context'],
  userId: string,
  intent: 'rename-conversation' | 'delete-conversation',
  form: FormData,
  request: Request,
) {
  const campaignId = String(form.get('campaign_id') ?? '');
  const conversationId = String(form.get('conversation_id') ?? '');
  const refused = (error: string, status: number) => data({ historyError: { conversationId, error } }, { status });
  try {
    const { db } = context.services;
    const access = await context.domain.ownership.requireCampaignAccess(db, userId, campaignId, { viewAsPlayer: viewAsPlayer(request) });
    if (intent === 'rename-conversation') {
      const submission = parseForm(form, conversationTitleSchema);
      if (submission.status !== 'success') return refused(submission.error?.title?.[0] ?? 'Give the conversation a name', 400);
      await context.domain.chat.renameConversation(db, access, conversationId, submission.value);
      return redirect(`/assistant?campaign=${campaignId}&conversation=${conversationId}&history=1`);
    }
    await context.domain.chat.deleteConversation(db, access, conversationId);
    const currentId = String(form.get('current_id') ?? '');
    const shown = currentId && currentId !== conversationId ? `&conversation=${currentId}` : '';
    return redirect(`/assistant?campaign=${campaignId}${shown}&history=1`);
  } catch (error) {
    return refused(failureMessage(context, error) ?? 'The conversation could not be changed.', statusOf(context, error));
  }
}

export default function AssistantPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [contextLevel, setContextLevel] = useState<ContextLevel>(loaded.contextLevel);
  const [chatSession, setChatSession] = useState(0);
  const { selected, campaigns, tomes } = loaded;
  const own = selected !== null && campaigns.some((campaign) => campaign.id === selected.id);

  // The dashboard's 'Open in Assistant' may pass the campaign as route state.
  useEffect(() => {
    const wanted = (location.state as { campaignId?: string } | null)?.campaignId;
    if (wanted && !selected && campaigns.some((campaign) => campaign.id === wanted)) {
      navigate(`/assistant?campaign=${wanted}`, { replace: true });
    }
  }, [location.state, selected, campaigns, navigate]);

  // Links change in other tabs (the dashboard): read them again when the GM comes back.
  useEffect(() => {
    const onFocus = () => revalidator.state === 'idle' && revalidator.revalidate();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [revalidator]);

  const tomeNames = Object.fromEntries(tomes.map((tome) => [tome.id, tome.name]));
  const linkedTomes = loaded.campaignTomes;
  const here = selected ? `/assistant?campaign=${selected.id}` : '/assistant';
  const historyParam = loaded.showHistory ? '&history=1' : '';

  return (
    <main className={selected ? 'page assistant-page with-campaign' : 'page assistant-page'}>
      {/* With a campaign chosen the chat has the screen: the page's title is for screen readers only. */}
      {selected ? (
        <h1 className="sr-only">Campaign Assistant</h1>
      ) : (
        <PageHeader title="Campaign Assistant" subtitle="Ask your campaign’s Knowledge Tomes; every answer cites its sources." />
      )}
      {loaded.loadError && (
        <p className="notice error" role="alert">
          {loaded.loadError}
        </p>
      )}
      <div className="assistant-layout">
        <CampaignSidebar campaigns={campaigns} played={loaded.played} tomeNames={tomeNames} selectedId={selected?.id ?? null} />
        <section className="assistant-main card">
          {!selected ? (
            <div className="empty-state">
              <h2>Choose Your Campaign</h2>
              <p>
                {campaigns.length === 0 && loaded.played.length > 0
                  ? 'Pick a campaign you play in. The assistant reads only what your game master has shared.'
                  : 'Pick a campaign on the left. The assistant reads only the Knowledge Tomes linked to it.'}
              </p>
            </div>
          ) : (
            <>
              {/* One toolbar row: the campaign's name, the tabs, the conversation's controls and the folded
                  campaign context. Narrow screens show the short words (the campaign list names the campaign). */}
              <div className="assistant-toolbar">
                <h2 className="assistant-title">{selected.name}</h2>
                <nav className="tabs" aria-label="Assistant sections">
                  <Link
                    to={`${here}${loaded.conversation ? `&conversation=${loaded.conversation.id}` : ''}${historyParam}`}
                    className={loaded.tab === 'chat' ? 'tab active' : 'tab'}
                    aria-current={loaded.tab === 'chat' ? 'page' : undefined}
                    aria-label="Chat Assistant"
                    preventScrollReset
                  >
                    Chat<span className="wide-words"> Assistant</span>
                  </Link>
                  {!loaded.playerView && (
                    <Link
                      to={`${here}&tab=create`}
                      className={loaded.tab === 'create' ? 'tab active' : 'tab'}
                      aria-current={loaded.tab === 'create' ? 'page' : undefined}
                      aria-label="Create Content"
                      preventScrollReset
                      onPointerEnter={preloadCreateTab}
                      onFocus={preloadCreateTab}
                    >
                      Create<span className="wide-words"> Content</span>
                    </Link>
                  )}
                </nav>
                <Link to={`${here}${historyParam}`} className="button" aria-label="New Conversation" onClick={() => setChatSession((n) => n + 1)} preventScrollReset>
                  New<span className="wide-words"> Conversation</span>
                </Link>
                <Link
                  to={`${here}${loaded.conversation ? `&conversation=${loaded.conversation.id}` : ''}${loaded.showHistory ? '' : '&history=1'}`}
                  className="button"
                  aria-label={loaded.showHistory ? 'Hide History' : 'Show History'}
                  aria-expanded={loaded.showHistory}
                  preventScrollReset
                >
                  <span className="wide-words">{loaded.showHistory ? 'Hide ' : 'Show '}</span>History
                </Link>
                {/* Folded away so the conversation has the screen; one tap opens it. */}
                <details className="assistant-context">
                  <summary aria-label="About this campaign">
                    About<span className="widest-words"> this campaign</span>
                  </summary>
                  <CampaignOverview description={selected.description} tomes={linkedTomes} />
                  {loaded.playerView ? (
                    <p className="notice info assistant-tip">
                      Player view: the assistant reads only what the game master shows players. <Link to={`/play/${selected.id}`}>Browse the campaign</Link>.
                    </p>
                  ) : (
                    <p className="notice info assistant-tip">
                      Tip: the AI only sees the Knowledge Tomes linked to this campaign. Link or unlink tomes on the{' '}
                      <Link to="/dashboard?tab=campaigns">dashboard’s Campaigns tab</Link>.
                    </p>
                  )}
                  {/* On this page the view-as-player switch lives here, so the chat keeps the screen's height. */}
                  {!loaded.playerView && own && (
                    <div className="assistant-view-as">
                      <span className="muted small">See this campaign as your players do:</span>
                      <SwitchForm mode="player" redirectTo={`${location.pathname}${location.search}`} label="View as player" />
                    </div>
                  )}
                </details>
              </div>
              {loaded.history && (
                <ConversationHistory
                  campaignId={selected.id}
                  conversations={loaded.history.conversations}
                  currentId={loaded.conversation?.id ?? null}
                  older={loaded.history.older}
                  isFirstPage={!loaded.history.before}
                  search={loaded.history.search}
                  error={actionData && 'historyError' in actionData ? actionData.historyError : null}
                />
              )}
              {loaded.conversationError && (
                <p className="notice error" role="alert">
                  {loaded.conversationError}
                </p>
              )}
              {loaded.tab === 'chat' || loaded.playerView ? (
                <ChatPanel
                  key={`${selected.id}:${chatSession}`}
                  campaign={selected}
                  conversation={loaded.conversation}
                  contextLevel={contextLevel}
                  onContextLevelChange={setContextLevel}
                  failedTurn={actionData && 'failedTurn' in actionData ? actionData.failedTurn : null}
                  playerView={loaded.playerView}
                />
              ) : (
                loaded.content && <CreateTab campaigns={[selected]} datasets={tomes} initial={loaded.content} />
              )}
            </>
          )}
        </section>
      </div>
    </main>
  );
}

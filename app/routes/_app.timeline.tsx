import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useRouteError,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { useMemo } from 'react';
import { DEFAULT_ZOOM, isZoomLevel, parseTypeFilter, TIMELINE_MESSAGES, type ZoomLevel } from '../../contract/timeline';
import { isoDayNumber, todayIso } from '../../contract/timeline-dates';
import { calendarOf } from '../../contract/calendar';
import { eventFormSchema } from '../../contract/timeline-forms';
import { PageHeader } from '~/components/page-header';
import { ErrorNotice } from '~/components/field-error';
import { DELETE_EVENT, refusal, replyError, SAVE_EVENT } from '~/components/timeline/action-reply';
import { parsePage, timelineHref } from '~/components/timeline/page/timeline-href';
import { TimelineEvents } from '~/components/timeline/page/timeline-events';
import { useEventEditing } from '~/components/timeline/page/use-event-editing';
import { useTimelineView } from '~/components/timeline/page/use-timeline-view';
import { ViewControls } from '~/components/timeline/page/view-controls';
import { TypeLegend } from '~/components/timeline/type-legend';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import type { FormReply } from '~/lib/forms';
import { requireUser } from '~/lib/session.server';
import { viewAsPlayer } from '~/lib/view-as.server';
import { latePart } from '~/lib/late-part';
import { useHydrated } from '~/lib/use-hydrated';
import timelineStylesHref from '~/styles/timeline.css?url';
import { campaignsOfGmScreen } from '~/lib/seats.server';

export const meta: MetaFunction = () => [{ title: 'Campaign Timeline · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: timelineStylesHref }];

// The JavaScript editor (a modal) exists only once the page is live; its code loads then (ADR 0185).
// Before that, "+ Add Event" and "Edit" are links to the server-rendered panel.
// The page's own editor (a panel, opened by ?new=1 or ?edit=…, for use without JavaScript) loads with the pages that show it.
const EventPanel = latePart('timeline-event-panel', () => import('~/components/timeline/page/event-panel').then((m) => m.EventPanel));
const EventDialog = latePart('timeline-event-dialog', () => import('~/components/timeline/event-dialog').then((m) => m.EventDialog));

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { timeline } = context.domain;
  const url = new URL(request.url);
  const zoomParam = url.searchParams.get('zoom');
  const zoom: ZoomLevel = isZoomLevel(zoomParam) ? zoomParam : DEFAULT_ZOOM;
  const type = parseTypeFilter(url.searchParams.get('type'));
  const page = parsePage(url.searchParams.get('page'));

  const { campaigns, requested, selected } = await campaignsOfGmScreen(context, user.id, url, 'timeline');
  const base = {
    campaigns,
    zoom,
    type,
    page,
    campaignMissing: Boolean(requested && selected?.id !== requested),
    today: todayIso(),
    /** Set by the action's redirect after a save or a delete. */
    saved: url.searchParams.get('saved'),
    deleted: url.searchParams.get('deleted') === '1',
  };
  if (!selected) return { ...base, campaignId: null, events: [], documents: [], panel: null, calendar: null, pendingProposals: 0 };

  // The GM's "view as player" switch shows only the events players see.
  const access = await context.domain.ownership.requireCampaignAccess(db, user.id, selected.id, { viewAsPlayer: viewAsPlayer(request) });
  const [events, documents, calendar, proposals] = await Promise.all([
    timeline.listEvents(db, access),
    timeline.timelineDocuments(db, user.id, selected.id),
    context.domain.calendars.getCalendar(db, user.id, selected.id),
    context.domain.proposals.listProposals(db, user.id, selected.id),
  ]);
  const pendingProposals = proposals.filter((proposal) => proposal.status === 'pending').length;
  // Without JavaScript the modal is a page section, opened by ?new=1 or ?edit=<id>.
  const editId = url.searchParams.get('edit');
  const panel =
    url.searchParams.get('new') === '1'
      ? ({ mode: 'create' } as const)
      : editId && events.some((event) => event.id === editId)
        ? ({ mode: 'edit', eventId: editId, confirmDelete: url.searchParams.get('delete') === '1' } as const)
        : null;
  return { ...base, campaignId: selected.id, events, documents, panel, calendar: calendar.definition, pendingProposals };
}

/** Zoom, filter and the no-JS panels change only the view: reload data only for another campaign. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  const sameCampaign = currentUrl.searchParams.get('campaign') === nextUrl.searchParams.get('campaign');
  if (currentUrl.pathname === nextUrl.pathname && sameCampaign && !nextUrl.searchParams.has('new') && !nextUrl.searchParams.has('edit')) {
    return false;
  }
  return defaultShouldRevalidate;
};

/**
 * One action for the plain form (no JavaScript) and the modal's fetcher alike: a save or a
 * delete redirects back to the view (with ?saved= or ?deleted=); a refusal answers the form's
 * reply (FormReply): the field errors beside their fields, the domain's refusal as the form's,
 * and what the GM typed, so nothing is lost.
 */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { timeline } = context.domain;
  const form = await readFormOrEmpty(request);
  const field = (name: string) => String(form.get(name) ?? '');
  const intent = field('intent') === DELETE_EVENT ? DELETE_EVENT : SAVE_EVENT;
  const campaignId = field('campaign');
  const eventId = field('event_id');
  const zoom = field('zoom');
  const view = { campaign: campaignId, zoom: isZoomLevel(zoom) ? zoom : undefined, type: parseTypeFilter(field('type')), page: parsePage(field('page') || null) };
  // The event's fields, read by the event form's schema, the /api body's (contract/timeline-forms.ts).
  const submission = parseForm(form, eventFormSchema);
  try {
    if (intent === DELETE_EVENT) {
      await timeline.deleteEvent(db, user.id, campaignId, eventId);
      return redirect(timelineHref(view, { deleted: '1' }));
    }
    if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
    // An unticked box posts nothing: on this form that means "not shown".
    const input = { ...submission.value, player_visible: submission.value.player_visible ?? false };
    const event = eventId ? await timeline.updateEvent(db, user.id, campaignId, eventId, input) : await timeline.createEvent(db, user.id, campaignId, input);
    // A saved event of another type than the filter shows: show all types, so it is seen.
    const type = view.type === 'all' || view.type === event.event_type ? view.type : 'all';
    return redirect(timelineHref({ ...view, type }, { saved: event.id }));
  } catch (error) {
    return data(refusal(intent, failureMessage(context, error), submission.reply()), { status: statusOf(context, error) });
  }
}

/**
 * With JavaScript, a server that fails outright (a 500, a dropped connection) answers like a
 * refusal instead of replacing the page: the modal stays open with what the GM typed.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    const status = error instanceof Response ? error.status : isRouteErrorResponse(error) ? error.status : null;
    const reason = `the server did not answer${status ? ` (status ${status})` : ''}. What you typed is still here: try again in a moment`;
    // What was typed, as the server's reply would have given it back.
    return refusal(form.get('intent') === DELETE_EVENT ? DELETE_EVENT : SAVE_EVENT, reason, { status: 'error', initialValue: Object.fromEntries(form) });
  }
}

export default function TimelinePage() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { campaigns, campaignId, events, documents, panel } = loaded;
  const calendar = useMemo(() => calendarOf(loaded.calendar), [loaded.calendar]);
  const { zoom, setZoom, type, setType, page, setPage, view, editHref, pageHref } = useTimelineView(loaded);
  const { dialog, openCreate, openEdit, closeDialog, reveal, status } = useEventEditing({ events, calendar, saved: loaded.saved, deleted: loaded.deleted });
  const filtered = useMemo(() => (type === 'all' ? events : events.filter((event) => event.event_type === type)), [events, type]);
  const panelEvent = panel?.mode === 'edit' ? (events.find((event) => event.id === panel.eventId) ?? null) : null;

  return (
    <main className="page timeline-page">
      <PageHeader title="Campaign Timeline" subtitle="The history of your world, from ancient lore to last session.">
        {campaignId && (
          <Link
            to={timelineHref(view, { new: '1' })}
            className="button primary"
            preventScrollReset
            onClick={(click) => {
              // A click React handles (replayed once the page is live, if it came while it hydrated) opens the modal.
              click.preventDefault();
              openCreate();
            }}
          >
            + Add Event
          </Link>
        )}
      </PageHeader>

      {campaignId && (
        <nav className="tl-subnav" aria-label="Timeline tools">
          <Link to={`/timeline/calendar?campaign=${campaignId}`} className="button secondary">
            Calendar: {calendar.name}
          </Link>
          <Link to={`/timeline/proposals?campaign=${campaignId}`} className="button secondary">
            Proposed events{loaded.pendingProposals > 0 ? ` (${loaded.pendingProposals})` : ''}
          </Link>
        </nav>
      )}
      {loaded.campaignMissing && campaignId && <p className="notice info tl-notice">That campaign was not found; showing your first campaign instead.</p>}
      {!panel && <ErrorNotice error={replyError(reply, SAVE_EVENT) ?? replyError(reply, DELETE_EVENT)} />}
      <p className={status ? 'notice success tl-toast' : 'sr-only'} role="status">
        {status ?? (!hydrated && loaded.saved ? 'Event saved' : !hydrated && loaded.deleted ? 'Event deleted' : null)}
      </p>

      {campaigns.length === 0 || !campaignId ? (
        <section className="card empty-state">
          <h2>No campaigns yet</h2>
          <p>A timeline belongs to a campaign. Create one in the Campaign Command Center, then come back to chart its history.</p>
          <Link to="/dashboard?tab=campaigns" className="button primary">
            Go to campaigns
          </Link>
        </section>
      ) : (
        <>
          <ViewControls
            campaigns={campaigns}
            campaignId={campaignId}
            zoom={zoom}
            type={type}
            hydrated={hydrated}
            onCampaign={(id) => navigate(timelineHref({ campaign: id, zoom, type }))}
            onZoom={setZoom}
            onType={setType}
          />
          <TypeLegend events={events} />
          {panel && (
            <EventPanel
              key={`${panel.mode}-${panelEvent?.id ?? 'new'}`}
              mode={panel.mode}
              event={panelEvent}
              confirmDelete={panel.mode === 'edit' && panel.confirmDelete}
              campaignId={campaignId}
              view={view}
              documents={documents}
              today={calendar.format(calendar.fromDay(isoDayNumber(loaded.today)!))}
              calendar={calendar}
              reply={reply}
              hydrated={hydrated}
            />
          )}
          <TimelineEvents
            campaignId={campaignId}
            calendar={calendar}
            events={events}
            filtered={filtered}
            zoom={zoom}
            onZoomChange={setZoom}
            onOpen={openEdit}
            reveal={reveal}
            page={page}
            pageHref={pageHref}
            onPage={setPage}
            editHref={editHref}
            hydrated={hydrated}
          />
          {hydrated && <EventDialog state={dialog} campaignId={campaignId} view={view} documents={documents} calendar={calendar} onClose={closeDialog} />}
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="page">
      <PageHeader title="Campaign Timeline" />
      <section className="card">
        <p className="notice error" role="alert">
          {TIMELINE_MESSAGES.loadFailed}
          {detail ? ` (${detail})` : ''}
        </p>
        <p>
          <Link to="/timeline" className="button secondary" reloadDocument>
            Try again
          </Link>
        </p>
      </section>
    </main>
  );
}

import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TimelineEvent } from '../../server/domain/timeline/timeline';
import {
  DEFAULT_ZOOM,
  EVENT_TYPE_MAP,
  EVENT_TYPES,
  isZoomLevel,
  parseTypeFilter,
  TIMELINE_MESSAGES,
  ZOOM_LABELS,
  ZOOM_LEVELS,
  type TypeFilter,
  type ZoomLevel,
} from '../../contract/timeline';
import { isoDayNumber, todayIso } from '../../contract/timeline-dates';
import { calendarOf, type Calendar } from '../../contract/calendar';
import { PageHeader } from '~/components/page-header';
import type { TimelineActionFailure } from '~/components/timeline/action-result';
import { EventDialog, type EventDialogState } from '~/components/timeline/event-dialog';
import { EventFields, formValuesOf, newEventValues, type EventFormValues } from '~/components/timeline/event-fields';
import { EventList } from '~/components/timeline/event-list';
import { TimelineTrack } from '~/components/timeline/timeline-track';
import { TypeLegend } from '~/components/timeline/type-legend';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { formFields } from '~/lib/form-data';
import { requireUser } from '~/lib/session.server';
import { viewAsPlayer } from '~/lib/view-as.server';
import { useHydrated } from '~/lib/use-hydrated';
import timelineStylesHref from '~/styles/timeline.css?url';

export const meta: MetaFunction = () => [{ title: 'Campaign Timeline · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: timelineStylesHref }];

interface ViewQuery {
  campaign?: string | null;
  zoom?: ZoomLevel;
  type?: TypeFilter;
  /** The page of the event list. */
  page?: number;
}

/** /timeline with the view in the query string; defaults are left out. */
function timelineHref(view: ViewQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (view.campaign) params.set('campaign', view.campaign);
  if (view.zoom && view.zoom !== DEFAULT_ZOOM) params.set('zoom', view.zoom);
  if (view.type && view.type !== 'all') params.set('type', view.type);
  if (view.page && view.page > 1) params.set('page', String(view.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `/timeline?${query}` : '/timeline';
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { campaigns: campaignsDomain, timeline } = context.domain;
  const url = new URL(request.url);
  const zoomParam = url.searchParams.get('zoom');
  const zoom: ZoomLevel = isZoomLevel(zoomParam) ? zoomParam : DEFAULT_ZOOM;
  const type = parseTypeFilter(url.searchParams.get('type'));
  const page = parsePage(url.searchParams.get('page'));

  const campaigns = (await campaignsDomain.listCampaigns(db, user.id)).map(({ id, name }) => ({ id, name }));
  const requested = url.searchParams.get('campaign');
  const selected = campaigns.find((campaign) => campaign.id === requested) ?? campaigns[0] ?? null;
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
 * delete redirects back to the view (with ?saved= or ?deleted=); a refusal answers the
 * failure with what the GM typed, so nothing is lost.
 */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { timeline } = context.domain;
  const form = await request.formData();
  const fields = formFields(form);
  const linked = form.getAll('linked_documents').filter((value): value is string => typeof value === 'string');
  const intent = fields.intent === 'delete' ? ('delete' as const) : ('save' as const);
  const campaignId = fields.campaign ?? '';
  const view = {
    campaign: campaignId,
    zoom: isZoomLevel(fields.zoom) ? fields.zoom : undefined,
    type: parseTypeFilter(fields.type),
    page: parsePage(fields.page ?? null),
  };

  try {
    if (intent === 'delete') {
      const eventId = fields.event_id ?? '';
      await timeline.deleteEvent(db, user.id, campaignId, eventId);
      return redirect(timelineHref(view, { deleted: '1' }));
    }
    const input = {
      title: fields.title ?? '',
      date: fields.date ?? '',
      event_type: fields.event_type ?? '',
      location: fields.location ?? '',
      description: fields.description ?? '',
      participants: fields.participants ?? '',
      tags: fields.tags ?? '',
      linked_documents: linked,
      player_visible: fields.player_visible === 'on',
    };
    const event = fields.event_id
      ? await timeline.updateEvent(db, user.id, campaignId, fields.event_id, input)
      : await timeline.createEvent(db, user.id, campaignId, input);
    // A saved event of another type than the filter shows: show all types, so it is seen.
    const type = view.type === 'all' || view.type === event.event_type ? view.type : 'all';
    return redirect(timelineHref({ ...view, type }, { saved: event.id }));
  } catch (error) {
    const result: TimelineActionFailure = {
      ok: false,
      intent,
      error: intent === 'delete' ? TIMELINE_MESSAGES.deleteFailed : TIMELINE_MESSAGES.saveFailed,
      reason: failureMessage(context, error),
      values: { ...fields, linked_documents: linked },
    };
    return data(result, { status: statusOf(context, error) });
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
    const intent = form.get('intent') === 'delete' ? ('delete' as const) : ('save' as const);
    const status = error instanceof Response ? error.status : isRouteErrorResponse(error) ? error.status : null;
    const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
    const failure: TimelineActionFailure = {
      ok: false,
      intent,
      error: intent === 'delete' ? TIMELINE_MESSAGES.deleteFailed : TIMELINE_MESSAGES.saveFailed,
      reason: `the server did not answer${status ? ` (status ${status})` : ''}. What you typed is still here: try again in a moment`,
      values: { ...fields, linked_documents: form.getAll('linked_documents').filter((value): value is string => typeof value === 'string') },
    };
    return failure;
  }
}

export default function TimelinePage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as TimelineActionFailure | undefined;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { campaigns, campaignId, events, documents, panel } = loaded;
  const calendar = useMemo(() => calendarOf(loaded.calendar), [loaded.calendar]);

  const [zoom, setZoom] = useState<ZoomLevel>(loaded.zoom);
  const [type, setTypeState] = useState<TypeFilter>(loaded.type);
  const [page, setPage] = useState(loaded.page);
  useEffect(() => setZoom(loaded.zoom), [loaded.zoom]);
  useEffect(() => setTypeState(loaded.type), [loaded.type]);
  useEffect(() => setPage(loaded.page), [loaded.page]);
  const setType = useCallback((next: TypeFilter | ((current: TypeFilter) => TypeFilter)) => {
    setTypeState(next);
    setPage(1);
  }, []);

  const [dialog, setDialog] = useState<EventDialogState | null>(null);
  const [reveal, setReveal] = useState<{ id: string; seq: number } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), 3000);
    return () => window.clearTimeout(timer);
  }, [status]);

  const filtered = useMemo(() => (type === 'all' ? events : events.filter((event) => event.event_type === type)), [events, type]);
  const view: ViewQuery = { campaign: campaignId, zoom, type, page };
  // The plain links follow the URL's view, so a zoom in the browser does not re-render the list.
  const urlView = useMemo(
    () => ({ campaign: campaignId, zoom: loaded.zoom, type: loaded.type }),
    [campaignId, loaded.zoom, loaded.type],
  );
  const editHref = useCallback((eventId: string) => timelineHref({ ...urlView, page: loaded.page }, { edit: eventId }), [urlView, loaded.page]);
  const pageHref = useCallback((next: number) => timelineHref({ ...urlView, page: next }), [urlView]);

  const openCreate = () =>
    setDialog({ mode: 'create', today: calendar.format(calendar.fromDay(isoDayNumber(todayIso())!)), seq: Date.now() });
  const openEdit = useCallback(
    (eventId: string) => {
      const event = events.find((candidate) => candidate.id === eventId);
      if (event) setDialog({ mode: 'edit', event, seq: Date.now() });
    },
    [events],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  // The action redirects here after a save (?saved=<id>) or a delete (?deleted=1), with or without JavaScript.
  const location = useLocation();
  useEffect(() => {
    if (loaded.saved) {
      const event = events.find((candidate) => candidate.id === loaded.saved);
      setDialog(null);
      if (event) {
        setReveal({ id: event.id, seq: Date.now() });
        setStatus(`Saved “${event.title}”`);
      }
    } else if (loaded.deleted) {
      setDialog(null);
      setStatus('Event deleted');
    }
  }, [location.key]);

  const panelEvent = panel?.mode === 'edit' ? events.find((event) => event.id === panel.eventId) ?? null : null;

  return (
    <main className="page timeline-page">
      <PageHeader title="Campaign Timeline" subtitle="The history of your world, from ancient lore to last session.">
        {campaignId && (
          <Link
            to={timelineHref(view, { new: '1' })}
            className="button primary"
            preventScrollReset
            onClick={(click) => {
              if (!hydrated) return;
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
      {loaded.campaignMissing && campaignId && (
        <p className="notice info tl-notice">That campaign was not found; showing your first campaign instead.</p>
      )}
      {actionData && !actionData.ok && !panel && (
        <p className="notice error tl-notice" role="alert">
          <strong>{actionData.error}</strong>
          {actionData.reason ? `: ${actionData.reason}` : ''}
        </p>
      )}
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
              failure={actionData && !actionData.ok ? actionData : undefined}
              hydrated={hydrated}
            />
          )}

          {events.length === 0 ? (
            <section className="card empty-state" data-testid="timeline-empty">
              <h2>{TIMELINE_MESSAGES.noEvents}</h2>
              <p>Add the first event: a battle won, a prophecy spoken, an age of the world that ended.</p>
            </section>
          ) : filtered.length === 0 ? (
            <section className="card empty-state" data-testid="timeline-empty">
              <h2>{TIMELINE_MESSAGES.noMatch}</h2>
              <p>Choose another event type, or all types.</p>
            </section>
          ) : (
            <>
              {!hydrated && (
                <>
                  {/* Holds the track's place until it draws, so the page does not jump; hidden without JavaScript. */}
                  <div className="card tl-track-placeholder" aria-hidden="true" />
                  <noscript>
                    <style>{'.tl-track-placeholder{display:none}'}</style>
                  </noscript>
                </>
              )}
              {hydrated && (
                <TimelineTrack
                  key={campaignId}
                  calendar={calendar}
                  events={filtered}
                  zoom={zoom}
                  onZoomChange={setZoom}
                  onOpen={openEdit}
                  reveal={reveal}
                />
              )}
              <EventList
                calendar={calendar}
                events={filtered}
                page={page}
                pageHref={pageHref}
                onPage={hydrated ? setPage : undefined}
                editHref={editHref}
                onEdit={hydrated ? openEdit : undefined}
              />
            </>
          )}

          <EventDialog
            state={dialog}
            campaignId={campaignId}
            view={view}
            documents={documents}
            calendar={calendar}
            onClose={closeDialog}
          />
        </>
      )}
    </main>
  );
}

interface ViewControlsProps {
  campaigns: { id: string; name: string }[];
  campaignId: string;
  zoom: ZoomLevel;
  type: TypeFilter;
  hydrated: boolean;
  onCampaign(id: string): void;
  onZoom(zoom: ZoomLevel): void;
  onType(type: TypeFilter): void;
}

/** Campaign, zoom and type filter: a GET form without JavaScript, live selects with it. */
function ViewControls({ campaigns, campaignId, zoom, type, hydrated, onCampaign, onZoom, onType }: ViewControlsProps) {
  const navigation = useNavigation();
  return (
    <Form
      method="get"
      action="/timeline"
      className="card tl-controls"
      aria-label="Timeline view"
      onSubmit={(submit) => hydrated && submit.preventDefault()}
    >
      <div className="tl-control">
        <label htmlFor="tl-view-campaign">Campaign</label>
        <select
          id="tl-view-campaign"
          name="campaign"
          value={campaignId}
          onChange={(change) => onCampaign(change.target.value)}
          disabled={navigation.state === 'loading'}
        >
          {campaigns.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.name}
            </option>
          ))}
        </select>
      </div>
      <div className="tl-control">
        <label htmlFor="tl-view-zoom">Zoom</label>
        <select
          id="tl-view-zoom"
          name="zoom"
          value={zoom}
          onChange={(change) => onZoom(change.target.value as ZoomLevel)}
        >
          {ZOOM_LEVELS.map((level) => (
            <option key={level} value={level}>
              {ZOOM_LABELS[level]}
            </option>
          ))}
        </select>
      </div>
      <div className="tl-control">
        <label htmlFor="tl-view-type">Event type</label>
        <select
          id="tl-view-type"
          name="type"
          value={type}
          onChange={(change) => onType(parseTypeFilter(change.target.value))}
        >
          <option value="all">All types</option>
          {EVENT_TYPES.map((eventType) => (
            <option key={eventType} value={eventType}>
              {EVENT_TYPE_MAP[eventType].name}
            </option>
          ))}
        </select>
      </div>
      {!hydrated && (
        <button type="submit" className="button secondary">
          Show
        </button>
      )}
    </Form>
  );
}

interface EventPanelProps {
  mode: 'create' | 'edit';
  event: TimelineEvent | null;
  confirmDelete: boolean;
  campaignId: string;
  view: ViewQuery;
  documents: Parameters<typeof EventFields>[0]['documents'];
  today: string;
  calendar: Calendar;
  failure?: TimelineActionFailure;
  hydrated: boolean;
}

/** The event modal as a page section, for browsers without JavaScript (?new=1, ?edit=<id>). */
function EventPanel({ mode, event, confirmDelete, campaignId, view, documents, today, calendar, failure, hydrated }: EventPanelProps) {
  const location = useLocation();
  const [valid, setValid] = useState(true);
  const onValidityChange = useCallback((next: boolean) => setValid(next), []);
  const formAction = `${location.pathname}${location.search}`;
  const initial: EventFormValues = failure?.intent === 'save' ? valuesFromFailure(failure.values) : event ? formValuesOf(event) : newEventValues(today);
  const hidden = (
    <>
      <input type="hidden" name="campaign" value={campaignId} />
      {view.zoom && <input type="hidden" name="zoom" value={view.zoom} />}
      {view.type && <input type="hidden" name="type" value={view.type} />}
      {view.page && view.page > 1 && <input type="hidden" name="page" value={view.page} />}
      {event && <input type="hidden" name="event_id" value={event.id} />}
    </>
  );
  const failureNotice = failure && (
    <p className="notice error" role="alert">
      <strong>{failure.error}</strong>
      {failure.reason ? `: ${failure.reason}` : ''}
    </p>
  );

  return (
    <section className="card tl-panel" aria-labelledby="tl-panel-title" data-testid="event-panel">
      <h2 id="tl-panel-title">{mode === 'edit' ? 'Edit Event' : 'Create New Event'}</h2>
      {confirmDelete && event ? (
        <Form method="post" action={formAction} className="stack">
          <input type="hidden" name="intent" value="delete" />
          {hidden}
          <p className="notice info" role="alert">
            {TIMELINE_MESSAGES.confirmDelete} <strong>{event.title}</strong>
          </p>
          {failureNotice}
          <div className="row">
            <button type="submit" className="button danger">
              Delete event
            </button>
            <Link to={timelineHref(view, { edit: event.id })} className="button secondary">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" action={formAction} className="stack">
          <input type="hidden" name="intent" value="save" />
          {hidden}
          <EventFields
            idPrefix="tl-panel"
            initial={initial}
            calendar={calendar}
            documents={documents}
            onValidityChange={onValidityChange}
            autoFocus
          />
          {failureNotice}
          <div className="row">
            <button type="submit" className="button primary" disabled={hydrated && !valid}>
              {mode === 'edit' ? 'Save Changes' : 'Create Event'}
            </button>
            <Link to={timelineHref(view)} className="button secondary">
              Cancel
            </Link>
            <span className="spacer" />
            {event && (
              <Link to={timelineHref(view, { edit: event.id, delete: '1' })} className="button danger">
                Delete
              </Link>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 && page < 100_000 ? page : 1;
}

function valuesFromFailure(values: Record<string, string | string[]>): EventFormValues {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const linked = values.linked_documents;
  return {
    title: text('title'),
    event_type: text('event_type'),
    date: text('date'),
    location: text('location'),
    description: text('description'),
    participants: text('participants'),
    tags: text('tags'),
    linked_documents: Array.isArray(linked) ? linked : [],
    player_visible: text('player_visible') === 'on',
  };
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


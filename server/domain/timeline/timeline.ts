import type { Kysely } from 'kysely';
import { eventInputSchema, type EventFields, type EventInput, type TimelineDocument, type TimelineEvent } from '../../../contract/api/timeline';
import { eventTypeInfo } from '../../../contract/timeline';
import { formatDay, type Calendar } from '../../../contract/calendar';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../errors';
import { isUuid, linkedDatasetIds, requireOwnedCampaign, type Audience, type CampaignAccess } from '../ownership';
import { calendarFor } from './calendar';
import { cursorColumns, inOrder, type PageRequest, readPage, type SortKey } from '../paging';

export type { EventFields, EventInput, TimelineDocument, TimelineEvent } from '../../../contract/api/timeline';

/**
 * The campaign's events in date order (ties: the one written first comes first). A player (and
 * the GM viewing as one) reads only the events the GM shows, linked only to documents players see.
 */
export async function listEvents(db: Kysely<DB>, access: CampaignAccess): Promise<TimelineEvent[]> {
  return readEvents(db, access.ownerId, access.campaign.id, undefined, access.audience);
}

export async function getEvent(db: Kysely<DB>, userId: string, campaignId: string, eventId: string): Promise<TimelineEvent> {
  await requireOwnedCampaign(db, userId, campaignId);
  await requireEvent(db, userId, campaignId, eventId);
  return (await readEvents(db, userId, campaignId, eventId))[0];
}

export async function createEvent(db: Kysely<DB>, userId: string, campaignId: string, input: EventInput): Promise<TimelineEvent> {
  await requireOwnedCampaign(db, userId, campaignId);
  const fields = eventInputSchema.parse(input);
  const { calendar } = await calendarFor(db, campaignId);
  const day = dayOfInput(calendar, fields);
  const eventId = await db.transaction().execute(async (trx) => {
    const documentIds = await checkLinkedDocuments(trx, userId, campaignId, fields.linked_documents, []);
    return insertEvent(trx, userId, campaignId, fields, day, documentIds);
  });
  return (await readEvents(db, userId, campaignId, eventId))[0];
}

/** The columns an event's fields fill, as written by both a new event and an edit. */
function eventColumns(fields: EventFields, day: number) {
  return {
    title: fields.title,
    description: fields.description,
    event_day: day,
    event_type: fields.event_type,
    location: fields.location,
    participants: JSON.stringify(fields.participants),
    tags: JSON.stringify(fields.tags),
  };
}

/** Writes a checked event and its links (inside the caller's transaction). */
export async function insertEvent(trx: Kysely<DB>, userId: string, campaignId: string, fields: EventFields, day: number, documentIds: string[]): Promise<string> {
  const row = await trx
    .insertInto('timeline_events')
    .values({
      campaign_id: campaignId,
      user_id: userId,
      ...eventColumns(fields, day),
      player_visible: fields.player_visible ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await linkDocuments(trx, row.id, documentIds);
  return row.id;
}

/** PUT semantics: the body replaces every field, linked documents included. */
export async function updateEvent(db: Kysely<DB>, userId: string, campaignId: string, eventId: string, input: EventInput): Promise<TimelineEvent> {
  await requireOwnedCampaign(db, userId, campaignId);
  await requireEvent(db, userId, campaignId, eventId);
  const fields = eventInputSchema.parse(input);
  const { calendar } = await calendarFor(db, campaignId);
  const day = dayOfInput(calendar, fields);
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('timeline_event_documents').select('document_id').where('event_id', '=', eventId).execute();
    const documentIds = await checkLinkedDocuments(
      trx,
      userId,
      campaignId,
      fields.linked_documents,
      current.map((row) => row.document_id),
    );
    await trx
      .updateTable('timeline_events')
      .set({
        ...eventColumns(fields, day),
        ...(fields.player_visible === undefined ? {} : { player_visible: fields.player_visible }),
        updated_at: new Date(),
      })
      .where('id', '=', eventId)
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('timeline_event_documents').where('event_id', '=', eventId).execute();
    await linkDocuments(trx, eventId, documentIds);
  });
  return (await readEvents(db, userId, campaignId, eventId))[0];
}

export async function deleteEvent(db: Kysely<DB>, userId: string, campaignId: string, eventId: string): Promise<void> {
  await requireOwnedCampaign(db, userId, campaignId);
  await requireEvent(db, userId, campaignId, eventId);
  await db.deleteFrom('timeline_events').where('id', '=', eventId).where('user_id', '=', userId).execute();
}

/**
 * The documents of the tomes linked to the campaign, plus any document an event still links
 * from a tome unlinked since (so the modal can show it and let the GM uncheck it).
 */
export async function timelineDocuments(db: Kysely<DB>, userId: string, campaignId: string): Promise<TimelineDocument[]> {
  await requireOwnedCampaign(db, userId, campaignId);
  const datasetIds = await linkedDatasetIds(db, userId, campaignId);
  const rows = await db
    .selectFrom('documents')
    .innerJoin('datasets', 'datasets.id', 'documents.dataset_id')
    .select(['documents.id', 'documents.filename', 'documents.dataset_id', 'documents.status', 'datasets.name as dataset_name'])
    .where('documents.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        ...(datasetIds.length > 0 ? [eb('documents.dataset_id', 'in', datasetIds)] : []),
        eb(
          'documents.id',
          'in',
          eb
            .selectFrom('timeline_event_documents')
            .innerJoin('timeline_events', 'timeline_events.id', 'timeline_event_documents.event_id')
            .select('timeline_event_documents.document_id')
            .where('timeline_events.campaign_id', '=', campaignId),
        ),
      ]),
    )
    .orderBy('datasets.name')
    .orderBy('documents.filename')
    .execute();
  return rows.map((row) => ({ ...row, linkable: datasetIds.includes(row.dataset_id) }));
}

/** The event's day from `date` (read in the campaign's calendar) or `day`; a 400 names what is wrong. */
export function dayOfInput(calendar: Calendar, fields: { date?: string | null; day?: number | null }): number {
  if (fields.date) {
    const parsed = calendar.parse(fields.date);
    if (!parsed.ok) throw badRequest(parsed.problem);
    if (typeof fields.day === 'number' && fields.day !== parsed.day) throw badRequest(`date ${fields.date} and day ${fields.day} are different days`);
    return parsed.day;
  }
  if (typeof fields.day === 'number') {
    if (fields.day < calendar.minDay || fields.day > calendar.maxDay) {
      throw badRequest(`day ${fields.day} is outside the dates ${calendar.name} writes (${calendar.minDay} to ${calendar.maxDay})`);
    }
    return fields.day;
  }
  throw badRequest('Date is required');
}

async function requireEvent(db: Kysely<DB>, userId: string, campaignId: string, eventId: string) {
  const event = isUuid(eventId)
    ? await db
        .selectFrom('timeline_events')
        .select('id')
        .where('id', '=', eventId)
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!event) throw notFound('Event');
}

/**
 * Linked documents must be the caller's and sit in a tome linked to the campaign. Links the
 * event already has are kept even if their tome was unlinked since, so editing another
 * field does not fail. Unknown ids and other users' ids get the same answer.
 */
async function checkLinkedDocuments(db: Kysely<DB>, userId: string, campaignId: string, ids: string[], alreadyLinked: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const refuse = (id: string) => badRequest(`Linked document ${id.slice(0, 64)} is not in a Knowledge Tome linked to this campaign`);
  const malformed = ids.find((id) => !isUuid(id));
  if (malformed !== undefined) throw refuse(malformed);
  const datasetIds = new Set(await linkedDatasetIds(db, userId, campaignId));
  const rows = await db.selectFrom('documents').select(['id', 'dataset_id']).where('id', 'in', ids).where('user_id', '=', userId).execute();
  const found = new Map(rows.map((row) => [row.id, row.dataset_id]));
  for (const id of ids) {
    const datasetId = found.get(id);
    if (datasetId === undefined || (!datasetIds.has(datasetId) && !alreadyLinked.includes(id))) throw refuse(id);
  }
  return ids;
}

async function linkDocuments(db: Kysely<DB>, eventId: string, documentIds: string[]) {
  if (documentIds.length === 0) return;
  await db
    .insertInto('timeline_event_documents')
    .values(documentIds.map((documentId) => ({ event_id: eventId, document_id: documentId })))
    .execute();
}

/** Date order; ties: the one written first comes first. */
const EVENT_ORDER: SortKey[] = [
  { ref: 'event_day', direction: 'asc', type: 'integer' },
  { ref: 'created_at', direction: 'asc', type: 'timestamptz' },
  { ref: 'id', direction: 'asc', type: 'uuid' },
];

function eventsQuery(db: Kysely<DB>, userId: string, campaignId: string, audience: Audience) {
  const query = db
    .selectFrom('timeline_events')
    .select([
      'id',
      'campaign_id',
      'title',
      'description',
      'event_type',
      'location',
      'participants',
      'tags',
      'created_at',
      'updated_at',
      'event_day',
      'player_visible',
    ])
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId);
  return audience === 'player' ? query.where('player_visible', '=', true) : query;
}

/** One page of listEvents, in the same order. */
export async function listEventsPage(db: Kysely<DB>, access: CampaignAccess, page: PageRequest): Promise<{ events: TimelineEvent[]; next_cursor: string | null }> {
  const query = eventsQuery(db, access.ownerId, access.campaign.id, access.audience).select(cursorColumns(EVENT_ORDER));
  const { rows, next_cursor } = await readPage(query, EVENT_ORDER, page);
  return { events: await toEvents(db, access.campaign.id, rows, access.audience, 'these'), next_cursor };
}

export async function readEvents(db: Kysely<DB>, userId: string, campaignId: string, eventId?: string, audience: Audience = 'gm'): Promise<TimelineEvent[]> {
  let query = eventsQuery(db, userId, campaignId, audience);
  if (eventId) query = query.where('id', '=', eventId);
  return toEvents(db, campaignId, await inOrder(query, EVENT_ORDER).execute(), audience, eventId ? 'these' : 'all');
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsQuery>['executeTakeFirstOrThrow']>>;

/** Rows as events: dates in the campaign's calendar, with the documents each links. */
async function toEvents(db: Kysely<DB>, campaignId: string, rows: EventRow[], audience: Audience, only: 'these' | 'all'): Promise<TimelineEvent[]> {
  if (rows.length === 0) return [];
  const { calendar } = await calendarFor(db, campaignId);

  let links = db
    .selectFrom('timeline_event_documents')
    .innerJoin('timeline_events', 'timeline_events.id', 'timeline_event_documents.event_id')
    .select(['timeline_event_documents.event_id', 'timeline_event_documents.document_id'])
    .where('timeline_events.campaign_id', '=', campaignId);
  // A page or one event asks for its own rows' links; the whole timeline for all of the campaign's.
  if (only === 'these') {
    links = links.where(
      'timeline_event_documents.event_id',
      'in',
      rows.map((row) => row.id),
    );
  }
  if (audience === 'player') {
    links = links
      .innerJoin('documents', 'documents.id', 'timeline_event_documents.document_id')
      .where('timeline_events.player_visible', '=', true)
      .where('documents.player_visible', '=', true);
  }
  const linked = new Map<string, string[]>();
  for (const link of await links.orderBy('timeline_event_documents.document_id').execute()) {
    linked.set(link.event_id, [...(linked.get(link.event_id) ?? []), link.document_id]);
  }

  return rows.map((row) => ({
    id: row.id,
    campaign_id: row.campaign_id,
    title: row.title,
    description: row.description,
    date: formatDay(calendar, row.event_day),
    day: row.event_day,
    date_label: calendar.label(row.event_day),
    event_type: row.event_type,
    location: row.location,
    participants: row.participants,
    tags: row.tags,
    linked_documents: linked.get(row.id) ?? [],
    color: eventTypeInfo(row.event_type).color,
    player_visible: row.player_visible,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

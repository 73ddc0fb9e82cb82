import type { Kysely, Selectable } from 'kysely';
import type { Calendar } from '../../../contract/calendar';
import { holdsGmBlocks, playerText } from '../../../contract/gm-blocks';
import { SESSION_NOTES_FILE_TYPES } from '../../../contract/session-files';
import { isShownFlag, SESSION_LIMITS, type SessionInput, type SessionUpdate, sessionFieldsSchema, sessionUpdateSchema } from '../../../contract/sessions';
import { decodeText, looksBinary } from '../ingest/extract/decode';
import type { CampaignSessionsTable, DB } from '../../db/schema';
import { badRequest, DomainError, notFound } from '../errors';
import { type CampaignAccess, isUuid, requireOwnedCampaign } from '../ownership';
import { cursorColumns, inOrder, type Page, type PageRequest, readPage, type SortKey } from '../paging';
import { calendarFor } from '../timeline/calendar';
import { createDateReader } from '../timeline/proposals/in-world-dates';
import { type ProposeResult, proposeFromText } from '../timeline/proposals/proposals';
import type { AiProviders } from '../../ai/providers';
import type { CampaignSession } from '../../../contract/api/sessions';

/**
 * A campaign's sessions (issue 35): numbered, with the real-world day they were played, the
 * in-world day or range they covered (stored as day numbers, read in the campaign's calendar),
 * a title and Markdown notes with `:::gm` blocks. The GM writes them; a player (and the GM
 * viewing as one) reads only the sessions the GM shows, their notes without the GM blocks.
 */
export type { CampaignSession } from '../../../contract/api/sessions';

/** Session 1 first: the list reads as the campaign went. */
const SESSION_ORDER: SortKey[] = [
  { ref: 'campaign_sessions.number', direction: 'asc', type: 'integer' },
  { ref: 'campaign_sessions.id', direction: 'asc', type: 'uuid' },
];

type SessionRow = Selectable<CampaignSessionsTable>;

function sessionsQuery(db: Kysely<DB>, access: CampaignAccess) {
  const query = db.selectFrom('campaign_sessions').selectAll('campaign_sessions').where('campaign_sessions.campaign_id', '=', access.campaign.id);
  return access.audience === 'player' ? query.where('campaign_sessions.player_visible', '=', true) : query;
}

const isoDate = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

function toSession(row: SessionRow, calendar: Calendar, access: CampaignAccess): CampaignSession {
  const forPlayer = access.audience === 'player';
  const start = row.world_start_day;
  const end = row.world_end_day;
  const label = start === null ? null : end === null || end === start ? calendar.label(start) : `${calendar.label(start)} – ${calendar.label(end)}`;
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    number: row.number,
    played_on: isoDate(row.played_on),
    world_start: start === null ? null : calendar.format(calendar.fromDay(start)),
    world_end: end === null ? null : calendar.format(calendar.fromDay(end)),
    world_start_day: start,
    world_end_day: end,
    world_label: label,
    title: row.title,
    notes: forPlayer ? playerText(row.notes, 'md') : row.notes,
    notes_hold_gm_blocks: !forPlayer && holdsGmBlocks(row.notes, 'md'),
    player_visible: row.player_visible,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listSessions(db: Kysely<DB>, access: CampaignAccess): Promise<CampaignSession[]> {
  const { calendar } = await calendarFor(db, access.campaign.id);
  const rows = await inOrder(sessionsQuery(db, access), SESSION_ORDER).execute();
  return rows.map((row) => toSession(row, calendar, access));
}

/** One page of listSessions, in the same order. */
export async function listSessionsPage(db: Kysely<DB>, access: CampaignAccess, page: PageRequest): Promise<Page<CampaignSession>> {
  const { calendar } = await calendarFor(db, access.campaign.id);
  const { rows, next_cursor } = await readPage(sessionsQuery(db, access).select(cursorColumns(SESSION_ORDER)), SESSION_ORDER, page);
  return { items: rows.map((row) => toSession(row, calendar, access)), next_cursor };
}

/** A session the caller may read; another campaign's, a hidden one (for a player) or a missing one: 404. */
export async function getSession(db: Kysely<DB>, access: CampaignAccess, sessionId: string): Promise<CampaignSession> {
  const row = isUuid(sessionId) ? await sessionsQuery(db, access).where('campaign_sessions.id', '=', sessionId).executeTakeFirst() : undefined;
  if (!row) throw notFound('Session');
  const { calendar } = await calendarFor(db, access.campaign.id);
  return toSession(row, calendar, access);
}

/**
 * An in-world date as the GM writes it: the calendar's YEAR-MONTH-DAY form, or any way the
 * session-log reader understands ("28 Flamerule 1372", "Shieldmeet 1372 DR").
 */
export function readWorldDate(calendar: Calendar, text: string, field: string): number {
  const parsed = calendar.parse(text);
  if (parsed.ok) return parsed.day;
  const found = createDateReader(calendar)(text, null);
  if (found?.absolute) return found.day;
  throw badRequest(`${field}: ${parsed.problem} (or as the calendar writes it, like "${calendar.label(calendar.toDay({ year: 1, month: 1, day: 1 }))}")`);
}

function worldDays(calendar: Calendar, startText: string | null | undefined, endText: string | null | undefined) {
  const start = startText ? readWorldDate(calendar, startText, 'world_start') : null;
  const end = endText ? readWorldDate(calendar, endText, 'world_end') : null;
  if (end !== null && start === null) throw badRequest('world_end needs a world_start to start from');
  if (start !== null && end !== null && end < start) throw badRequest('world_end is before world_start');
  return { world_start_day: start, world_end_day: end === start ? null : end };
}

function playedOn(text: string | null | undefined): string | null {
  if (!text) return null;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) throw badRequest(`played_on: ${text} is not a date`);
  return text;
}

const isNumberTaken = (error: unknown) =>
  error instanceof Error && /campaign_sessions_campaign_id_number_key|duplicate key/.test(`${error.message} ${(error as { detail?: string }).detail ?? ''}`);

async function gmAccess(db: Kysely<DB>, userId: string, campaignId: string): Promise<CampaignAccess> {
  const campaign = await requireOwnedCampaign(db, userId, campaignId);
  return { campaign, role: 'gm', audience: 'gm', ownerId: userId, userId };
}

/** Adds a session (numbered after the last one unless a number is given). GM only. */
export async function createSession(db: Kysely<DB>, userId: string, campaignId: string, input: SessionInput): Promise<CampaignSession> {
  const fields = sessionFieldsSchema.parse(input);
  const access = await gmAccess(db, userId, campaignId);
  const { calendar } = await calendarFor(db, campaignId);
  const days = worldDays(calendar, fields.world_start, fields.world_end);
  const played = playedOn(fields.played_on);
  let number = fields.number ?? null;
  if (number === null) {
    const last = await db
      .selectFrom('campaign_sessions')
      .select((eb) => eb.fn.max('number').as('last'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    number = Number(last?.last ?? 0) + 1;
  }
  try {
    const row = await db
      .insertInto('campaign_sessions')
      .values({
        campaign_id: campaignId,
        number,
        played_on: played,
        ...days,
        title: fields.title,
        notes: fields.notes ?? '',
        player_visible: isShownFlag(fields.player_visible) ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSession(row, calendar, access);
  } catch (error) {
    if (isNumberTaken(error)) throw new DomainError(409, `There is already a session ${number} in this campaign`);
    throw error;
  }
}

/** Changes the fields given; the others stay. GM only. */
export async function updateSession(db: Kysely<DB>, userId: string, campaignId: string, sessionId: string, input: SessionUpdate): Promise<CampaignSession> {
  const fields = sessionUpdateSchema.parse(input ?? {});
  const access = await gmAccess(db, userId, campaignId);
  const current = await getSession(db, access, sessionId);
  const { calendar } = await calendarFor(db, campaignId);
  const startText = fields.world_start === undefined ? current.world_start : fields.world_start;
  const endText = fields.world_end === undefined ? current.world_end : fields.world_end;
  const days = worldDays(calendar, startText, endText);
  const changes: Partial<Record<string, unknown>> = { ...days, updated_at: new Date() };
  if (fields.number != null) changes.number = fields.number;
  if (fields.title !== undefined) changes.title = fields.title;
  if (fields.notes !== undefined) changes.notes = fields.notes;
  if (fields.played_on !== undefined) changes.played_on = playedOn(fields.played_on);
  const shown = isShownFlag(fields.player_visible);
  if (shown !== undefined) changes.player_visible = shown;
  try {
    const row = await db
      .updateTable('campaign_sessions')
      .set(changes)
      .where('id', '=', current.id)
      .where('campaign_id', '=', campaignId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Session');
    return toSession(row, calendar, access);
  } catch (error) {
    if (isNumberTaken(error)) throw new DomainError(409, `There is already a session ${fields.number} in this campaign`);
    throw error;
  }
}

/** Deletes a session and the proposals read from its notes (accepted events stay). GM only. */
export async function deleteSession(db: Kysely<DB>, userId: string, campaignId: string, sessionId: string): Promise<void> {
  await requireOwnedCampaign(db, userId, campaignId);
  const deleted = isUuid(sessionId)
    ? await db.deleteFrom('campaign_sessions').where('id', '=', sessionId).where('campaign_id', '=', campaignId).executeTakeFirst()
    : undefined;
  if (!deleted || Number(deleted.numDeletedRows) === 0) throw notFound('Session');
}

/**
 * The in-world day a session's undated passages fall back to: its own in-world date, else the
 * day after the last in-world day of the session before it, else null (the timeline decides).
 */
export async function sessionFallbackDay(db: Kysely<DB>, campaignId: string, session: { number: number; world_start_day: number | null }): Promise<number | null> {
  if (session.world_start_day !== null) return session.world_start_day;
  const previous = await db
    .selectFrom('campaign_sessions')
    .select(['world_start_day', 'world_end_day'])
    .where('campaign_id', '=', campaignId)
    .where('number', '<', session.number)
    .where('world_start_day', 'is not', null)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  const last = previous?.world_end_day ?? previous?.world_start_day;
  return last === null || last === undefined ? null : last + 1;
}

/**
 * Proposes timeline events from a session's notes with the proposal engine (the GM reviews them
 * on the proposals page). Undated passages fall on the session's in-world date, else the day
 * after the previous session's, else the timeline's fallback: never today's real date.
 */
export async function proposeFromSession(db: Kysely<DB>, ai: AiProviders, userId: string, campaignId: string, sessionId: string): Promise<ProposeResult> {
  const access = await gmAccess(db, userId, campaignId);
  const row = isUuid(sessionId) ? await sessionsQuery(db, access).where('campaign_sessions.id', '=', sessionId).executeTakeFirst() : undefined;
  if (!row) throw notFound('Session');
  if (!row.notes.trim()) throw badRequest(`Session ${row.number} has no notes to read yet: write or upload them first`);
  return proposeFromText(db, ai, userId, campaignId, { session_id: row.id }, row.notes, await sessionFallbackDay(db, campaignId, row));
}

/** The largest notes file a session's form takes (its text must also fit SESSION_LIMITS.notes). */
export const SESSION_NOTES_FILE_BYTES = 1024 * 1024;

/**
 * A session log uploaded in place of typed notes (.md, .txt, .log): its text, decoded as the
 * tomes' text formats are (UTF-8, UTF-16 with a BOM, else Windows-1252); anything else a 400.
 */
export function sessionNotesFromFile(filename: string, bytes: Uint8Array): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (!(SESSION_NOTES_FILE_TYPES as readonly string[]).includes(extension)) {
    throw badRequest(
      `Session notes come from a text file (${SESSION_NOTES_FILE_TYPES.map((type) => `.${type}`).join(', ')}); ${filename || 'this file'} is not one`,
    );
  }
  if (bytes.byteLength > SESSION_NOTES_FILE_BYTES)
    throw new DomainError(413, `${filename} is larger than ${SESSION_NOTES_FILE_BYTES / 1024 / 1024} MB: split the log and paste the rest`);
  const { text } = decodeText(bytes);
  if (looksBinary(text)) throw badRequest(`${filename} does not read as text: save it as plain text or Markdown and upload it again`);
  if (text.length > SESSION_LIMITS.notes) throw badRequest(`${filename} is longer than ${SESSION_LIMITS.notes.toLocaleString('en')} characters: split the log`);
  return text.replace(/\r\n?/g, '\n');
}

import { untrustedJsonProblem } from '../../text/untrusted-json';
import type { Kysely } from 'kysely';
import { calendarOf, calendarProblem, normalizeCalendar, type Calendar, type CalendarDefinition } from '../../../contract/calendar';
import type { CampaignCalendar } from '../../../contract/api/timeline';
import type { DB } from '../../db/schema';
import { badRequest } from '../errors';
import { requireOwnedCampaign } from '../ownership';
import { exportFantasyCalendar, importFantasyCalendar } from './fantasy-calendar';

export type { CampaignCalendar } from '../../../contract/api/timeline';

/** The campaign's calendar, for reading and writing dates (ownership checked by the caller). */
export async function calendarFor(db: Kysely<DB>, campaignId: string): Promise<{ calendar: Calendar; stored: CampaignCalendar }> {
  const row = await db.selectFrom('campaign_calendars').select(['definition', 'source']).where('campaign_id', '=', campaignId).executeTakeFirst();
  const definition = row ? (row.definition as CalendarDefinition) : null;
  const calendar = calendarOf(definition);
  return {
    calendar,
    stored: { kind: calendar.kind, name: calendar.name, definition, imported: Boolean(row?.source) },
  };
}

export async function getCalendar(db: Kysely<DB>, userId: string, campaignId: string): Promise<CampaignCalendar> {
  await requireOwnedCampaign(db, userId, campaignId);
  return (await calendarFor(db, campaignId)).stored;
}

/**
 * Sets (or, with null, removes) the campaign's own calendar. Events keep their day numbers,
 * so each stays on its day; a calendar that cannot write one of them is refused.
 */
export async function setCalendar(
  db: Kysely<DB>,
  userId: string,
  campaignId: string,
  input: unknown,
  source: Record<string, unknown> | null = null,
): Promise<CampaignCalendar> {
  await requireOwnedCampaign(db, userId, campaignId);
  let definition: CalendarDefinition | null = null;
  if (input !== null) {
    const problem = calendarProblem(input);
    if (problem) throw badRequest(problem);
    definition = normalizeCalendar(input as CalendarDefinition);
  }
  const calendar = calendarOf(definition);
  await db.transaction().execute(async (trx) => {
    const span = await trx
      .selectFrom('timeline_events')
      .select((eb) => [eb.fn.min('event_day').as('first'), eb.fn.max('event_day').as('last'), eb.fn.countAll().as('count')])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const first = span.first === null ? null : Number(span.first);
    const last = span.last === null ? null : Number(span.last);
    if ((first !== null && first < calendar.minDay) || (last !== null && last > calendar.maxDay)) {
      throw badRequest(
        `${calendar.name} cannot write every event of this campaign: its dates run from ${calendar.label(calendar.minDay)} to ${calendar.label(calendar.maxDay)}`,
      );
    }
    if (definition === null) {
      await trx.deleteFrom('campaign_calendars').where('campaign_id', '=', campaignId).execute();
      return;
    }
    const values = { definition: JSON.stringify(definition), updated_at: new Date() };
    // An edit keeps the imported file, so an export still carries what we do not model (its events, seasons, clock).
    const imported = source ? { source: JSON.stringify(source) } : {};
    await trx
      .insertInto('campaign_calendars')
      .values({ campaign_id: campaignId, user_id: userId, ...values, ...imported })
      .onConflict((oc) => oc.column('campaign_id').doUpdateSet({ ...values, ...imported }))
      .execute();
  });
  return (await calendarFor(db, campaignId)).stored;
}

/** Largest Fantasy-Calendar.com export accepted (real ones with many events run to a few hundred KB). */
export const IMPORT_MAX_BYTES = 2_000_000;

export async function importCalendar(db: Kysely<DB>, userId: string, campaignId: string, document: unknown): Promise<CampaignCalendar> {
  await requireOwnedCampaign(db, userId, campaignId);
  const current = (await calendarFor(db, campaignId)).stored.definition;
  // Keep the campaign's alignment with the Gregorian days when it already has a calendar.
  const imported = importFantasyCalendar(document, current?.epoch);
  return setCalendar(db, userId, campaignId, imported.definition, imported.source);
}

/** Reads an uploaded file's text as an export; a 400 names what is wrong. */
export function parseCalendarFile(text: string): unknown {
  if (text.length > IMPORT_MAX_BYTES) throw badRequest(`The calendar file is too large (${IMPORT_MAX_BYTES / 1_000_000} MB at most)`);
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest('The calendar file is not JSON: export it from Fantasy-Calendar.com with "Export JSON"');
  }
  // The same check every /api body passes (server/http/input-guard.ts).
  const problem = untrustedJsonProblem(document);
  if (problem) throw badRequest(problem);
  return document;
}

export async function exportCalendar(db: Kysely<DB>, userId: string, campaignId: string): Promise<Record<string, unknown>> {
  await requireOwnedCampaign(db, userId, campaignId);
  const row = await db.selectFrom('campaign_calendars').select(['definition', 'source']).where('campaign_id', '=', campaignId).executeTakeFirst();
  if (!row) throw badRequest('This campaign uses the Gregorian calendar; define or import a calendar to export it');
  return exportFantasyCalendar(row.definition as CalendarDefinition, row.source);
}

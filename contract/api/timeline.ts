import { z } from 'zod';
import type { CalendarDefinition } from '../calendar';
import { type EventFields, type EventInput, eventFieldsSchema } from '../timeline-forms';
import { timestamp } from './shared';

/** The timeline's /api shapes (ADR 0328): events, the documents they link, the calendar, proposals. */

/** The body of POST and PUT .../timeline/events: the spec's event fields plus linked_documents (contract/timeline-forms.ts, shared with the event form). */
export const eventInputSchema = eventFieldsSchema;
export type { EventFields, EventInput };

const eventTypeSchema = z.object({ name: z.string(), color: z.string(), icon: z.string() });
export const eventTypesResponse = z.object({
  event_types: z.record(z.string(), eventTypeSchema),
  fallback: eventTypeSchema.describe('For an event whose type is not in the map'),
});

export const timelineEventSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string().describe("In the campaign's calendar; Gregorian: ISO 8601 with astronomical years: '1492-10-12', '-0500-03-01' (501 BC), '+12000-01-01'"),
  day: z.number().int().describe('Days since 1970-01-01 (proleptic Gregorian): the same day in every calendar'),
  date_label: z.string().describe("How the date reads: '12 October 1492', 'Midwinter, 1372 DR'"),
  event_type: z.string(),
  location: z.string(),
  participants: z.array(z.string()),
  tags: z.array(z.string()),
  linked_documents: z.array(z.string()),
  color: z.string(),
  player_visible: z.boolean().describe("Shown to the campaign's players (false: GM-only)"),
  created_at: timestamp,
  updated_at: timestamp,
});
export const timelineDocumentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  status: z.string(),
  linkable: z.boolean(),
});

export const calendarDefinitionSchema = z
  .object({
    name: z.string(),
    months: z.array(z.object({ name: z.string(), length: z.number().int(), intercalary: z.boolean().optional() })),
    weekdays: z.array(z.string()),
    first_weekday: z.number().int().describe("0-based index into weekdays of year 1's first day"),
    week_resets_each_month: z.boolean(),
    leap_days: z.array(
      z.object({
        name: z.string(),
        month: z.number().int().describe('0-based index into months'),
        after_day: z
          .number()
          .int()
          .optional()
          .describe("An intercalary leap day's place in its month: after this many of its days (0: before the first); absent: at its end"),
        rules: z.array(z.object({ every: z.number().int(), leap: z.boolean() })).describe('Every 4 years (leap), except every 100 (not), ...'),
        offset: z.number().int(),
        intercalary: z.boolean().optional().describe('A day outside the week that reads by its own name (Shieldmeet, Holiday)'),
      }),
    ),
    eras: z.array(z.object({ name: z.string(), abbreviation: z.string(), start_year: z.number().int(), restart: z.boolean() })),
    moons: z.array(z.object({ name: z.string(), cycle: z.number(), shift: z.number(), phases: z.number().int() })),
    epoch: z.number().int().describe('Day number (days since 1970-01-01, proleptic Gregorian) of year 1, month 1, day 1'),
    year_zero_exists: z.boolean().optional().describe('false: no year 0, the year written -1 is followed by year 1 (absent: true)'),
  })
  .describe('contract/calendar/definition.ts') satisfies z.ZodType<CalendarDefinition>;
export const campaignCalendarSchema = z.object({
  kind: z.enum(['gregorian', 'custom']),
  name: z.string(),
  definition: calendarDefinitionSchema.nullable().describe('null: the proleptic Gregorian calendar'),
  imported: z.boolean(),
});

/** An event as every door answers it. */
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
/** A document the event modal offers (or still shows, when its tome has been unlinked since); only `linkable` ones may be newly linked. */
export type TimelineDocument = z.infer<typeof timelineDocumentSchema>;
/** What the API and the screens receive: the definition (null for the default Gregorian calendar). */
export type CampaignCalendar = z.infer<typeof campaignCalendarSchema>;

export const timelineEventsResponse = z.object({
  events: z.array(timelineEventSchema).describe('Ordered by date'),
  next_cursor: z.string().nullable().optional().describe('Only when paging (limit or cursor given): the next page, or null on the last'),
});

export const timelineDocumentsResponse = z.array(timelineDocumentSchema);

export const setCalendarBodySchema = z.object({ definition: z.unknown().describe('A calendar definition, or null') });
/** The body of an import is the Fantasy-Calendar.com document itself, checked by the domain. */
export const calendarImportBodySchema = z.unknown();
/** A Fantasy-Calendar.com JSON export. */
export const calendarExportSchema = z.record(z.string(), z.unknown());

export const campaignParams = z.object({ id: z.string() });
export const eventParams = z.object({ id: z.string(), eventId: z.string() });
export const proposalParams = z.object({ id: z.string(), proposalId: z.string() });

export const timelineProposalSchema = z.object({
  id: z.string(),
  document_id: z.string().nullable().describe("The document the passage is in; null for a session's notes"),
  session_id: z.string().nullable().describe('The session whose notes hold the passage; null for a document'),
  filename: z.string().describe('The document, or the session ("Session 4: The Drowned Bell")'),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  day: z.number().int(),
  date_label: z.string(),
  estimated: z.boolean().describe('No in-world date in the text: placed by the session order'),
  event_type: z.string(),
  color: z.string(),
  location: z.string(),
  participants: z.array(z.string()),
  quote: z.string().describe('The cited passage'),
  start: z.number().int().describe("Character offset of the quote in the document's stored text (or the session's notes)"),
  end: z.number().int(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  event_id: z.string().nullable(),
  engine: z.string(),
  matches_event: z
    .object({ id: z.string(), title: z.string(), date_label: z.string() })
    .nullable()
    .describe('A pending proposal that tells of an event already on the timeline; accept with merge_into to link it there instead of adding a duplicate'),
});
export type TimelineProposal = z.infer<typeof timelineProposalSchema>;

export const proposeResultSchema = z.object({
  engine: z.enum(['claude', 'openai', 'offline']),
  created: z.number().int(),
  proposals: z.array(timelineProposalSchema),
});
/** `created`: proposals new this time; passages proposed before (accepted, rejected or pending) are not proposed again. */
export type ProposeResult = z.infer<typeof proposeResultSchema>;

export const timelineProposalsResponse = z.object({ proposals: z.array(timelineProposalSchema) });

export const proposeBodySchema = z.object({ document_id: z.string({ error: 'document_id is required' }) });

export const acceptAllBodySchema = z
  .object({
    document_id: z.string({ error: 'document_id must be text' }).nullish(),
    session_id: z.string({ error: 'session_id must be text' }).nullish().describe("Only the proposals read from this session's notes"),
    player_visible: z.boolean({ error: 'player_visible must be true or false' }).nullish(),
  })
  .nullish();
export const acceptAllResultSchema = z.object({ accepted: z.number().int(), merged: z.number().int() });

export { acceptProposalBodySchema, type AcceptProposalInput } from '../timeline-forms';

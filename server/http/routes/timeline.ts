import { z } from 'zod';
import { EVENT_TYPE_MAP, FALLBACK_EVENT_TYPE } from '../../../contract/timeline';
import { createEvent, deleteEvent, eventInputSchema, listEvents, listEventsPage, timelineDocuments, updateEvent } from '../../domain/timeline/timeline';
import { acceptAllProposals, acceptProposal, listProposals, proposeEvents, rejectProposal } from '../../domain/timeline/proposals/proposals';
import { exportCalendar, getCalendar, importCalendar, setCalendar } from '../../domain/timeline/calendar';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import { pageQuerySchema, wantsPage } from '../../domain/paging';
import { errorResponse, timestamp, type ZodApi } from '../zod-schemas';
import { contentDisposition } from '../file-delivery';

const eventTypeSchema = z.object({ name: z.string(), color: z.string(), icon: z.string() });
const eventTypesResponse = z.object({
  event_types: z.record(z.string(), eventTypeSchema),
  fallback: eventTypeSchema.describe('For an event whose type is not in the map'),
});

const eventSchema = z.object({
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
const documentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  status: z.string(),
  linkable: z.boolean(),
});

const calendarDefinitionSchema = z
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
  .describe('contract/calendar/definition.ts');
const calendarSchema = z.object({
  kind: z.enum(['gregorian', 'custom']),
  name: z.string(),
  definition: calendarDefinitionSchema.nullable().describe('null: the proleptic Gregorian calendar'),
  imported: z.boolean(),
});

const campaignParams = z.object({ id: z.string() });
const eventParams = z.object({ id: z.string(), eventId: z.string() });

export async function timelineRoutes(app: ZodApi, services: Services) {
  const { db, ai } = services;
  const tags = ['timeline'];

  app.get(
    '/api/timeline/event-types',
    { schema: { operationId: 'listEventTypes', summary: 'The timeline event types and their colours', tags, response: { 200: eventTypesResponse } } },
    async () => ({
      event_types: EVENT_TYPE_MAP,
      fallback: FALLBACK_EVENT_TYPE,
    }),
  );

  app.get(
    '/api/campaigns/:id/timeline',
    {
      schema: {
        operationId: 'listTimelineEvents',
        summary: "A campaign's timeline events, in date order",
        description: 'Without `limit` and `cursor`: every event. With either: one page, and `next_cursor` (null on the last page).',
        tags,
        params: campaignParams,
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            events: z.array(eventSchema).describe('Ordered by date'),
            next_cursor: z.string().nullable().optional().describe('Only when paging (limit or cursor given): the next page, or null on the last'),
          }),
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const access = await campaignAccessOf(services, request, request.params.id);
      return wantsPage(request.query) ? listEventsPage(db, access, request.query) : { events: await listEvents(db, access) };
    },
  );

  app.get(
    '/api/campaigns/:id/timeline/documents',
    {
      schema: {
        operationId: 'listTimelineDocuments',
        summary: 'Documents a timeline event may link',
        tags,
        description: "Documents an event may link: those in the campaign's linked tomes (and any still linked from an unlinked tome).",
        params: campaignParams,
        response: { 200: z.array(documentSchema), 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return timelineDocuments(db, currentUser(request).id, id);
    },
  );

  app.post(
    '/api/campaigns/:id/timeline/events',
    {
      schema: {
        operationId: 'createTimelineEvent',
        summary: 'Add a timeline event',
        tags,
        params: campaignParams,
        body: eventInputSchema,
        response: { 201: eventSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const event = await createEvent(db, currentUser(request).id, id, request.body);
      return reply.status(201).send(event);
    },
  );

  app.put(
    '/api/campaigns/:id/timeline/events/:eventId',
    {
      schema: {
        operationId: 'updateTimelineEvent',
        summary: 'Change a timeline event',
        tags,
        params: eventParams,
        body: eventInputSchema,
        response: { 200: eventSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, eventId } = request.params;
      return updateEvent(db, currentUser(request).id, id, eventId, request.body);
    },
  );

  app.delete(
    '/api/campaigns/:id/timeline/events/:eventId',
    {
      schema: {
        operationId: 'deleteTimelineEvent',
        summary: 'Delete a timeline event',
        tags,
        params: eventParams,
        response: { 200: z.object({ deleted: z.string() }), 404: errorResponse },
      },
    },
    async (request) => {
      const { id, eventId } = request.params;
      await deleteEvent(db, currentUser(request).id, id, eventId);
      return { deleted: eventId };
    },
  );

  app.get(
    '/api/campaigns/:id/calendar',
    {
      schema: {
        operationId: 'getCalendar',
        summary: "A campaign's calendar",
        tags,
        description: "The campaign's calendar (definition null: proleptic Gregorian).",
        params: campaignParams,
        response: { 200: calendarSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Players read the calendar their timeline is written in; only the GM changes it.
      const access = await campaignAccessOf(services, request, id);
      return getCalendar(db, access.ownerId, id);
    },
  );

  app.put(
    '/api/campaigns/:id/calendar',
    {
      schema: {
        operationId: 'setCalendar',
        summary: "Set a campaign's calendar",
        tags,
        description: "Sets the campaign's own calendar ({ definition: null } returns to the Gregorian one). Every event stays on its day.",
        params: campaignParams,
        body: z.object({ definition: z.unknown().describe('A calendar definition, or null') }),
        response: { 200: calendarSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { definition } = request.body;
      return setCalendar(db, currentUser(request).id, id, definition ?? null);
    },
  );

  app.post(
    '/api/campaigns/:id/calendar/import',
    {
      schema: {
        operationId: 'importCalendar',
        summary: 'Import a Fantasy-Calendar.com calendar',
        tags,
        description: 'Imports a Fantasy-Calendar.com JSON export (the body is the exported document).',
        params: campaignParams,
        body: z.unknown(),
        response: { 200: calendarSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return importCalendar(db, currentUser(request).id, id, request.body);
    },
  );

  app.get(
    '/api/campaigns/:id/calendar/export',
    {
      schema: {
        operationId: 'exportCalendar',
        summary: 'Export the calendar for Fantasy-Calendar.com',
        tags,
        description: 'The calendar as a Fantasy-Calendar.com JSON export.',
        params: campaignParams,
        response: { 200: z.record(z.string(), z.unknown()), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const document = await exportCalendar(db, currentUser(request).id, id);
      const filename = `${
        String(document.name ?? 'calendar')
          .replace(/[^A-Za-z0-9 _-]+/g, '')
          .trim()
          .replace(/\s+/g, '-') || 'calendar'
      }.json`;
      return reply.header('content-disposition', contentDisposition(filename, false)).send(document);
    },
  );

  const proposalSchema = z.object({
    id: z.string(),
    document_id: z.string(),
    filename: z.string(),
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
    start: z.number().int().describe("Character offset of the quote in the document's stored text"),
    end: z.number().int(),
    status: z.enum(['pending', 'accepted', 'rejected']),
    event_id: z.string().nullable(),
    engine: z.string(),
    matches_event: z
      .object({ id: z.string(), title: z.string(), date_label: z.string() })
      .nullable()
      .describe('A pending proposal that tells of an event already on the timeline; accept with merge_into to link it there instead of adding a duplicate'),
  });
  const proposalParams = z.object({ id: z.string(), proposalId: z.string() });

  app.get(
    '/api/campaigns/:id/timeline/proposals',
    {
      schema: {
        operationId: 'listTimelineProposals',
        summary: 'Events proposed from session notes',
        tags,
        description: 'Events proposed from session notes, with their review status.',
        params: campaignParams,
        response: { 200: z.object({ proposals: z.array(proposalSchema) }), 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { proposals: await listProposals(db, currentUser(request).id, id) };
    },
  );

  app.post(
    '/api/campaigns/:id/timeline/proposals',
    {
      schema: {
        operationId: 'proposeTimelineEvents',
        summary: 'Propose events from a session log or notes',
        tags,
        description: "Reads a session log or notes document from a linked tome and proposes its events (the model's tool call, or the offline engine).",
        params: campaignParams,
        body: z.object({ document_id: z.string({ error: 'document_id is required' }) }),
        response: {
          200: z.object({ engine: z.enum(['claude', 'openai', 'offline']), created: z.number().int(), proposals: z.array(proposalSchema) }),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { document_id } = request.body;
      return proposeEvents(db, ai, currentUser(request).id, id, document_id);
    },
  );

  app.post(
    '/api/campaigns/:id/timeline/proposals/accept-all',
    {
      schema: {
        operationId: 'acceptAllTimelineProposals',
        summary: 'Accept every pending proposal',
        tags,
        description:
          'Accepts every pending proposal (of one document when document_id is given), each shown to the players or not as player_visible says (default: GM-only); a proposal that matches an existing event is merged into it.',
        params: campaignParams,
        body: z
          .object({
            document_id: z.string({ error: 'document_id must be text' }).nullish(),
            player_visible: z.boolean({ error: 'player_visible must be true or false' }).nullish(),
          })
          .nullish(),
        response: { 200: z.object({ accepted: z.number().int(), merged: z.number().int() }), 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return acceptAllProposals(db, currentUser(request).id, id, {
        document_id: request.body?.document_id ?? null,
        player_visible: request.body?.player_visible ?? false,
      });
    },
  );

  app.post(
    '/api/campaigns/:id/timeline/proposals/:proposalId/accept',
    {
      schema: {
        operationId: 'acceptTimelineProposal',
        summary: 'Accept a proposed event',
        tags,
        description:
          "Accepts a proposal (with optional edits to its fields, and player_visible for the players' view) as an event linking its document; with merge_into, links the document to that existing event instead.",
        params: proposalParams,
        body: eventInputSchema
          .partial()
          .extend({ merge_into: z.string({ error: 'merge_into must be an event id' }).nullish().describe('An existing event to merge the proposal into') })
          .nullish(),
        response: { 201: eventSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { id, proposalId } = request.params;
      const event = await acceptProposal(db, currentUser(request).id, id, proposalId, request.body ?? {});
      return reply.status(201).send(event);
    },
  );

  app.post(
    '/api/campaigns/:id/timeline/proposals/:proposalId/reject',
    {
      schema: {
        operationId: 'rejectTimelineProposal',
        summary: 'Reject a proposed event',
        tags,
        params: proposalParams,
        response: { 200: z.object({ rejected: z.string() }), 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id, proposalId } = request.params;
      await rejectProposal(db, currentUser(request).id, id, proposalId);
      return { rejected: proposalId };
    },
  );
}

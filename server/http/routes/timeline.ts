import { EVENT_TYPE_MAP, FALLBACK_EVENT_TYPE } from '../../../contract/timeline';
import { createEvent, deleteEvent, listEvents, listEventsPage, timelineDocuments, updateEvent } from '../../domain/timeline/timeline';
import { acceptAllProposals, acceptProposal, listProposals, proposeEvents, rejectProposal } from '../../domain/timeline/proposals/proposals';
import { exportCalendar, getCalendar, importCalendar, setCalendar } from '../../domain/timeline/calendar';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import { wantsPage } from '../../domain/paging';
import { contentDisposition } from '../file-delivery';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, pageQuerySchema, removedResponse } from '../../../contract/api/shared';
import {
  acceptAllBodySchema,
  acceptAllResultSchema,
  calendarExportSchema,
  acceptProposalBodySchema,
  calendarImportBodySchema,
  campaignCalendarSchema,
  campaignParams,
  eventInputSchema,
  eventParams,
  eventTypesResponse,
  proposalParams,
  proposeBodySchema,
  proposeResultSchema,
  setCalendarBodySchema,
  timelineDocumentsResponse,
  timelineEventSchema,
  timelineEventsResponse,
  timelineProposalsResponse,
} from '../../../contract/api/timeline';

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
          200: timelineEventsResponse,
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
        response: { 200: timelineDocumentsResponse, 404: errorResponse },
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
        response: { 201: timelineEventSchema, 400: errorResponse, 404: errorResponse },
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
        response: { 200: timelineEventSchema, 400: errorResponse, 404: errorResponse },
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
        response: { 200: removedResponse('deleted'), 404: errorResponse },
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
        response: { 200: campaignCalendarSchema, 404: errorResponse },
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
        body: setCalendarBodySchema,
        response: { 200: campaignCalendarSchema, 400: errorResponse, 404: errorResponse },
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
        body: calendarImportBodySchema,
        response: { 200: campaignCalendarSchema, 400: errorResponse, 404: errorResponse },
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
        response: { 200: calendarExportSchema, 400: errorResponse, 404: errorResponse },
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

  app.get(
    '/api/campaigns/:id/timeline/proposals',
    {
      schema: {
        operationId: 'listTimelineProposals',
        summary: 'Events proposed from session notes',
        tags,
        description: 'Events proposed from session notes, with their review status.',
        params: campaignParams,
        response: { 200: timelineProposalsResponse, 404: errorResponse },
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
        body: proposeBodySchema,
        response: {
          200: proposeResultSchema,
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
          'Accepts every pending proposal (of one document or session when document_id or session_id is given), each shown to the players or not as player_visible says (default: GM-only); a proposal that matches an existing event is merged into it.',
        params: campaignParams,
        body: acceptAllBodySchema,
        response: { 200: acceptAllResultSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return acceptAllProposals(db, currentUser(request).id, id, {
        document_id: request.body?.document_id ?? null,
        session_id: request.body?.session_id ?? null,
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
        body: acceptProposalBodySchema,
        response: { 201: timelineEventSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse },
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
        response: { 200: removedResponse('rejected'), 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id, proposalId } = request.params;
      await rejectProposal(db, currentUser(request).id, id, proposalId);
      return { rejected: proposalId };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EVENT_TYPE_MAP, FALLBACK_EVENT_TYPE } from '../../../contract/timeline';
import {
  createEvent,
  deleteEvent,
  eventInputSchema,
  listEvents,
  timelineDocuments,
  updateEvent,
  type EventInput,
} from '../../domain/timeline/timeline';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { errorResponse } from '../zod-schemas';

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
  date: z.string().describe("ISO 8601 with astronomical years: '1492-10-12', '-0500-03-01' (501 BC), '+12000-01-01'"),
  event_type: z.string(),
  location: z.string(),
  participants: z.array(z.string()),
  tags: z.array(z.string()),
  linked_documents: z.array(z.string()),
  color: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
const documentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  status: z.string(),
  linkable: z.boolean(),
});

const campaignParams = z.object({ id: z.string() });
const eventParams = z.object({ id: z.string(), eventId: z.string() });

export async function timelineRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const tags = ['timeline'];

  app.get('/api/timeline/event-types', { schema: { tags, response: { 200: eventTypesResponse } } }, async () => ({
    event_types: EVENT_TYPE_MAP,
    fallback: FALLBACK_EVENT_TYPE,
  }));

  app.get(
    '/api/campaigns/:id/timeline',
    {
      schema: {
        tags,
        params: campaignParams,
        response: { 200: z.object({ events: z.array(eventSchema).describe('Ordered by date') }), 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof campaignParams>;
      return { events: await listEvents(db, currentUser(request).id, id) };
    },
  );

  app.get(
    '/api/campaigns/:id/timeline/documents',
    {
      schema: {
        tags,
        description: "Documents an event may link: those in the campaign's linked tomes (and any still linked from an unlinked tome).",
        params: campaignParams,
        response: { 200: z.array(documentSchema), 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof campaignParams>;
      return timelineDocuments(db, currentUser(request).id, id);
    },
  );

  app.post(
    '/api/campaigns/:id/timeline/events',
    {
      schema: {
        tags,
        params: campaignParams,
        body: eventInputSchema,
        response: { 201: eventSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof campaignParams>;
      const event = await createEvent(db, currentUser(request).id, id, request.body as EventInput);
      return reply.status(201).send(event);
    },
  );

  app.put(
    '/api/campaigns/:id/timeline/events/:eventId',
    {
      schema: {
        tags,
        params: eventParams,
        body: eventInputSchema,
        response: { 200: eventSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, eventId } = request.params as z.infer<typeof eventParams>;
      return updateEvent(db, currentUser(request).id, id, eventId, request.body as EventInput);
    },
  );

  app.delete(
    '/api/campaigns/:id/timeline/events/:eventId',
    { schema: { tags, params: eventParams, response: { 200: z.object({ deleted: z.string() }), 404: errorResponse } } },
    async (request) => {
      const { id, eventId } = request.params as z.infer<typeof eventParams>;
      await deleteEvent(db, currentUser(request).id, id, eventId);
      return { deleted: eventId };
    },
  );
}

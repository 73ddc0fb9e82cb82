import { z } from 'zod';
import { CONCEPT_TYPES, LAYOUTS } from '../../../contract/concept-map';
import {
  awaitConceptMapJob,
  generateConceptMap,
  getConceptMap,
  listMapDocuments,
  selectionBodySchema,
  settingsInputSchema,
  updateSettings,
} from '../../domain/concept-map';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, timestamp } from '../../../contract/api/shared';

const settingsSchema = z.object({
  show_labels: z.boolean(),
  min_strength: z.number().int().min(1).max(10),
  layout: z.enum(LAYOUTS),
});

const conceptSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CONCEPT_TYPES),
  description: z.string(),
  sources: z.number().int().describe('How many passages mention it'),
  aliases: z.array(z.string()),
  source_passages: z
    .array(z.object({ document_id: z.string(), dataset_id: z.string(), filename: z.string(), quote: z.string() }))
    .describe('The first few passages it was read from'),
  visual: z.object({ color: z.string().describe('The fixed colour of its type') }),
});

const relationshipSchema = z.object({
  id: z.string(),
  source: z.string().describe('Concept id'),
  target: z.string().describe('Concept id'),
  relationship: z.string().describe("A short verb phrase read as 'source <relationship> target'"),
  strength: z.number().int().min(1).max(10),
  count: z.number().int().describe('How many passages support it'),
});

const jobSchema = z.object({ id: z.string(), status: z.string(), progress: z.number(), progress_message: z.string(), error: z.string().nullable() });

const mapSchema = z.object({
  campaign_id: z.string(),
  concepts: z.array(conceptSchema),
  relationships: z.array(relationshipSchema),
  settings: settingsSchema,
  processed_docs: z.array(
    z.object({
      id: z.string(),
      dataset_id: z.string(),
      filename: z.string(),
      processed_at: timestamp,
      outdated: z.boolean().describe('Its text changed since it was read'),
    }),
  ),
  last_updated: timestamp.nullable(),
  engine: z.enum(['claude', 'openai', 'offline']).nullable(),
  job: jobSchema.nullable().describe('A generation still running, or one that failed since the map was built'),
});

const documentSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  filename: z.string(),
  status: z.string(),
  chunk_count: z.number(),
  processed: z.boolean(),
  outdated: z.boolean(),
});

const campaignParams = z.object({ id: z.string() });
const generateQuery = z.object({
  wait: z.enum(['true', 'false', '1', '0']).optional().describe('For a large selection, hold the answer until the job ends (up to two minutes) and answer the map'),
});

const WAIT_MS = 120_000;

export async function conceptMapRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['concept map'];

  app.get(
    '/api/campaigns/:id/concept-map',
    {
      schema: { operationId: 'getConceptMap', summary: "A campaign's concept map", tags, params: campaignParams, response: { 200: mapSchema, 404: errorResponse } },
    },
    async (request) => {
      const { id } = request.params;
      return getConceptMap(db, await campaignAccessOf(services, request, id));
    },
  );

  app.get(
    '/api/campaigns/:id/concept-map/documents',
    {
      schema: {
        operationId: 'listConceptMapDocuments',
        summary: 'Documents a concept map can be built from',
        tags,
        description: 'The documents a map can be built from: those in the Knowledge Tomes linked to the campaign.',
        params: campaignParams,
        response: { 200: z.object({ documents: z.array(documentSchema) }), 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { documents: await listMapDocuments(db, currentUser(request).id, id) };
    },
  );

  app.post(
    '/api/campaigns/:id/concept-map/generate',
    {
      schema: {
        operationId: 'generateConceptMap',
        summary: 'Build or update the concept map',
        tags,
        description:
          'Builds or updates the map from the selected documents. Small selections answer the map (200); large ones are queued and answer `job_id` (202): poll GET /api/jobs/{job_id}/status, then GET the map.',
        params: campaignParams,
        querystring: generateQuery,
        body: selectionBodySchema,
        response: {
          200: mapSchema,
          202: z.object({ job_id: z.string(), status: z.string() }),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { wait } = request.query;
      const userId = currentUser(request).id;
      const outcome = await generateConceptMap(db, userId, id, request.body, services);
      if ('map' in outcome) return outcome.map;
      if (wait === 'true' || wait === '1') {
        const map = await awaitConceptMapJob(db, userId, id, outcome.job_id, WAIT_MS);
        if (map) return map;
      }
      return reply.status(202).send({ job_id: outcome.job_id, status: 'queued' });
    },
  );

  app.put(
    '/api/campaigns/:id/concept-map/settings',
    {
      schema: {
        operationId: 'updateConceptMapSettings',
        summary: "Save the concept map's view settings",
        tags,
        description: 'Saves the view settings for the campaign; fields left out keep their value.',
        params: campaignParams,
        body: settingsInputSchema,
        response: { 200: settingsSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return updateSettings(db, currentUser(request).id, id, request.body);
    },
  );
}

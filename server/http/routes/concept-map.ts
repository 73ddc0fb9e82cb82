import { awaitConceptMapJob, generateConceptMap, getConceptMap, listMapDocuments, updateSettings } from '../../domain/concept-map';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, idParams as campaignParams } from '../../../contract/api/shared';
import {
  conceptMapSchema,
  generateQuery,
  generateQueuedSchema,
  mapDocumentsSchema,
  selectionBodySchema,
  settingsInputSchema,
  settingsSchema,
} from '../../../contract/api/concept-map';

const WAIT_MS = 120_000;

export async function conceptMapRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['concept map'];

  app.get(
    '/api/campaigns/:id/concept-map',
    {
      schema: {
        operationId: 'getConceptMap',
        summary: "A campaign's concept map",
        tags,
        params: campaignParams,
        response: { 200: conceptMapSchema, 404: errorResponse },
      },
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
        response: { 200: mapDocumentsSchema, 404: errorResponse },
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
          200: conceptMapSchema,
          202: generateQueuedSchema,
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

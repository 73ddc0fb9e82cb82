import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createCampaign,
  campaignUpdateSchema,
  createCampaignSchema,
  deleteCampaign,
  linkDataset,
  linkDatasetSchema,
  listCampaigns,
  unlinkDataset,
  updateCampaign,
} from '../../domain/campaigns/campaigns';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { errorResponse } from '../zod-schemas';

const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  datasets: z.array(z.string()),
});
const idParams = z.object({ id: z.string() });
const linkParams = z.object({ id: z.string(), datasetId: z.string() });

export async function campaignRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const tags = ['campaigns'];

  app.get('/api/campaigns', { schema: { tags, response: { 200: z.array(campaignSchema) } } }, async (request) =>
    listCampaigns(db, currentUser(request).id),
  );

  app.post(
    '/api/campaigns',
    { schema: { tags, body: createCampaignSchema, response: { 201: campaignSchema, 400: errorResponse } } },
    async (request, reply) => {
      const campaign = await createCampaign(db, currentUser(request).id, request.body as z.infer<typeof createCampaignSchema>);
      return reply.status(201).send(campaign);
    },
  );

  app.patch(
    '/api/campaigns/:id',
    { schema: { tags, params: idParams, body: campaignUpdateSchema, response: { 200: campaignSchema, 400: errorResponse, 404: errorResponse } } },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      return updateCampaign(db, currentUser(request).id, id, request.body as z.input<typeof campaignUpdateSchema>);
    },
  );

  app.delete(
    '/api/campaigns/:id',
    { schema: { tags, params: idParams, response: { 200: z.object({ deleted: z.string() }), 404: errorResponse } } },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      await deleteCampaign(db, currentUser(request).id, id);
      return { deleted: id };
    },
  );

  app.post(
    '/api/campaigns/:id/datasets',
    { schema: { tags, params: idParams, body: linkDatasetSchema, response: { 200: campaignSchema, 404: errorResponse } } },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const { dataset_id } = request.body as z.infer<typeof linkDatasetSchema>;
      return linkDataset(db, currentUser(request).id, id, dataset_id);
    },
  );

  app.delete(
    '/api/campaigns/:id/datasets/:datasetId',
    { schema: { tags, params: linkParams, response: { 200: campaignSchema, 404: errorResponse } } },
    async (request) => {
      const { id, datasetId } = request.params as z.infer<typeof linkParams>;
      return unlinkDataset(db, currentUser(request).id, id, datasetId);
    },
  );
}

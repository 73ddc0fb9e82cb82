import { createCampaign, deleteCampaign, linkDataset, listCampaigns, listCampaignsPage, unlinkDataset, updateCampaign } from '../../domain/campaigns/campaigns';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { wantsPage } from '../../domain/paging';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, idParams, listOrPage, pageQuerySchema, removedResponse } from '../../../contract/api/shared';
import { campaignLinkParams, campaignSchema, campaignUpdateSchema, createCampaignSchema, linkDatasetSchema } from '../../../contract/api/campaigns';

export async function campaignRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['campaigns'];

  app.get(
    '/api/campaigns',
    {
      schema: {
        operationId: 'listCampaigns',
        summary: 'List your campaigns, oldest first',
        tags,
        querystring: pageQuerySchema,
        response: { 200: listOrPage(campaignSchema), 400: errorResponse },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      return wantsPage(request.query) ? listCampaignsPage(db, userId, request.query) : listCampaigns(db, userId);
    },
  );

  app.post(
    '/api/campaigns',
    {
      schema: {
        operationId: 'createCampaign',
        summary: 'Create a campaign',
        tags,
        body: createCampaignSchema,
        response: { 201: campaignSchema, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const campaign = await createCampaign(db, currentUser(request).id, request.body);
      return reply.status(201).send(campaign);
    },
  );

  app.patch(
    '/api/campaigns/:id',
    {
      schema: {
        operationId: 'updateCampaign',
        summary: 'Rename a campaign or change its description',
        tags,
        params: idParams,
        body: campaignUpdateSchema,
        response: { 200: campaignSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return updateCampaign(db, currentUser(request).id, id, request.body);
    },
  );

  app.delete(
    '/api/campaigns/:id',
    {
      schema: {
        operationId: 'deleteCampaign',
        summary: 'Delete a campaign',
        tags,
        params: idParams,
        response: { 200: removedResponse('deleted'), 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      await deleteCampaign(db, currentUser(request).id, id);
      return { deleted: id };
    },
  );

  app.post(
    '/api/campaigns/:id/datasets',
    {
      schema: {
        operationId: 'linkDataset',
        summary: 'Link a Knowledge Tome to a campaign',
        tags,
        params: idParams,
        body: linkDatasetSchema,
        response: { 200: campaignSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { dataset_id } = request.body;
      return linkDataset(db, currentUser(request).id, id, dataset_id);
    },
  );

  app.delete(
    '/api/campaigns/:id/datasets/:datasetId',
    {
      schema: {
        operationId: 'unlinkDataset',
        summary: 'Unlink a Knowledge Tome from a campaign',
        tags,
        params: campaignLinkParams,
        response: { 200: campaignSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, datasetId } = request.params;
      return unlinkDataset(db, currentUser(request).id, id, datasetId);
    },
  );
}

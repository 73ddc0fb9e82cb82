import { getCampaignDocument, listCampaignDocuments, setDocumentVisibility } from '../../domain/tomes';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import type { ZodApi } from '../zod-schemas';
import { documentParams, errorResponse, idParams } from '../../../contract/api/shared';
import { campaignDocumentDetailSchema, campaignDocumentsSchema, visibilityResultSchema, visibilitySchema } from '../../../contract/api/tomes';

/**
 * A campaign's documents through the caller's seat (issue #14): the GM reads them all; a player
 * only those the GM shows, without their `:::gm` blocks. Showing or hiding a document is the GM's.
 */
export async function campaignDocumentRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['campaign documents'];

  app.get(
    '/api/campaigns/:id/documents',
    {
      schema: {
        operationId: 'listCampaignDocuments',
        summary: "The campaign's documents you may read",
        tags,
        description: 'The documents of the tomes linked to the campaign that the caller may read, with counts and token totals of those alone.',
        params: idParams,
        response: {
          200: campaignDocumentsSchema,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      return listCampaignDocuments(db, await campaignAccessOf(services, request, id));
    },
  );

  app.get(
    '/api/campaigns/:id/documents/:docId',
    {
      schema: {
        operationId: 'getCampaignDocument',
        summary: 'One campaign document with its text',
        tags,
        description: 'One document with its text as the caller reads it (read-only; a player never sees `:::gm` blocks).',
        params: documentParams,
        response: { 200: campaignDocumentDetailSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      return getCampaignDocument(db, await campaignAccessOf(services, request, id), docId);
    },
  );

  app.put(
    '/api/datasets/:id/documents/:docId/visibility',
    {
      schema: {
        operationId: 'setDocumentVisibility',
        summary: 'Show a document to players or hide it',
        tags,
        description: 'Shows the document to the players of every campaign its tome is linked to, or hides it again (GM-only is the default).',
        params: documentParams,
        body: visibilitySchema,
        response: { 200: visibilityResultSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      return setDocumentVisibility(db, currentUser(request).id, id, docId, request.body);
    },
  );
}

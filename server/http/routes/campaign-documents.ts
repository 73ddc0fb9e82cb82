import { z } from 'zod';
import { getCampaignDocument, listCampaignDocuments, setDocumentVisibility, visibilitySchema } from '../../domain/tomes';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import { errorResponse, type ZodApi } from '../zod-schemas';

const campaignDocumentSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  filename: z.string(),
  file_type: z.string(),
  status: z.string(),
  token_count: z.number().describe('Of the text the caller reads (for a player: without its `:::gm` blocks)'),
  page_count: z.number().nullable(),
  content_preview: z.string(),
  player_visible: z.boolean(),
  has_gm_blocks: z.boolean().describe('The text holds `:::gm` blocks (never true for a player)'),
});
const campaignParams = z.object({ id: z.string() });
const documentParams = z.object({ id: z.string(), docId: z.string() });

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
        params: campaignParams,
        response: {
          200: z.object({ documents: z.array(campaignDocumentSchema), document_count: z.number(), total_tokens: z.number() }),
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
        response: { 200: campaignDocumentSchema.extend({ content: z.string() }), 404: errorResponse },
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
        response: { 200: z.object({ id: z.string(), player_visible: z.boolean() }), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      return setDocumentVisibility(db, currentUser(request).id, id, docId, request.body);
    },
  );
}

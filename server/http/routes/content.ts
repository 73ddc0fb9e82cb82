import { createContent, saveContent } from '../../domain/content';
import { createContentBody, generatedContentSchema, saveContentBody, savedContentSchema } from '../../../contract/api/content';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, idParams } from '../../../contract/api/shared';

const failures = { 400: errorResponse, 404: errorResponse };
const aiFailures = { 502: errorResponse, 503: errorResponse, 504: errorResponse };

export async function contentRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['content'];

  app.post(
    '/api/campaigns/:id/create-content',
    {
      schema: {
        operationId: 'createContent',
        summary: 'Generate or revise content',
        tags,
        description:
          'Generate a character, location, mission or lore from the primary tome (then the campaign’s other linked tomes), or revise the latest version (is_revision with conversation_id and/or original_content).',
        params: idParams,
        body: createContentBody,
        response: { 200: generatedContentSchema, ...failures, ...aiFailures },
      },
    },
    async (request) => {
      const { id } = request.params;
      return createContent(db, currentUser(request).id, services.ai, id, request.body);
    },
  );

  app.post(
    '/api/campaigns/:id/save-content',
    {
      schema: {
        operationId: 'saveContent',
        summary: 'Save generated content to a Knowledge Tome',
        tags,
        description: 'Save content into a tome as a Markdown document with front matter; it is indexed before the answer, so it is searchable and citable at once.',
        params: idParams,
        body: saveContentBody,
        response: { 201: savedContentSchema, ...failures, 413: errorResponse, 422: errorResponse, ...aiFailures },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const saved = await saveContent(db, currentUser(request).id, services, id, request.body);
      return reply.status(201).send(saved);
    },
  );
}

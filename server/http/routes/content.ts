import { z } from 'zod';
import { createContent, createContentBody, saveContent, saveContentBody } from '../../domain/content';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import type { ZodApi } from '../zod-schemas';
import { citationSchema, errorResponse } from '../../../contract/api/shared';

const campaignParams = z.object({ id: z.string() });
const generatedSchema = z.object({
  content: z.string().describe('Markdown, ending with its Sources section'),
  markdown: z.string().describe('The document as it would be saved: YAML front matter, then the content'),
  sources: z.array(z.string()).describe('File names of the passages it was written from'),
  tokens: z.object({ total_tokens: z.number(), total_cost: z.number() }),
  conversation_id: z.string(),
  content_type: z.enum(['character', 'location', 'mission', 'lore']),
  character_format: z.enum(['narrative', 'stats']).nullable(),
  engine: z.string().describe('claude | openai | offline'),
  engine_label: z
    .string()
    .nullable()
    .describe('Which model answered and where, e.g. "llama3.1:8b via OpenAI-compatible server at localhost:11434"; null when engine says it (claude, offline)'),
  version: z.number(),
  citations: z.array(citationSchema),
});
const savedSchema = z.object({
  document_id: z.string(),
  dataset_id: z.string(),
  filename: z.string(),
  job_id: z.string(),
  status: z.enum(['ready', 'processing']),
  message: z.string(),
});
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
        params: campaignParams,
        body: createContentBody,
        response: { 200: generatedSchema, ...failures, ...aiFailures },
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
        params: campaignParams,
        body: saveContentBody,
        response: { 201: savedSchema, ...failures, 413: errorResponse, 422: errorResponse, ...aiFailures },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const saved = await saveContent(db, currentUser(request).id, services, id, request.body);
      return reply.status(201).send(saved);
    },
  );
}

import { z } from 'zod';
import { apiTokenFieldsSchema } from '../../../contract/api-tokens';
import { createApiToken, listApiTokens, revokeApiToken } from '../../domain/accounts/api-tokens';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, timestamp } from '../../../contract/api/shared';

const tokenSummary = z.object({
  id: z.string(),
  name: z.string(),
  created_at: timestamp,
  expires_at: timestamp.nullable().describe('null: the token never expires'),
  last_used_at: timestamp.nullable().describe('Recorded to the minute; null until first used'),
});
const createdToken = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string().describe('Send as `Authorization: Bearer <token>`. Shown only in this answer: only its hash is stored.'),
  created_at: timestamp,
  expires_at: timestamp.nullable(),
});

/**
 * Personal API tokens. Managing them takes a login session (`sessionOnly`): a token cannot mint
 * more tokens, list or revoke them.
 */
export async function tokenRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['auth'];
  const config = { sessionOnly: true };

  app.post(
    '/api/tokens',
    {
      config,
      schema: {
        operationId: 'createApiToken',
        summary: 'Create a personal API token (login session only)',
        description: 'The token is in this answer only. Without `expires_in_days` it never expires. An API token cannot call this (403).',
        tags,
        body: apiTokenFieldsSchema,
        response: { 201: createdToken, 400: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiToken(db, currentUser(request).id, request.body)),
  );

  app.get(
    '/api/tokens',
    {
      config,
      schema: {
        operationId: 'listApiTokens',
        summary: 'List your personal API tokens, newest first (never the token itself)',
        tags,
        response: { 200: z.array(tokenSummary), 403: errorResponse },
      },
    },
    async (request) => listApiTokens(db, currentUser(request).id),
  );

  app.delete(
    '/api/tokens/:id',
    {
      config,
      schema: {
        operationId: 'revokeApiToken',
        summary: 'Revoke a personal API token: its next call answers 401',
        tags,
        params: z.object({ id: z.string() }),
        response: { 204: z.null().describe('Revoked'), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await revokeApiToken(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

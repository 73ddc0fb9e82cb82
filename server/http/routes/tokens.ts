import { z } from 'zod';
import { apiTokenFieldsSchema } from '../../../contract/api-tokens';
import { createApiToken, listApiTokens, revokeApiToken } from '../../domain/accounts/api-tokens';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, idParams, noContent } from '../../../contract/api/shared';
import { apiTokenSummarySchema, createdApiTokenSchema } from '../../../contract/api/accounts';

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
        response: { 201: createdApiTokenSchema, 400: errorResponse, 403: errorResponse, 409: errorResponse },
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
        response: { 200: z.array(apiTokenSummarySchema), 403: errorResponse },
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
        params: idParams,
        response: { 204: noContent.describe('Revoked'), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await revokeApiToken(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { login, loginSchema, registerAccount, registrationSchema } from '../../domain/accounts/accounts';
import { revokeSession } from '../../domain/accounts/sessions';
import type { Services } from '../../services';
import { clearSessionCookie, currentUser, setSessionCookie } from '../auth';
import { errorResponse } from '../zod-schemas';

const userSchema = z.object({ id: z.string(), username: z.string(), email: z.string() });
const authAnswer = z.object({ user: userSchema, token: z.string() });

export async function authRoutes(app: FastifyInstance, services: Services) {
  const ttlDays = services.env.SESSION_TTL_DAYS;

  app.post(
    '/api/auth/register',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: registrationSchema,
        response: { 200: authAnswer, 400: errorResponse, 403: errorResponse, 409: errorResponse, 410: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await registerAccount(services.db, request.body as z.infer<typeof registrationSchema>, ttlDays);
      setSessionCookie(reply, request, result.token, ttlDays);
      return result;
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: authAnswer, 401: errorResponse, 403: errorResponse, 423: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await login(services.db, request.body as z.infer<typeof loginSchema>, {
        ip: request.ip,
        ttlDays,
      });
      setSessionCookie(reply, request, result.token, ttlDays);
      return result;
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(services.db, request.sessionToken);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: z.object({ user: userSchema }) } } }, async (request) => ({
    user: currentUser(request),
  }));
}

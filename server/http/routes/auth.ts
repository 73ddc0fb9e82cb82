import { z } from 'zod';
import { login, loginSchema, registerAccount, registrationSchema } from '../../domain/accounts/accounts';
import { revokeSession } from '../../domain/accounts/sessions';
import type { Services } from '../../services';
import { clearSessionCookie, currentUser, setSessionCookie } from '../auth';
import { errorResponse, type ZodApi } from '../zod-schemas';

const userSchema = z.object({ id: z.string(), username: z.string(), email: z.string() });
const authAnswer = z.object({ user: userSchema, token: z.string() });

export async function authRoutes(app: ZodApi, services: Services) {
  const ttlDays = services.env.SESSION_TTL_DAYS;

  app.post(
    '/api/auth/register',
    {
      config: { public: true },
      schema: {
        operationId: 'register',
        summary: 'Create an account with a registration code',
        tags: ['auth'],
        body: registrationSchema,
        response: { 200: authAnswer, 400: errorResponse, 403: errorResponse, 409: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await registerAccount(services.db, request.body, { ip: request.ip, ttlDays });
      setSessionCookie(reply, request, result.token, ttlDays);
      return result;
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        operationId: 'login',
        summary: 'Log in and receive a session token',
        tags: ['auth'],
        body: loginSchema,
        response: { 200: authAnswer, 401: errorResponse, 403: errorResponse, 423: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await login(services.db, request.body, {
        ip: request.ip,
        ttlDays,
      });
      setSessionCookie(reply, request, result.token, ttlDays);
      return result;
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { operationId: 'logout', summary: 'End the current session', tags: ['auth'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(services.db, request.sessionToken);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { operationId: 'getCurrentUser', summary: 'The signed-in user', tags: ['auth'], response: { 200: z.object({ user: userSchema }) } } },
    async (request) => ({
      user: currentUser(request),
    }),
  );
}

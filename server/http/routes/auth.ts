import { login, registerAccount } from '../../domain/accounts/accounts';
import { changePassword, resetPassword } from '../../domain/accounts/password-recovery';
import {
  authAnswerSchema,
  currentUserSchema,
  loggedOutSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetSchema,
  registrationSchema,
} from '../../../contract/api/accounts';
import { revokeSession } from '../../domain/accounts/sessions';
import type { Services } from '../../services';
import { clearSessionCookie, currentUser, setSessionCookie } from '../auth';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, noContent } from '../../../contract/api/shared';
import { PASSWORD_RULE } from '../../../contract/password-policy';

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
        response: { 200: authAnswerSchema, 400: errorResponse, 403: errorResponse, 409: errorResponse, 410: errorResponse, 429: errorResponse },
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
        response: { 200: authAnswerSchema, 401: errorResponse, 403: errorResponse, 423: errorResponse, 429: errorResponse },
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
    { schema: { operationId: 'logout', summary: 'End the current session', tags: ['auth'], response: { 200: loggedOutSchema } } },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(services.db, request.sessionToken);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { operationId: 'getCurrentUser', summary: 'The signed-in user', tags: ['auth'], response: { 200: currentUserSchema } } },
    async (request) => ({
      user: currentUser(request),
    }),
  );

  app.post(
    '/api/auth/password',
    {
      // A personal API token cannot change the password: only a signed-in person can.
      config: { sessionOnly: true },
      schema: {
        operationId: 'changePassword',
        summary: 'Change your password; your other sessions end',
        description: `The new password must follow the rule: ${PASSWORD_RULE} The session making the change stays signed in.`,
        tags: ['auth'],
        body: passwordChangeSchema,
        response: { 204: noContent, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      await changePassword(services.db, currentUser(request).id, request.body, request.sessionToken);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/reset',
    {
      config: { public: true },
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a one-time reset code',
        description: `The code comes from the administrator (\`npm run admin -- reset-password USER\`, a /reset/<code> link valid one hour, used once). The new password must follow the rule: ${PASSWORD_RULE} Every session of the account ends.`,
        tags: ['auth'],
        body: passwordResetSchema,
        response: { 204: noContent, 400: errorResponse },
      },
    },
    async (request, reply) => {
      await resetPassword(services.db, request.body);
      return reply.status(204).send(null);
    },
  );
}

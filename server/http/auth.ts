import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiToken, resolveApiToken } from '../domain/accounts/api-tokens';
import { resolveSession, type SessionUser } from '../domain/accounts/sessions';
import type { Services } from '../services';
import { clearedSessionCookie, SESSION_COOKIE, sessionCookie } from '../../contract/session-cookie';
import { SESSION_ONLY_MESSAGE } from '../../contract/api-tokens';

export { SESSION_COOKIE };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The session's token; null when signed out or signed in with a personal API token. */
    sessionToken: string | null;
    /** How the user signed in: a login session (cookie or bearer) or a personal API token. */
    authMethod: 'session' | 'api-token' | null;
  }
}

/** Scripts send `Authorization: Bearer`; the browser sends the httpOnly cookie. */
export function sessionTokenOf(request: FastifyRequest, options: { allowQueryToken?: boolean } = {}) {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' as const };
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' as const };
  if (options.allowQueryToken) {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) return { token, via: 'query' as const };
  }
  return null;
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string, ttlDays: number) {
  reply.header('set-cookie', sessionCookie(token, ttlDays, request.protocol === 'https'));
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.header('set-cookie', clearedSessionCookie());
}

/**
 * Resolves the signed-in user for every request, and refuses cross-site state changes: any
 * made with the cookie that does not carry our own Origin (or Referer), and any a browser marks
 * as sent from another site even with no cookie at all (a forged sign-in or registration, login
 * CSRF). Scripts with a bearer token are not affected.
 */
export function installAuth(app: FastifyInstance, services: Services) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('authMethod', null);

  app.addHook('preHandler', async (request, reply) => {
    // Built files (scripts, styles, the favicon) are the same for everyone: no session query.
    if (request.routeOptions.config?.staticFile === true) return;
    const found = sessionTokenOf(request, { allowQueryToken: request.routeOptions.config?.allowQueryToken === true });
    const crossSite = !isSafeMethod(request.method) && !sameOrigin(request) && (found?.via === 'cookie' || (!found && sentFromAPage(request)));
    if (crossSite) {
      return reply.status(403).send({ error: 'Cross-site request refused' });
    }
    if (!found) return;
    // Personal API tokens are bearer-only; a session token that happens to share the prefix still resolves.
    if (found.via === 'bearer' && isApiToken(found.token)) {
      const owner = await resolveApiToken(services.db, found.token);
      if (owner) {
        request.user = { id: owner.id, username: owner.username, email: owner.email };
        request.authMethod = 'api-token';
        return;
      }
    }
    const user = await resolveSession(services.db, found.token, services.env.SESSION_TTL_DAYS);
    if (user) {
      request.user = user;
      request.sessionToken = found.token;
      request.authMethod = 'session';
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes a browser opens directly (the PDF file URL) may carry the token as ?token=. */
    allowQueryToken?: boolean;
    /** Routes anyone may call: login, register, health, the OpenAPI document. */
    public?: boolean;
    /**
     * Routes a personal API token may not call, only a login session (creating tokens, changing
     * the password): a stolen token cannot mint more or lock the owner out. See installApiGuard.
     */
    sessionOnly?: boolean;
    /** Files from the Remix build (server/http/remix.ts): public, served without a session lookup. */
    staticFile?: boolean;
  }
}

/**
 * Every /api route is signed-in only unless its config says `public: true`, and one whose
 * config says `sessionOnly: true` refuses personal API tokens with a 403.
 */
export function installApiGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.public) return;
    if (!request.user) return reply.status(401).send({ error: 'Not signed in, or the session has expired' });
    if (request.routeOptions.config?.sessionOnly && request.authMethod !== 'session') {
      return reply.status(403).send({ error: SESSION_ONLY_MESSAGE });
    }
  });
}

/** The signed-in user of an /api handler (the guard has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw Object.assign(new Error('Not signed in'), { statusCode: 401 });
  return request.user;
}

function isSafeMethod(method: string) {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** Whether a browser stated where the request came from (a page's form or script sends this). */
function sentFromAPage(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined || request.headers.referer !== undefined;
}

function sameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  try {
    return new URL(source).host === request.host;
  } catch {
    return false;
  }
}

import { redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import type { SessionUser } from '../../server/domain/accounts/sessions';
import { clearedSessionCookie, SESSION_COOKIE, sessionCookie as sessionCookieHeader } from '../../contract/session-cookie';

export { safeRedirectTarget } from '../../contract/safe-redirect';
export { clearedSessionCookie };

export function sessionCookie(token: string, ttlDays: number, request: Request): string {
  return sessionCookieHeader(token, ttlDays, new URL(request.url).protocol === 'https:');
}

/** The signed-in user, or a redirect to /login that remembers where the user was going. */
export function requireUser(context: AppLoadContext, request: Request): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  const headers =
    context.sessionToken === null && request.headers.get('cookie')?.includes(`${SESSION_COOKIE}=`) ? { 'Set-Cookie': clearedSessionCookie() } : undefined;
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers });
}

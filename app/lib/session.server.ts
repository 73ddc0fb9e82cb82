import { redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import type { SessionUser } from '../../server/domain/accounts/sessions';

const COOKIE = 'tk_session';

export function sessionCookie(token: string, ttlDays: number, request: Request): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.round(ttlDays * 86400)}${secure}`;
}

export function clearedSessionCookie(): string {
  return `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

/** Where to go back to after login: only paths on this site. */
export function safeRedirectTarget(value: FormDataEntryValue | string | null | undefined, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login') || value.startsWith('/register')) return fallback;
  return value;
}

/** The signed-in user, or a redirect to /login that remembers where the user was going. */
export function requireUser(context: AppLoadContext, request: Request): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  const headers = context.sessionToken === null && request.headers.get('cookie')?.includes(`${COOKIE}=`)
    ? { 'Set-Cookie': clearedSessionCookie() }
    : undefined;
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers });
}

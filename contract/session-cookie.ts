/**
 * The session cookie, written in one place for both doors: the /api login and register
 * routes (Fastify) and the Remix form actions. httpOnly, SameSite=Lax, Secure over https.
 */
export const SESSION_COOKIE = 'tk_session';

export function sessionCookie(token: string, ttlDays: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.round(ttlDays * 86400)}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

/**
 * The GM's "view as player" switch (issue #14): one cookie, named and written here for both
 * doors: the Remix loaders (app/lib/view-as.server.ts) and the /api routes
 * (server/http/campaign-access.ts). For this browser session only, so the GM is never stuck in it.
 */
export const VIEW_AS_COOKIE = 'tk_view_as';

export function viewAsCookie(mode: 'player' | 'gm', secure: boolean): string {
  const flags = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return mode === 'player' ? `${VIEW_AS_COOKIE}=player; ${flags}` : `${VIEW_AS_COOKIE}=; ${flags}; Max-Age=0`;
}

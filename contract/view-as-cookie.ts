/**
 * The GM's "view as player" switch (issue #14): one cookie, named here for both doors: the
 * Remix loaders (app/lib/view-as.server.ts) and the /api routes (server/http/campaign-access.ts).
 */
export const VIEW_AS_COOKIE = 'tk_view_as';

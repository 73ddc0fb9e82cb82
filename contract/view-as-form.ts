import * as z from 'zod/mini';

/** The GM's "view as player" switch: the mode (anything but 'player' is the GM's own view) and where to go back to. */
export const viewAsSchema = z.object({
  mode: z.catch(z.optional(z.enum(['gm', 'player'])), 'gm'),
  redirectTo: z.optional(z.string()),
});

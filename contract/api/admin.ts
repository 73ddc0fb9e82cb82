import { z } from 'zod';

/**
 * The admin CLI's way into a running server (ADR 0328): POST /api/admin/run, hidden from the
 * document, loopback callers holding the server's secret only.
 */
export const ADMIN_COMMANDS = [
  'invite',
  'users',
  'disable',
  'enable',
  'budget',
  'player-invites',
  'player-invite-limit',
  'revoke-player-invite',
  'reset-password',
] as const;

export const adminCommandSchema = z.object({
  command: z.enum(ADMIN_COMMANDS),
  args: z.array(z.string().max(500)).max(20).default([]),
});
export type AdminCommand = z.infer<typeof adminCommandSchema>;

/** What the command printed, a line each. */
export const adminRunAnswerSchema = z.object({ lines: z.array(z.string()) });

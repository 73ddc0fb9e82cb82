import { z } from 'zod';
import { timestamp } from './shared';

/** A campaign's sessions' /api shapes (ADR 0328, ADR 0320). */
export const sessionSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  number: z.number().int(),
  played_on: z.string().nullable().describe('The real-world day it was played, YYYY-MM-DD'),
  world_start: z.string().nullable().describe("The in-world date in the campaign's calendar (YEAR-MONTH-DAY), or null"),
  world_end: z.string().nullable().describe('The last in-world day of a range, or null'),
  world_start_day: z.number().int().nullable().describe('world_start as a day number (days since 1970-01-01, proleptic Gregorian)'),
  world_end_day: z.number().int().nullable(),
  world_label: z.string().nullable().describe("How the in-world date or range reads: '28 Flamerule 1372 DR'"),
  title: z.string(),
  notes: z.string().describe('Markdown; a player reads it without the `:::gm` blocks'),
  notes_hold_gm_blocks: z.boolean().describe('The notes hold `:::gm` blocks (false for a player)'),
  player_visible: z.boolean().describe("Shown to the campaign's players (false: GM-only)"),
  created_at: timestamp,
  updated_at: timestamp,
});
/** A session as its reader sees it: for a player, the notes without the `:::gm` blocks. */
export type CampaignSession = z.infer<typeof sessionSchema>;

export const sessionParams = z.object({ id: z.string(), sessionId: z.string() });

import { z } from 'zod';
import { inviteCreateSchema, noteFieldsSchema, noteUpdateSchema } from '../seat-forms';
import { timestamp } from './shared';

/** Campaign seats' /api shapes (ADR 0328): invites, members, seats, a player's notes, a campaign's budget. */

export { inviteCreateSchema, MAX_INVITE_DAYS, MAX_INVITE_USES } from '../seat-forms';
export type InviteCreateInput = z.input<typeof inviteCreateSchema>;

export const redeemInviteSchema = z.object({
  code: z.string().trim().min(1, 'Enter the invite code').max(100, 'Invite not found. Check the code or ask your GM for a new one.'),
});

export const INVITE_STATUSES = ['active', 'used_up', 'expired', 'revoked', 'gm_disabled'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const inviteSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  max_uses: z.number(),
  uses: z.number(),
  expires_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  note: z.string(),
  created_at: timestamp,
  status: z.enum(INVITE_STATUSES),
});
export type InviteSummary = z.infer<typeof inviteSchema>;

/** `code` is the code in clear, shown once (only its hash is kept); `link` is what a player opens: signed in it joins, signed out it leads to registration. */
export const createdInviteSchema = z.object({ invite: inviteSchema, code: z.string(), link: z.string() });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** A campaign the user plays in (not one they run): the dashboard's "Campaigns you play in". */
export const seatSchema = z.object({
  campaign_id: z.string(),
  name: z.string(),
  description: z.string(),
  gm_username: z.string(),
  joined_at: timestamp,
});
export type Seat = z.infer<typeof seatSchema>;

export const memberSchema = z.object({ user_id: z.string(), username: z.string(), joined_at: timestamp });
export type Member = z.infer<typeof memberSchema>;

export { noteFieldsSchema, noteUpdateSchema };

export const noteSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PlayerNote = z.infer<typeof noteSchema>;

/** A campaign's own monthly AI budget (server/domain/usage/campaign-budget.ts). */
export const campaignBudgetSchema = z.object({
  monthly_budget_usd: z
    .number({ error: 'monthly_budget_usd must be a number of dollars, or null for none' })
    .min(0, 'The budget must be 0 or more')
    .max(100_000, 'The budget must be at most $100,000')
    .nullable(),
});

/** `budget`: null when the GM set none; `spent`: players' AI spend for the campaign this month, in USD; `message`: what a player is told at 80% and at 100%. */
export const campaignBudgetStatusSchema = z.object({
  campaign_id: z.string(),
  budget: z.number().nullable(),
  spent: z.number(),
  used_percent: z.number(),
  level: z.enum(['none', 'ok', 'warning', 'exceeded']),
  message: z.string().nullable(),
});
export type CampaignBudgetStatus = z.infer<typeof campaignBudgetStatusSchema>;

export const inviteParams = z.object({ id: z.string(), inviteId: z.string() });
export const memberParams = z.object({ id: z.string(), userId: z.string() });
export const noteParams = z.object({ id: z.string(), noteId: z.string() });
export const seatParams = z.object({ campaignId: z.string() });

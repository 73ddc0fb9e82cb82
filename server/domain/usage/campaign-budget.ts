import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { campaignBudgetSchema, type CampaignBudgetStatus } from '../../../contract/api/seats';
import type { DB } from '../../db/schema';
import { DomainError } from '../errors';
import { requireOwnedCampaign, type CampaignAccess } from '../ownership';

/**
 * A campaign's own monthly AI budget (issue #14): the GM sets it, and what the campaign's
 * players spend on AI for it this calendar month (UTC) counts against it: usage_events rows
 * carrying the campaign_id, made by anyone but the GM (the GM's own use stays on the GM's
 * budget, as the spec says). No budget set means no campaign cap; a player's own user budget
 * and banner are unchanged either way.
 */
export const CAMPAIGN_BUDGET_WARNING_PERCENT = 80;

export type { CampaignBudgetStatus } from '../../../contract/api/seats';

const dollars = (value: number) => `$${value.toFixed(2)}`;

export async function campaignBudgetStatus(db: Kysely<DB>, campaignId: string, now = new Date()): Promise<CampaignBudgetStatus> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const row = await db
    .selectFrom('campaigns')
    .leftJoin('usage_events', (join) =>
      join
        .onRef('usage_events.campaign_id', '=', 'campaigns.id')
        .onRef('usage_events.user_id', '<>', 'campaigns.user_id')
        .on('usage_events.created_at', '>=', monthStart),
    )
    .select(['campaigns.monthly_budget_usd', sql<string>`coalesce(sum(usage_events.cost_usd), 0)`.as('spent')])
    .where('campaigns.id', '=', campaignId)
    .groupBy('campaigns.id')
    .executeTakeFirst();
  const spent = Math.round(Number(row?.spent ?? 0) * 1e6) / 1e6;
  const budget = row?.monthly_budget_usd == null ? null : Number(row.monthly_budget_usd);
  if (budget === null) return { campaign_id: campaignId, budget, spent, used_percent: 0, level: 'none', message: null };
  const percent = budget > 0 ? (spent / budget) * 100 : 100;
  // Floored, so 79.99% never reads as the warning's 80%.
  const usedPercent = Math.floor(percent * 100) / 100;
  if (spent >= budget) {
    return {
      campaign_id: campaignId,
      budget,
      spent,
      used_percent: usedPercent,
      level: 'exceeded',
      message: `This campaign's AI budget for the month is used up (${dollars(spent)} of ${dollars(budget)}). Ask your GM to raise it; it starts again on the 1st.`,
    };
  }
  if (percent >= CAMPAIGN_BUDGET_WARNING_PERCENT) {
    return {
      campaign_id: campaignId,
      budget,
      spent,
      used_percent: usedPercent,
      level: 'warning',
      message: `This campaign has used ${Math.floor(percent)}% of its ${dollars(budget)} AI budget for the month.`,
    };
  }
  return { campaign_id: campaignId, budget, spent, used_percent: usedPercent, level: 'ok', message: null };
}

/**
 * Call before every AI call a player makes for a campaign: at 100% it refuses with a clear
 * 429 and nothing is spent; below, it returns the status (its message is the 80% warning).
 * The GM (also when viewing as a player) is never stopped by the campaign budget.
 */
export async function requireCampaignBudget(db: Kysely<DB>, access: CampaignAccess): Promise<CampaignBudgetStatus> {
  const status = await campaignBudgetStatus(db, access.campaign.id);
  if (access.role === 'player' && status.level === 'exceeded') throw new DomainError(429, status.message!);
  return status;
}

export async function setCampaignBudget(
  db: Kysely<DB>,
  gmId: string,
  campaignId: string,
  input: z.input<typeof campaignBudgetSchema>,
): Promise<CampaignBudgetStatus> {
  const { monthly_budget_usd } = campaignBudgetSchema.parse(input);
  await requireOwnedCampaign(db, gmId, campaignId);
  await db.updateTable('campaigns').set({ monthly_budget_usd }).where('id', '=', campaignId).execute();
  return campaignBudgetStatus(db, campaignId);
}

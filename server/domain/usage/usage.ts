import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { MonthUsage } from '../../../contract/api/usage';

export const USAGE_FEATURES = ['campaign_chat', 'document_chat', 'content_generation', 'concept_map', 'embedding', 'rerank', 'timeline'] as const;
export type UsageFeature = (typeof USAGE_FEATURES)[number];

export interface UsageRecord {
  userId: string;
  feature: UsageFeature;
  model: string;
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  embeddingTokens?: number;
  costUsd: number;
  durationMs?: number;
  /** The campaign the call was made for: a player's use counts against its budget. */
  campaignId?: string | null;
}

export async function recordUsage(db: Kysely<DB>, record: UsageRecord): Promise<void> {
  await db
    .insertInto('usage_events')
    .values({
      user_id: record.userId,
      feature: record.feature,
      model: record.model,
      input_tokens: record.inputTokens ?? 0,
      output_tokens: record.outputTokens ?? 0,
      cache_read_tokens: record.cacheReadTokens ?? 0,
      cache_write_tokens: record.cacheWriteTokens ?? 0,
      embedding_tokens: record.embeddingTokens ?? 0,
      cost_usd: record.costUsd,
      duration_ms: Math.round(record.durationMs ?? 0),
      campaign_id: record.campaignId ?? null,
    })
    .execute();
}

/** Its shape is written once, in contract/api/usage.ts (ADR 0328). */
export type { MonthUsage } from '../../../contract/api/usage';

/** This calendar month's (UTC) spend against the user's budget (their own, or the default). */
export async function currentMonthUsage(db: Kysely<DB>, userId: string, defaultBudgetUsd: number, now = new Date()): Promise<MonthUsage> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const rows = await db
    .selectFrom('usage_events')
    .select([
      'feature',
      sql<string>`sum(cost_usd)`.as('cost'),
      sql<string>`sum(input_tokens + cache_read_tokens + cache_write_tokens)`.as('input'),
      sql<string>`sum(output_tokens)`.as('output'),
      sql<string>`sum(embedding_tokens)`.as('embedding'),
      sql<string>`count(*)`.as('calls'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', monthStart)
    .groupBy('feature')
    .execute();
  const user = await db.selectFrom('users').select('monthly_budget_usd').where('id', '=', userId).executeTakeFirst();
  const budget = user?.monthly_budget_usd != null ? Number(user.monthly_budget_usd) : defaultBudgetUsd;

  const breakdown: MonthUsage['month_data']['usage_breakdown'] = {};
  const totals = { cost: 0, input: 0, output: 0, embedding: 0, calls: 0 };
  for (const row of rows) {
    const cost = Number(row.cost);
    const tokens = Number(row.input) + Number(row.output) + Number(row.embedding);
    breakdown[row.feature] = { cost: round(cost), calls: Number(row.calls), tokens };
    totals.cost += cost;
    totals.input += Number(row.input);
    totals.output += Number(row.output);
    totals.embedding += Number(row.embedding);
    totals.calls += Number(row.calls);
  }
  const usedPercent = budget > 0 ? (totals.cost / budget) * 100 : totals.cost > 0 ? 100 : 0;
  return {
    month_data: {
      total_cost: round(totals.cost),
      total_input_tokens: totals.input,
      total_output_tokens: totals.output,
      total_embedding_tokens: totals.embedding,
      api_calls: totals.calls,
      usage_breakdown: breakdown,
    },
    budget,
    budget_used_percent: Math.round(usedPercent * 100) / 100,
    budget_remaining: round(Math.max(0, budget - totals.cost)),
  };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

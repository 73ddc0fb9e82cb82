import { z } from 'zod';

/** Usage's /api shapes (ADR 0328). How the banner reads the numbers is contract/usage.ts. */
export const monthUsageSchema = z.object({
  month_data: z.object({
    total_cost: z.number().describe('US dollars'),
    total_input_tokens: z.number(),
    total_output_tokens: z.number(),
    total_embedding_tokens: z.number(),
    api_calls: z.number(),
    usage_breakdown: z.record(z.string(), z.object({ cost: z.number(), calls: z.number(), tokens: z.number() })).describe('By feature'),
  }),
  budget: z.number().describe('US dollars a month'),
  budget_used_percent: z.number(),
  budget_remaining: z.number(),
});
/** This calendar month's spend against the user's budget. */
export type MonthUsage = z.infer<typeof monthUsageSchema>;

import { z } from 'zod';
import { currentMonthUsage } from '../../domain/usage/usage';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import type { ZodApi } from '../zod-schemas';

const monthUsageSchema = z.object({
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

export async function usageRoutes(app: ZodApi, services: Services) {
  app.get(
    '/api/usage/current-month',
    { schema: { operationId: 'getCurrentMonthUsage', summary: "This month's AI usage and budget", tags: ['usage'], response: { 200: monthUsageSchema } } },
    async (request) => currentMonthUsage(services.db, currentUser(request).id, services.env.MONTHLY_BUDGET_USD),
  );
}

import { currentMonthUsage } from '../../domain/usage/usage';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import type { ZodApi } from '../zod-schemas';
import { monthUsageSchema } from '../../../contract/api/usage';

export async function usageRoutes(app: ZodApi, services: Services) {
  app.get(
    '/api/usage/current-month',
    { schema: { operationId: 'getCurrentMonthUsage', summary: "This month's AI usage and budget", tags: ['usage'], response: { 200: monthUsageSchema } } },
    async (request) => currentMonthUsage(services.db, currentUser(request).id, services.env.MONTHLY_BUDGET_USD),
  );
}

import type { FastifyInstance } from 'fastify';
import { currentMonthUsage } from '../../domain/usage/usage';
import type { Services } from '../../services';
import { currentUser } from '../auth';

export async function usageRoutes(app: FastifyInstance, services: Services) {
  app.get('/api/usage/current-month', { schema: { tags: ['usage'] } }, async (request) =>
    currentMonthUsage(services.db, currentUser(request).id, services.env.MONTHLY_BUDGET_USD),
  );
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Services } from '../../services';

export async function healthRoutes(app: FastifyInstance, services: Services) {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['meta'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      await sql`select 1`.execute(services.db);
      return { status: 'ok' as const, database: services.database.kind };
    },
  );
}

import { sql } from 'kysely';
import { EXACT_SEARCH_NOTICE, vectorBackendOf } from '../../domain/retrieval';
import type { Services } from '../../services';
import { DISK_FULL_MESSAGE, isDiskFull, type StorageHealth } from '../storage-health';
import type { ZodApi } from '../zod-schemas';
import { errorResponse } from '../../../contract/api/shared';
import { healthSchema, storageFullSchema } from '../../../contract/api/health';

export async function healthRoutes(app: ZodApi, services: Services, storage: StorageHealth) {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        summary: 'Check that the server and its database answer',
        tags: ['meta'],
        description:
          'ok (200), or 507 when a recent write failed because the storage is full. `vector_search` says how search finds passages by meaning: `pgvector` (an index), or `exact` on a Postgres server without pgvector, with `vector_search_notice` saying so and what to do.',
        response: {
          200: healthSchema,
          429: errorResponse,
          507: storageFullSchema,
        },
      },
    },
    async (_request, reply) => {
      // On the embedded database after its disk filled, this starts it again once there is space.
      try {
        await sql`select 1`.execute(services.db);
      } catch (error) {
        if (!isDiskFull(error)) throw error;
        storage.reportFull();
      }
      const { full, since } = storage.state(Date.now(), services.database.recoveredAt?.() ?? null);
      if (full) {
        return reply.status(507).send({ status: 'storage_full' as const, database: services.database.kind, error: DISK_FULL_MESSAGE, since: since!.toISOString() });
      }
      const vectorSearch = await vectorBackendOf(services.db);
      return {
        status: 'ok' as const,
        database: services.database.kind,
        vector_search: vectorSearch,
        ...(vectorSearch === 'exact' ? { vector_search_notice: EXACT_SEARCH_NOTICE } : {}),
      };
    },
  );
}

import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { createAiProviders, type AiProviders } from './ai/providers';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import type { Env } from './env';

/**
 * What the process builds once and every door (the /api routes, the Remix loaders and
 * actions, the job handlers) receives: one database, one queue, the AI providers.
 */
export interface Services {
  env: Env;
  database: Database;
  db: Kysely<DB>;
  queue: PgBoss;
  /** Claude and Voyage when their keys are set, the offline engine otherwise. */
  ai: AiProviders;
}

export function createServices(env: Env, database: Database, queue: PgBoss, ai?: AiProviders): Services {
  return {
    env,
    database,
    db: database.db,
    queue,
    ai:
      ai ??
      createAiProviders({
        anthropicApiKey: env.ANTHROPIC_API_KEY,
        anthropicBaseUrl: env.ANTHROPIC_BASE_URL,
        anthropicModel: env.ANTHROPIC_MODEL,
        voyageApiKey: env.VOYAGE_API_KEY,
        voyageBaseUrl: env.VOYAGE_BASE_URL,
        voyageModel: env.VOYAGE_MODEL,
        voyageRerankModel: env.VOYAGE_RERANK_MODEL,
      }),
  };
}

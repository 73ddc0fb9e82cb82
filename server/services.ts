import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { setConfiguredPrices } from './ai/pricing';
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
  /** Claude and Voyage when their keys are set, an OpenAI-compatible server where set, the offline engine otherwise (ai/providers.ts). */
  ai: AiProviders;
}

export function createServices(env: Env, database: Database, queue: PgBoss, ai?: AiProviders): Services {
  setConfiguredPrices(env.OPENAI_PRICES);
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
        openaiBaseUrl: env.OPENAI_BASE_URL,
        openaiApiKey: env.OPENAI_API_KEY,
        openaiModel: env.OPENAI_MODEL,
        openaiEmbeddingModel: env.OPENAI_EMBEDDING_MODEL,
        openaiTimeoutMs: env.OPENAI_TIMEOUT_MS,
        openaiTools: env.OPENAI_TOOLS,
        offlineFallback: env.OPENAI_OFFLINE_FALLBACK,
      }),
  };
}

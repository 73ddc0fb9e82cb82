import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AiProviders } from '../../server/ai/providers';
import { buildApp, type AppOptions } from '../../server/app';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../../server/db/test-database';
import { createRegistrationCode } from '../../server/domain/accounts/registration-codes';
import { parseEnv, type Env } from '../../server/env';
import { startQueue } from '../../server/queue';
import { createServices, type Services } from '../../server/services';
import { registerWorkers } from '../../jobs/register-workers';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  /** Registers a new account and returns its bearer token. */
  signUp(username?: string): Promise<{ token: string; userId: string; username: string }>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The data folder of this vitest worker (each has its own, so no two workers share a lock file or
 * anything a test writes there); the database itself is in memory unless a test opens a folder.
 */
export function workerDataDir(): string {
  return path.join(os.tmpdir(), `tomekeeper-test-worker-${process.env.VITEST_POOL_ID ?? process.pid}`);
}

/**
 * The real app on a fresh database, for fastify.inject. Workers run when `workers` is set; `ai` replaces the providers the env would choose;
 * `database` replaces the fresh one (a bench reusing an ingested corpus).
 */
export async function createTestApp(
  options: { env?: Partial<Record<keyof Env, string>>; workers?: boolean; ai?: AiProviders; app?: AppOptions; database?: Database } = {},
): Promise<TestApp> {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: workerDataDir(), ...options.env });
  const database = options.database ?? (await createTestDatabase());
  const queue = await startQueue(database);
  const services = createServices(env, database, queue, options.ai);
  if (options.workers) await registerWorkers(queue, services);
  // Every answer is parsed by its route's response schema first: a route that drifts from its contract fails here.
  const app = await buildApp(services, { checkResponses: true, ...options.app });
  await app.ready();
  return {
    app,
    services,
    async signUp(username = `gm${++counter}_${Math.random().toString(36).slice(2, 7)}`) {
      const code = await createRegistrationCode(services.db);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username, email: `${username}@example.com`, password: 'Dragons4ever', registration_code: code },
      });
      if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
      const body = response.json() as { token: string; user: { id: string } };
      return { token: body.token, userId: body.user.id, username };
    },
    async close() {
      await app.close();
      await queue.stop({ graceful: false, timeout: 2000 });
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

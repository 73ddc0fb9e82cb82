import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import { LoginThrottle } from './domain/accounts/login-throttle';
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
  loginThrottle: LoginThrottle;
}

export function createServices(env: Env, database: Database, queue: PgBoss): Services {
  return { env, database, db: database.db, queue, loginThrottle: new LoginThrottle() };
}

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { PROJECT_ROOT } from '../project-files';
import type { Database } from './database';

const defaultDir = path.join(PROJECT_ROOT, 'db/migrations');

/**
 * Applies db/migrations/*.sql in name order, each once, each in its own transaction.
 * Landed migrations are frozen: a change is a new file. `until` stops after that file (a
 * restore loads a backup at the level it was made, then applies the rest).
 */
export async function migrate(database: Database, dir = defaultDir, options: { until?: string } = {}): Promise<string[]> {
  await database.runScript(`
    create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );`);
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql') && (options.until === undefined || name <= options.until))
    .sort();
  const applied: string[] = [];
  for (const name of files) {
    const done = await sql<{ name: string }>`select name from schema_migrations where name = ${name}`.execute(database.db);
    if (done.rows.length > 0) continue;
    const body = fs.readFileSync(path.join(dir, name), 'utf8');
    const quoted = name.replace(/'/g, "''");
    // The advisory lock keeps two processes starting at once from applying the same file twice.
    await database
      .runScript(`
      select pg_advisory_xact_lock(7345120);
      do $guard$ begin
        if exists (select 1 from schema_migrations where name = '${quoted}') then
          raise exception 'migration-already-applied';
        end if;
      end $guard$;
      ${body}
      ;
      insert into schema_migrations (name) values ('${quoted}');`)
      .catch((error: Error) => {
        if (!String(error.message).includes('migration-already-applied')) {
          throw new Error(`Migration ${name} failed: ${error.message}`);
        }
      });
    applied.push(name);
  }
  return applied;
}

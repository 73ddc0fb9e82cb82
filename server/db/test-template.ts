import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startQueue } from '../queue';
import { type EmbeddedOptions, openDatabase, openEmbedded, type Database } from './database';
import { migrate } from './migrate';

/**
 * The migrated template every test database is copied from (ADR 0175), and embedded databases
 * made from it. Kept apart from test-database.ts, which also reaches a database server: a test
 * file that only needs an embedded database (a server process started on a data folder) then
 * runs once, not again in CI's run against PostgreSQL (tests/support/database-test-files.ts
 * picks that run's files by what their imports reach).
 */
/**
 * A migrated embedded database started as the server starts one (openEmbedded's settings), in a data
 * folder of its own (a test of the disk under it) or in 'memory': the template's copy, no initdb.
 */
export async function createEmbeddedTestDatabase(dataDir: string, options: Omit<EmbeddedOptions, 'loadDataDir'> = {}): Promise<Database> {
  const database = await openEmbedded(dataDir, { ...options, loadDataDir: await embeddedTemplate() });
  await migrate(database);
  return database;
}

/** Names what a template holds: the migration files (names, sizes, times) and pg-boss's version. */
export function templateFingerprint(): string {
  const dir = path.resolve(import.meta.dirname, '../../db/migrations');
  const parts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `${f}:${fs.statSync(path.join(dir, f)).size}:${fs.statSync(path.join(dir, f)).mtimeMs}`);
  const pgBoss = createRequire(import.meta.url)('pg-boss/package.json') as { version: string };
  parts.push(`pg-boss:${pgBoss.version}`);
  let hash = 0;
  for (const ch of parts.join('|')) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(16);
}

/** The migrations and pg-boss's own schema and queues, as a fresh database gets them at first start. */
export async function prepareTemplate(database: Database): Promise<void> {
  await migrate(database);
  const queue = await startQueue(database);
  await queue.stop({ graceful: false, timeout: 2000 });
}

/**
 * The template's bytes as PGlite reads them (it takes `loadDataDir.arrayBuffer()`), read from disk
 * once per worker: Node's Blob.arrayBuffer() gathers a 43 MB blob in 64 KiB pieces, about half a
 * CPU second for every test database, where copying the kept bytes costs a few milliseconds.
 */
class TemplateBytes extends Blob {
  constructor(private readonly content: ArrayBuffer) {
    super([]);
  }
  override get size() {
    return this.content.byteLength;
  }
  // A copy each time: nothing a database does can reach the next one's template.
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.content.slice(0));
  }
}
const templateBytes = new Map<string, TemplateBytes>();

export async function embeddedTemplate(): Promise<Blob> {
  const cacheDir = path.join(os.tmpdir(), 'tomekeeper-test-templates');
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `template-${templateFingerprint()}.tar`);
  const kept = templateBytes.get(file);
  if (kept) return kept;
  if (fs.existsSync(file)) {
    const buffer = fs.readFileSync(file);
    const bytes = new TemplateBytes(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
    templateBytes.set(file, bytes);
    return bytes;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await prepareTemplate(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return dump;
}

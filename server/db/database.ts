import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DiskWatchingFS, RecoveringInstance } from './embedded-recovery';
import { freeBytesAt, LOW_SPACE_BYTES } from './startup-failure';
import { vector } from '@electric-sql/pglite-pgvector';
import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import { bufferCacheMbForDataDir } from './buffer-cache';
import { PgliteDialect } from './pglite-dialect';
import { pristineDatabaseFor } from './pristine-database';
import type { DB } from './schema';
import { FLOAT4_ARRAY, parseRealArray, realArrayText } from './real-arrays';

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | 'memory' } | { kind: 'postgres'; url: string };

/** One open database: the Kysely handle every domain function takes, plus what the queue and migrator need. */
export interface Database {
  db: Kysely<DB>;
  kind: DatabaseTarget['kind'];
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  runScript(script: string): Promise<void>;
  /** The embedded engine, when that is what we run on (pg-boss uses it directly). */
  pglite?: PGlite;
  /** When the embedded engine last started again after its disk filled (ms), or null. */
  recoveredAt?(): number | null;
  /** Starts the embedded engine again over its folder, giving back the memory its work touched (ADR 0356). */
  relaunch?(): Promise<void>;
  /** The server connection string, when we run on a Postgres server. */
  url?: string;
  close(): Promise<void>;
}

export function databaseTargetFromEnv(env: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseTarget {
  return env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pg') };
}

/**
 * `empty`: a fresh embedded data folder gets an empty database (initdb), not the build's migrated
 * one (pristine-database.ts): what a restore needs, since it migrates only to its backup's level.
 */
export async function openDatabase(target: DatabaseTarget, options: { empty?: boolean } = {}): Promise<Database> {
  if (target.kind === 'postgres') return openServer(target.url);
  return openEmbedded(target.dataDir, options.empty ? { pristineFile: null } : {});
}

const BYTEA = 17;

/**
 * PGlite's own bytea conversion goes byte by byte in JavaScript (a 50 MB upload held the event
 * loop for half a minute). A bytea parameter is sent as the bytes themselves: PGlite passes bytes
 * in the binary format, which Postgres copies as they are, so no hex is written in JavaScript nor
 * read in WebAssembly (12 parts of 128 KiB: 25-51 ms, against 86-182 ms as hex; ADR 0252). What
 * comes back is hex, read by Node's Buffer natively.
 */
export const FAST_BYTEA = {
  serializers: {
    // PGlite's serializer type says string; bytes are what it binds in the binary format.
    [BYTEA]: (value: Uint8Array) => value as unknown as string,
  },
  parsers: {
    [BYTEA]: (text: string) => {
      const bytes = Buffer.from(text.slice(2), 'hex');
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  },
};

/**
 * The embedded database's ANALYZE sample, in Postgres's unit (300 rows each): 10 samples 3,000
 * rows. At Postgres's default of 100 the sample grew with the library up to 30,000 passages of
 * about 4 KB, and PGlite's heap keeps the largest sample it ever held: 17 uploads of a 199-page
 * PDF left the server 19% over its first idle, 6% with 10 (bench/memory/run.ts with
 * PDF_AGAIN=16). The planner loses nothing measurable: retrieval p95 and recall at 10k and 100k
 * passages were unchanged, and the search tables' ANALYZE at 100k fell from 1.8-2.0 s to 0.18 s,
 * a statement every search would wait behind. The Postgres server keeps its own setting: its
 * ANALYZE runs in a backend whose memory goes back to the system.
 */
const EMBEDDED_STATISTICS_TARGET = 10;

/**
 * Postgres settings of the embedded database, given at start (they override the data folder's
 * postgresql.conf). PGlite's memory is one WebAssembly heap that grows and never shrinks, so
 * every page Postgres touches once stays resident: initdb's 128 MB of shared buffers filled up
 * with the first large reads and stayed. The pool is sized from the library at start-up: 32 MB
 * for a small one keeps its share bounded (pages beyond it come from the operating system's
 * file cache; ADR 0165), up to 256 MB for a library of thousands of pages (ADR 0218).
 * ANALYZE's sample is kept small (EMBEDDED_STATISTICS_TARGET).
 */
export function pgliteSettings(dataDir: string | 'memory'): string[] {
  return [`shared_buffers=${bufferCacheMbForDataDir(dataDir)}MB`, `default_statistics_target=${EMBEDDED_STATISTICS_TARGET}`];
}

export function pgliteStartParams(dataDir: string | 'memory'): string[] {
  return [...PGlite.defaultStartParams, ...pgliteSettings(dataDir).flatMap((setting) => ['-c', setting])];
}

/** How a test starts the embedded database: a filesystem of its own, a data folder to load. */
export interface EmbeddedOptions {
  filesystem?: (dataDir: string, onDiskFull: () => void) => DiskWatchingFS;
  loadDataDir?: Blob;
  /** The build's empty database a fresh folder is loaded from (pristine-database.ts); null: none, initdb. */
  pristineFile?: string | null;
}

export async function openEmbedded(dataDir: string | 'memory', options: EmbeddedOptions = {}): Promise<Database> {
  const settings = { extensions: { vector }, ...FAST_BYTEA };
  if (dataDir === 'memory')
    return embeddedDatabase(
      await PGlite.create('memory://', {
        ...settings,
        startParams: pgliteStartParams(dataDir),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      }),
    );
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const filesystem = options.filesystem ?? ((dir, onDiskFull) => new DiskWatchingFS(dir, onDiskFull));
  let loadDataDir = options.loadDataDir ?? (options.pristineFile === null ? undefined : pristineDatabaseFor(dataDir, options.pristineFile));
  const instance = await RecoveringInstance.start((onDiskFull, restart) => {
    // A start on a disk known to be full never settles (it stops at its first failed write), and
    // each one holds its memory: after a failure, none is tried until the disk has room again.
    const free = restart ? freeBytesAt(dataDir) : null;
    if (free !== null && free < LOW_SPACE_BYTES)
      throw Object.assign(new Error('No space left on device: the disk holding the data folder is full'), { code: 'ENOSPC' });
    const watched = filesystem(dataDir, onDiskFull);
    // The settings are read at each start, so a relaunch sizes the buffer pool from the library as a restart would.
    const pglite = PGlite.create({ ...settings, startParams: pgliteStartParams(dataDir), fs: watched, ...(loadDataDir ? { loadDataDir } : {}) });
    loadDataDir = undefined;
    return { fs: watched, pglite };
  });
  return { ...embeddedDatabase(instance.asPglite()), recoveredAt: () => instance.recoveredAt, relaunch: () => instance.relaunch() };
}

/** A Database over an open PGlite (also used by tests, which load it from a template). */
export function embeddedDatabase(pglite: PGlite): Database {
  const db = new Kysely<DB>({ dialect: new PgliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    runScript: async (script) => {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** How long closing waits for statements still running before it cuts the connections. */
const CLOSE_TIMEOUT_SECONDS = 2;

async function openServer(url: string): Promise<Database> {
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    types: {
      // Our jsonb values arrive already serialised (as with PGlite); postgres.js would encode
      // such a string a second time and store a JSON string instead of the object.
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
        parse: (text: string) => JSON.parse(text),
      },
      // Dates given as text (timeline dates before year 1 or after 9999) go to Postgres as
      // written; postgres.js would push them through a JavaScript Date and lose them.
      date: {
        to: 1184,
        from: [1082, 1114, 1184],
        serialize: (value: unknown) => (typeof value === 'string' ? value : (value as Date).toISOString()),
        parse: (text: string) => new Date(text),
      },
      // Embeddings given as Float32Array (server/db/real-arrays.ts). Registering the parse too
      // keeps postgres.js from putting its own array serializer back when it loads the types.
      realArray: {
        to: FLOAT4_ARRAY,
        from: [FLOAT4_ARRAY],
        serialize: (value: unknown) => (typeof value === 'string' ? value : realArrayText(value as Float32Array | number[])),
        parse: parseRealArray,
      },
    },
  });
  const db = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }) });
  return {
    db,
    kind: 'postgres',
    url,
    runScript: async (script) => {
      await sql.begin(async (tx) => {
        await tx.unsafe(script);
      });
    },
    close: async () => {
      // Bounded: postgres.js (3.4) never finishes end() for a connection that was reserved when
      // end() began (porsager/postgres#925 is a relative, with the same way out), and Kysely
      // reserves one for every statement, so closing while any statement ran (a job that
      // outlived its queue's stop) waited forever. After the bound the connections are cut;
      // Kysely's own end() then finds the pool ended.
      await sql.end({ timeout: CLOSE_TIMEOUT_SECONDS });
      await db.destroy();
    },
  };
}

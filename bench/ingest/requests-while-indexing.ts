/**
 * How long a GM's request waits while the vectors of a finished upload are moved into the vector
 * index (jobs/index-vectors.ts, ADR 0244), on the embedded database at a library's size:
 *   BENCH_LIBRARY_DIR=/tmp/lib SHARED_DIR=../shared npx tsx bench/ingest/requests-while-indexing.ts
 * BENCH_SCALE (100000; the library is built on first use, as bench/retrieval/scale.ts builds it),
 * ROUNDS (3), VECTORS (620: spellcasting.pdf's passages). Run it by node with `--liftoff-only`
 * to time the database as `scripts/serve.sh` runs it.
 *
 * Each round takes VECTORS indexed vectors out of the index and leaves them pending, as an ingest
 * does, then moves them in with the domain's `indexPendingVectors` as background work, while a
 * GM's request (GET /api/datasets, through the app) is sent every 100-200 ms. The
 * same request with nothing in the background is the anchor. On the embedded database a request's
 * statement waits for the statement under way, so its wait follows the longest move statement.
 * Each round leaves its vectors' old entries dead in the library's HNSW index (the embedded
 * database does not vacuum that table, ADR 0249): searches on the library are slower afterwards,
 * so time retrieval on a library built afresh.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { inBackground } from '../../server/db/foreground';
import { indexPendingVectors } from '../../server/domain/retrieval/vector-index';
import { bearer, createTestApp } from '../../tests/support/test-app';
import { openLibrary } from '../retrieval/library';

const SCALE = Number(process.env.BENCH_SCALE ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const VECTORS = Number(process.env.VECTORS ?? 620);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (ms: number) => ms.toFixed(1);

const library = await openLibrary('pglite', SCALE);
const db = library.database.db;
const t = await createTestApp({ database: library.database });
const gm = await t.signUp();
// Vectors a stopped run left pending go in first.
await indexPendingVectors(db);

let sent = 0;
/** A GM's request, answered this long after `due` (ms). */
async function answeredAfter(due: number): Promise<number> {
  // From a new address each time, so the API's rate limit (600 a minute a client) never answers.
  const remoteAddress = `10.0.${Math.floor(++sent / 250)}.${sent % 250}`;
  const response = await t.app.inject({ method: 'GET', url: '/api/datasets', headers: bearer(gm.token), remoteAddress });
  if (response.statusCode !== 200) throw new Error(`GET /api/datasets: ${response.statusCode}`);
  return performance.now() - due;
}

/**
 * A GM's requests while `until` runs: one every 100-200 ms (a fixed pseudo-random sequence), each
 * sent when due whether or not the last has been answered, and timed from when it was due. The
 * embedded database runs its statements on this thread, so a request due during a long statement
 * is sent late: timing it from when it was sent would hide the wait a GM's browser sees.
 */
async function requestsUntil(until: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void until.finally(() => {
    settled = true;
  });
  const times: Promise<number>[] = [];
  let due = performance.now();
  let seed = 7;
  while (!settled) {
    seed = (seed * 48_271) % 2_147_483_647;
    due += 100 + (seed % 100);
    await sleep(Math.max(0, due - performance.now()));
    times.push(answeredAfter(due));
  }
  return Promise.all(times);
}

const rows: string[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const idle = await requestsUntil(sleep(3_000));
  await sql`with taken as (
      delete from chunk_embeddings where chunk_id in (select chunk_id from chunk_embeddings order by chunk_id desc limit ${VECTORS})
      returning chunk_id, model, embedding
    ) insert into chunk_embeddings_pending (chunk_id, model, embedding) select chunk_id, model, embedding from taken`.execute(db);
  const started = performance.now();
  const moving = inBackground(() => indexPendingVectors(db));
  const during = await requestsUntil(moving);
  const { moved, rebuilt } = await moving;
  const took = performance.now() - started;
  if (rebuilt || moved !== VECTORS) throw new Error(`expected ${VECTORS} vectors moved one batch at a time, got ${moved} (rebuilt: ${rebuilt})`);
  rows.push(
    `| ${round} | ${fmt(percentile(idle, 50))} / ${fmt(percentile(idle, 95))} | ${during.length} | ${fmt(percentile(during, 50))} / ${fmt(percentile(during, 95))} / ${fmt(Math.max(...during))} | ${took.toFixed(0)} ms |`,
  );
}
await t.close();

console.log(`GET /api/datasets while ${VECTORS} vectors are moved into the index of a ${SCALE}-passage embedded library; load average ${os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}

| round | idle p50 / p95 (the anchor) | requests during the move | during: p50 / p95 / max | the move took |
|---|---|---|---|---|
${rows.join('\n')}`);
process.exit(0);

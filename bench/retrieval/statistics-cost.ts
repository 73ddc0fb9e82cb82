/**
 * What keeping the search statistics (migration 083's trigger) adds to writing passages.
 *   npx tsx bench/retrieval/statistics-cost.ts
 * The SRD's passages (the real chunker, offline embeddings) are written into a fresh embedded
 * database in batches of 128, as ingestion writes them, alternately with the statistics trigger
 * on and off (BENCH_ROUNDS rounds each, default 3); each round's tome is deleted after it.
 */
import { sql } from 'kysely';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { ingestSrd } from './corpus';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
await migrate(database);
const { db } = database;
const user = await db.insertInto('users').values({ username: 'cost', email: 'cost@example.com', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
const embedder = new OfflineEmbedder();
const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
for (let round = 0; round <= rounds; round += 1) {
  for (const mode of ['on', 'off'] as const) {
    const toggle = mode === 'on' ? sql`enable` : sql`disable`;
    for (const name of ['insert', 'delete', 'update']) await sql`alter table chunks ${toggle} trigger ${sql.raw(`chunks_search_statistics_${name}`)}`.execute(db);
    const started = performance.now();
    const corpus = await ingestSrd(db, user.id, embedder);
    const ms = performance.now() - started;
    if (round > 0) times[mode].push(ms);
    process.stderr.write(`round ${round} statistics ${mode}: ${corpus.chunkCount} passages in ${(ms / 1000).toFixed(2)} s\n`);
    await db.deleteFrom('datasets').where('id', '=', corpus.datasetId).execute();
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const ratios = times.on.map((on, i) => on / times.off[i]);
console.log(`| writing the SRD's passages | min s | median s |\n|---|---|---|`);
for (const mode of ['off', 'on'] as const)
  console.log(`| statistics ${mode} | ${(Math.min(...times[mode]) / 1000).toFixed(2)} | ${(median(times[mode]) / 1000).toFixed(2)} |`);
console.log(`| on ÷ off (same round) | ${Math.min(...ratios).toFixed(2)} | ${median(ratios).toFixed(2)} |`);
await database.close();

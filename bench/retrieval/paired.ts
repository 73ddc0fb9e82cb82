/**
 * This checkout's hybrid retrieval against another checkout's, question by question, on one
 * scale library, in one process (so both meet the same machine in the same seconds):
 *   BENCH_BEFORE=/path/to/other/checkout BENCH_KINDS=postgres BENCH_SCALES=100000 npx tsx bench/retrieval/paired.ts
 * BENCH_REPEATS=5 (runs of each side per question; the side that goes first alternates),
 * BENCH_QUESTIONS, BENCH_LIBRARY_DIR / BENCH_DATABASE_URL as in scale.ts (the libraries must exist).
 * BENCH_BEFORE_DATABASE_URL (postgres only): a second server holding the same library for the
 * other checkout, opened and migrated by that checkout's own code, for a change whose migration
 * the other checkout's queries do not expect (without it both sides share this checkout's library).
 *
 * Each question's time is the minimum of its runs (what the code needs when the machine lets it
 * run), then p50 and p95 over the questions; the median of the runs is shown beside it. Both
 * sides should return the same passages in the same order: the questions where they differ are
 * counted, apart from those where a side's own runs disagree (the HNSW scan's relaxed order).
 *
 * CPU per search, per side: the Node process's (process.cpuUsage) and, on the Postgres server
 * when it runs on this machine, its backends' for the library's database (/proc/<pid>/schedstat).
 * On a shared machine these move far less with the load than the wall times do.
 *
 * The anchor: the same database parsing the first 2,000 passages' text (to_tsvector), least of
 * five, before and after the runs. Machines differ (session 16's ran this code in half the
 * time of session 15's): the p95 over the anchor compares runs on different machines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { refreshSearchStatistics, searchPassages } from '../../server/domain/retrieval';
import type { SearchScope } from '../../server/domain/retrieval/scope';
import postgres from 'postgres';
import { loadGroundingQuestions } from '../grounding/questions';
import { openLibrary, serverUrl, type LibraryKind } from './library';

const before = process.env.BENCH_BEFORE;
if (!before) throw new Error('Set BENCH_BEFORE to the other checkout (with its node_modules) to compare against.');
const beforeSearch = (await import(path.resolve(before, 'server/domain/retrieval/index.ts'))) as { searchPassages: typeof searchPassages };
const beforeServer = process.env.BENCH_BEFORE_DATABASE_URL;
const beforeLibrary = beforeServer ? ((await import(path.resolve(before, 'bench/retrieval/library.ts'))) as { openLibrary: typeof openLibrary }) : undefined;

/** The other checkout's copy of the library, on its own server and schema (BENCH_BEFORE_DATABASE_URL). */
async function openBeforeLibrary(kind: LibraryKind, scale: number) {
  if (!beforeServer || !beforeLibrary) return undefined;
  const own = process.env.BENCH_DATABASE_URL;
  // library.ts reads the server's address when it opens a tier.
  process.env.BENCH_DATABASE_URL = beforeServer;
  try {
    return await beforeLibrary.openLibrary(kind, scale);
  } finally {
    process.env.BENCH_DATABASE_URL = own;
  }
}

const kinds = (process.env.BENCH_KINDS ?? 'postgres').split(',') as LibraryKind[];
const scales = (process.env.BENCH_SCALES ?? '100000').split(',').map(Number);
const repeats = Number(process.env.BENCH_REPEATS ?? 5);
const embedder = new OfflineEmbedder();
// The questions scale.ts asks: every other SRD question.
const questions = loadGroundingQuestions()
  .filter((q) => q.file.endsWith('.md') && /^\d\d-/.test(q.file))
  .filter((_, i) => i % 2 === 0)
  .slice(0, Number(process.env.BENCH_QUESTIONS ?? 100));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const fmt = (x: number) => x.toFixed(1);

/** CPU time (ms) of the server's backends connected to a database, when they run on this machine (0 elsewhere). */
function serverCpu(kind: LibraryKind, database: string, url = serverUrl()): { read: () => Promise<number>; end: () => Promise<void> } {
  if (kind !== 'postgres') return { read: async () => 0, end: async () => {} };
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const read = async () => {
    const rows = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
    let ns = 0;
    for (const { pid } of rows) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // Not on this machine, or the connection closed.
      }
    }
    return ns / 1e6;
  };
  return { read, end: () => admin.end() };
}

/** The anchor: the database's own text parsing of a fixed set of passages, least of five runs (ms). */
async function anchor(db: Awaited<ReturnType<typeof openLibrary>>['database']['db']): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    await sql`select count(*) from (select to_tsvector('english', content) as v from (select content from chunks order by id limit 2000) p) t where length(t.v) >= 0`.execute(
      db,
    );
    least = Math.min(least, performance.now() - started);
  }
  return least;
}

for (const kind of kinds) {
  for (const scale of scales) {
    const library = await openLibrary(kind, scale);
    const { db } = library.database;
    await refreshSearchStatistics(db);
    const scope: SearchScope = { userId: library.userId, datasetIds: library.datasetIds };
    const other = kind === 'postgres' ? await openBeforeLibrary(kind, scale) : undefined;
    if (other) await refreshSearchStatistics(other.database.db);
    const beforeDb = other?.database.db ?? db;
    const beforeScope: SearchScope = other ? { userId: other.userId, datasetIds: other.datasetIds } : scope;
    const sides = {
      before: (request: Omit<Parameters<typeof searchPassages>[1], 'scope'>) => beforeSearch.searchPassages(beforeDb, { ...request, scope: beforeScope }),
      after: (request: Omit<Parameters<typeof searchPassages>[1], 'scope'>) => searchPassages(db, { ...request, scope }),
    };
    // Passages compared by their place in the library (the same in both copies), not by id.
    const placeOf = async (database: typeof db, ids: number[]) => {
      if (ids.length === 0) return '';
      const rows = await database
        .selectFrom('chunks as c')
        .innerJoin('documents as d', 'd.id', 'c.document_id')
        .select(['c.id', 'd.filename', 'c.ordinal', 'c.dataset_id'])
        .where('c.id', 'in', ids)
        .execute();
      const datasets = database === db ? scope.datasetIds : beforeScope.datasetIds;
      const byId = new Map(rows.map((row) => [Number(row.id), `${datasets.indexOf(row.dataset_id)}/${row.filename}#${row.ordinal}`]));
      return ids.map((id) => byId.get(id)).join(',');
    };
    const mins = { before: [] as number[], after: [] as number[] };
    const medians = { before: [] as number[], after: [] as number[] };
    const dbCpu = serverCpu(kind, `tk_retrieval_${scale}`);
    const beforeDbCpu = other && beforeServer ? serverCpu(kind, `tk_retrieval_${scale}`, beforeServer) : dbCpu;
    const cpuOf = { before: beforeDbCpu, after: dbCpu };
    const cpu = { before: { node: 0, server: 0 }, after: { node: 0, server: 0 } };
    let differing = 0;
    const unstable = { before: 0, after: 0 };
    const anchorStart = await anchor(db);
    // One warm-up pass of each side.
    for (const question of questions) for (const search of Object.values(sides)) await search({ query: question.question, embedder, level: 'medium' });
    for (const [q, question] of questions.entries()) {
      const times = { before: [] as number[], after: [] as number[] };
      const ids = { before: new Set<string>(), after: new Set<string>() };
      for (let r = 0; r < repeats; r += 1) {
        const order = (q + r) % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        for (const side of order) {
          const serverBefore = await cpuOf[side].read();
          const nodeBefore = process.cpuUsage();
          const started = performance.now();
          const result = await sides[side]({ query: question.question, embedder, level: 'medium' });
          times[side].push(performance.now() - started);
          const node = process.cpuUsage(nodeBefore);
          cpu[side].node += (node.user + node.system) / 1000;
          cpu[side].server += (await cpuOf[side].read()) - serverBefore;
          const chunkIds = result.passages.map((p) => p.chunkId);
          ids[side].add(other ? await placeOf(side === 'before' ? beforeDb : db, chunkIds) : chunkIds.join(','));
        }
      }
      // A side whose runs disagree with each other (the HNSW scan's relaxed order) is counted apart.
      for (const side of ['before', 'after'] as const) if (ids[side].size > 1) unstable[side] += 1;
      if (ids.before.size === 1 && ids.after.size === 1 && [...ids.before][0] !== [...ids.after][0]) differing += 1;
      for (const side of ['before', 'after'] as const) {
        mins[side].push(Math.min(...times[side]));
        medians[side].push(percentile(times[side], 50));
      }
    }
    console.log(
      `\n## ${kind}, ${library.passages} passages, ${questions.length} questions x ${repeats} runs a side, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log(
      '| side | p50 of per-question min | p95 of per-question min | p50 of per-question median | p95 of per-question median | CPU per search: Node / server, ms |',
    );
    console.log('|---|---|---|---|---|---|');
    const searches = questions.length * repeats;
    for (const side of ['before', 'after'] as const)
      console.log(
        `| ${side} | ${fmt(percentile(mins[side], 50))} | ${fmt(percentile(mins[side], 95))} | ${fmt(percentile(medians[side], 50))} | ${fmt(percentile(medians[side], 95))} | ${fmt(cpu[side].node / searches)} / ${kind === 'postgres' ? fmt(cpu[side].server / searches) : '-'} |`,
      );
    const anchorEnd = await anchor(db);
    console.log(
      `\nAnchor (the database parsing 2,000 passages' text, least of 5): ${fmt(anchorStart)} ms before the runs, ${fmt(anchorEnd)} ms after; p95 of per-question min over the anchor's mean: before ${(percentile(mins.before, 95) / ((anchorStart + anchorEnd) / 2)).toFixed(2)}, after ${(percentile(mins.after, 95) / ((anchorStart + anchorEnd) / 2)).toFixed(2)}`,
    );
    console.log(
      `\nQuestions whose passages differ between the sides (each side the same in all its runs): ${differing} of ${questions.length}; questions whose runs disagree within a side: before ${unstable.before}, after ${unstable.after}`,
    );
    await dbCpu.end();
    if (beforeDbCpu !== dbCpu) await beforeDbCpu.end();
    await other?.database.close();
    await library.database.close();
  }
}

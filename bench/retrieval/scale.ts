/**
 * Hybrid retrieval latency as the library grows, on the embedded database and the Postgres server.
 *   npm run bench:retrieval:scale
 * BENCH_KINDS=pglite,postgres (which databases), BENCH_SCALES=10000,30000,100000 (passages in
 * scope), BENCH_PASSES=5 (timed passes after one warm-up; 0 only builds the libraries),
 * BENCH_HYBRID=0 (only the candidate steps), BENCH_STEP_PASSES=2 (passes timing each step alone),
 * BENCH_EXACT_MAX=10000 (the exact vector fallback is timed up to this many passages), BENCH_QUESTIONS (the first n), BENCH_LIBRARY_DIR / BENCH_DATABASE_URL
 * (where the libraries are kept, see library.ts: the first run builds them, later runs reuse them).
 *
 * Every tier of one database is open at once and the passes go round the tiers in turn, so the
 * growth ratios (each tier against the smallest) compare runs of the same minutes on a shared
 * machine. Each question is one hybrid retrieval at the medium level (the offline query
 * embedding included), as chat runs it; then each candidate step is timed alone. Quality: the
 * share of questions with an answering SRD passage among the eight passages returned (the real
 * SRD is in every tier, the rest are distractors made of its own sentences).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { refreshSearchStatistics, searchPassages } from '../../server/domain/retrieval';
import { exactNameCandidates, namesIn } from '../../server/domain/retrieval/exact-names';
import { fullTextCandidates } from '../../server/domain/retrieval/full-text';
import type { SearchScope } from '../../server/domain/retrieval/scope';
import { titleCandidatesIn } from '../../server/domain/retrieval/titles';
import { vectorBackendOf, vectorCandidates } from '../../server/domain/retrieval/vector-search';
import { answers, loadGroundingQuestions } from '../grounding/questions';
import { openLibrary, type Library, type LibraryKind } from './library';

const kinds = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',') as LibraryKind[];
const scales = (process.env.BENCH_SCALES ?? '10000,30000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const passes = Number(process.env.BENCH_PASSES ?? 5);
const embedder = new OfflineEmbedder();
const LIMIT = 50;

// Questions about the SRD (lore and session questions are about files the library does not hold):
// every other one, tuning and test halves alike.
const questions = loadGroundingQuestions()
  .filter((q) => q.file.endsWith('.md') && /^\d\d-/.test(q.file))
  .filter((_, i) => i % 2 === 0)
  .slice(0, Number(process.env.BENCH_QUESTIONS ?? 100));
const stepPasses = Number(process.env.BENCH_STEP_PASSES ?? 2);
const exactMax = Number(process.env.BENCH_EXACT_MAX ?? 10_000);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const median = (values: number[]) => percentile(values, 50);
const fmt = (x: number) => x.toFixed(1);

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

for (const kind of kinds) {
  const libraries: Library[] = [];
  for (const scale of scales) libraries.push(await openLibrary(kind, scale));
  // As a running server keeps them (statistics.ts): planner statistics fresh, the full-text index's pending list merged.
  for (const library of libraries) await refreshSearchStatistics(library.database.db);
  if (passes === 0) {
    // BENCH_PASSES=0 only builds (or migrates) the libraries.
    for (const library of libraries) await library.database.close();
    continue;
  }
  const backend = await vectorBackendOf(libraries[0].database.db);
  console.log(
    `\n## ${kind} (vector search: ${backend}), ${questions.length} questions, ${passes} passes, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );

  // Per tier, per pass: every question's hybrid retrieval time (BENCH_HYBRID=0 skips this part).
  const hybridPasses = process.env.BENCH_HYBRID === '0' ? -1 : passes;
  const hybrid = libraries.map(() => [] as number[][]);
  const recall = libraries.map(() => 0);
  const anchors = libraries.map(() => [] as number[]);
  for (let pass = 0; pass <= hybridPasses; pass += 1) {
    for (const [t, library] of libraries.entries()) {
      const scope: SearchScope = { userId: library.userId, datasetIds: library.datasetIds };
      const times: number[] = [];
      let hits = 0;
      for (const question of questions) {
        if (pass > 0) anchors[t].push((await timed(() => sql`select id from chunks where id = 1`.execute(library.database.db)))[0]);
        const [ms, result] = await timed(() => searchPassages(library.database.db, { scope, query: question.question, embedder, level: 'medium' }));
        times.push(ms);
        if (result.passages.some((p) => answers(question, p) && p.datasetId === library.srdDatasetId)) hits += 1;
      }
      if (pass > 0) hybrid[t].push(times);
      recall[t] = hits / questions.length;
      process.stderr.write(`  ${kind} ${library.passages} pass ${pass}: p50 ${fmt(median(times))} p95 ${fmt(percentile(times, 95))} ms\n`);
    }
  }

  if (hybridPasses > 0)
    console.log(
      '| passages | hybrid p50 (min / median of passes) | hybrid p95 (min / median) | p95 ÷ smallest tier (min / median) | recall at medium | anchor p50 (one row by primary key) |',
    );
  if (hybridPasses > 0) console.log('|---|---|---|---|---|---|');
  const p95s = hybrid.map((tier) => tier.map((times) => percentile(times, 95)));
  const p50s = hybrid.map((tier) => tier.map((times) => median(times)));
  for (const [t, library] of hybridPasses > 0 ? libraries.entries() : []) {
    const ratios = p95s[t].map((p95, pass) => p95 / p95s[0][pass]);
    console.log(
      `| ${library.passages} | ${fmt(Math.min(...p50s[t]))} / ${fmt(median(p50s[t]))} | ${fmt(Math.min(...p95s[t]))} / ${fmt(median(p95s[t]))} | ${Math.min(...ratios).toFixed(2)} / ${median(ratios).toFixed(2)} | ${(recall[t] * 100).toFixed(1)}% | ${median(anchors[t]).toFixed(2)} |`,
    );
  }

  // Each candidate step alone (BENCH_STEP_PASSES passes, all questions pooled): where the time goes.
  console.log(`\n| passages | candidate step alone (load average ${os.loadavg()[0].toFixed(1)}) | p50 ms | p95 ms |`);
  console.log('|---|---|---|---|');
  for (const library of libraries) {
    const { db } = library.database;
    const scope: SearchScope = { userId: library.userId, datasetIds: library.datasetIds };
    // The anchor: a trivial indexed SELECT in the same loop, so each step reads against what the machine gave in those seconds.
    const steps: Record<string, number[]> = { 'anchor (one row by primary key)': [], 'full text': [], vector: [], 'exact names': [], titles: [] };
    for (let pass = 0; pass < stepPasses; pass += 1) {
      for (const question of questions) {
        const query = question.question;
        steps['anchor (one row by primary key)'].push((await timed(() => sql`select id from chunks where id = 1`.execute(db)))[0]);
        steps['full text'].push((await timed(() => fullTextCandidates(db, scope, query, LIMIT)))[0]);
        const vector = (await embedder.embed([query], 'query')).vectors[0];
        // The exact fallback compares the question with every vector in scope: left out beyond BENCH_EXACT_MAX passages.
        if (backend === 'pgvector' || library.passages <= exactMax)
          steps.vector.push((await timed(() => vectorCandidates(db, scope, vector, { model: embedder.model, limit: LIMIT })))[0]);
        steps['exact names'].push((await timed(() => exactNameCandidates(db, scope, namesIn(query), LIMIT)))[0]);
        steps.titles.push((await timed(() => titleCandidatesIn(db, scope, query, 24)))[0]);
      }
    }
    for (const [step, times] of Object.entries(steps))
      if (times.length > 0) console.log(`| ${library.passages} | ${step} | ${fmt(median(times))} | ${fmt(percentile(times, 95))} |`);
  }
  for (const library of libraries) await library.database.close();
}

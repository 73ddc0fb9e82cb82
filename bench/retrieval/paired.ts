/**
 * This checkout's hybrid retrieval against another checkout's, question by question, on one
 * scale library, in one process (so both meet the same machine in the same seconds):
 *   BENCH_BEFORE=/path/to/other/checkout BENCH_KINDS=postgres BENCH_SCALES=100000 npx tsx bench/retrieval/paired.ts
 * BENCH_REPEATS=5 (runs of each side per question; the side that goes first alternates),
 * BENCH_QUESTIONS, BENCH_LIBRARY_DIR / BENCH_DATABASE_URL as in scale.ts (the libraries must exist).
 *
 * Each question's time is the minimum of its runs (what the code needs when the machine lets it
 * run), then p50 and p95 over the questions; the median of the runs is shown beside it. Both
 * sides should return the same passages in the same order: the questions where they differ are
 * counted, apart from those where a side's own runs disagree (the HNSW scan's relaxed order).
 */
import os from 'node:os';
import path from 'node:path';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { refreshSearchStatistics, searchPassages } from '../../server/domain/retrieval';
import type { SearchScope } from '../../server/domain/retrieval/scope';
import { loadGroundingQuestions } from '../grounding/questions';
import { openLibrary, type LibraryKind } from './library';

const before = process.env.BENCH_BEFORE;
if (!before) throw new Error('Set BENCH_BEFORE to the other checkout (with its node_modules) to compare against.');
const beforeSearch = (await import(path.resolve(before, 'server/domain/retrieval/index.ts'))) as { searchPassages: typeof searchPassages };

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

for (const kind of kinds) {
  for (const scale of scales) {
    const library = await openLibrary(kind, scale);
    const { db } = library.database;
    await refreshSearchStatistics(db);
    const scope: SearchScope = { userId: library.userId, datasetIds: library.datasetIds };
    const sides = { before: beforeSearch.searchPassages, after: searchPassages };
    const mins = { before: [] as number[], after: [] as number[] };
    const medians = { before: [] as number[], after: [] as number[] };
    let differing = 0;
    const unstable = { before: 0, after: 0 };
    // One warm-up pass of each side.
    for (const question of questions) for (const search of Object.values(sides)) await search(db, { scope, query: question.question, embedder, level: 'medium' });
    for (const [q, question] of questions.entries()) {
      const times = { before: [] as number[], after: [] as number[] };
      const ids = { before: new Set<string>(), after: new Set<string>() };
      for (let r = 0; r < repeats; r += 1) {
        const order = (q + r) % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        for (const side of order) {
          const started = performance.now();
          const result = await sides[side](db, { scope, query: question.question, embedder, level: 'medium' });
          times[side].push(performance.now() - started);
          ids[side].add(result.passages.map((p) => p.chunkId).join(','));
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
    console.log('| side | p50 of per-question min | p95 of per-question min | p50 of per-question median | p95 of per-question median |');
    console.log('|---|---|---|---|---|');
    for (const side of ['before', 'after'] as const)
      console.log(
        `| ${side} | ${fmt(percentile(mins[side], 50))} | ${fmt(percentile(mins[side], 95))} | ${fmt(percentile(medians[side], 50))} | ${fmt(percentile(medians[side], 95))} |`,
      );
    console.log(
      `\nQuestions whose passages differ between the sides (each side the same in all its runs): ${differing} of ${questions.length}; questions whose runs disagree within a side: before ${unstable.before}, after ${unstable.after}`,
    );
    await library.database.close();
  }
}

/**
 * What the quiet-time collection gives back (server/collect-when-quiet.ts, ADR 0237): a job leaves
 * ~40 MB of garbage in the old generation, the process goes quiet, and the collector runs V8's
 * memory-reducing collection. Prints the heap in use and the heap committed before and after; fails
 * when either fell by less than the budget.
 *   node_modules/node/bin/node --expose-gc --max-semi-space-size=4 --import tsx bench/memory/collect-when-quiet.ts
 * (scripts/serve.sh starts the server with --expose-gc; the small semi-space sends the garbage to the
 * old generation as a long job's does.)
 */
export {};

const BUDGET_FREED_MB = 20; // both the heap in use and the committed heap must fall by more than this
const MB = 1024 * 1024;

const nodeGc = globalThis.gc;
if (!nodeGc) {
  console.error('Run with --expose-gc (see the comment at the top of this file).');
  process.exit(2);
}
let collected: () => void = () => {};
const collection = new Promise<void>((resolve) => {
  collected = resolve;
});
// Wrapped before the module reads it, so the collection is awaited as it happens.
const collect = nodeGc;
globalThis.gc = ((options?: Parameters<typeof collect>[0]) => {
  const result = collect(options as never);
  collected();
  return result;
}) as typeof collect;
const { collectWhenQuiet } = await import('../../server/collect-when-quiet');

const jobs = collectWhenQuiet({ quietMs: 50 });
jobs.started();
let rows: unknown[] | null = Array.from({ length: 300_000 }, (_, i) => ({ id: i, text: `passage ${i}`, vector: [i, i + 1, i + 2] }));
await new Promise((resolve) => setTimeout(resolve, 10));
const garbageRows = rows.length;
rows = null;
jobs.ended();
const before = process.memoryUsage();
const alive = setInterval(() => {}, 60_000); // the collector's timer does not keep a process alive
await collection;
clearInterval(alive);
const after = process.memoryUsage();

const freed = (before.heapUsed - after.heapUsed) / MB;
const uncommitted = (before.heapTotal - after.heapTotal) / MB;
console.log(
  JSON.stringify({
    garbage_rows: garbageRows,
    heap_freed_mb: Number(freed.toFixed(1)),
    committed_returned_mb: Number(uncommitted.toFixed(1)),
    budget_mb: BUDGET_FREED_MB,
  }),
);
if (freed <= BUDGET_FREED_MB || uncommitted <= BUDGET_FREED_MB) {
  console.error(
    `Over budget: the collection gave back ${freed.toFixed(1)} MB of heap and ${uncommitted.toFixed(1)} MB committed (budget: more than ${BUDGET_FREED_MB} MB each)`,
  );
  process.exit(1);
}

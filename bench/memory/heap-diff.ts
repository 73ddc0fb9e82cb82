/**
 * What grew between two V8 heap snapshots (from bench/memory/soak.ts SNAPSHOTS_AFTER=...):
 *   node --max-old-space-size=6000 node_modules/.bin/tsx bench/memory/heap-diff.ts A.heapsnapshot B.heapsnapshot
 * Sums the nodes' own sizes by kind (an object's constructor, a closure's name; strings and
 * numbers by kind only) and prints the kinds whose total grew most from A to B. A hint for where
 * to look, not a proof: an own size is not what a node keeps alive. With one snapshot, its
 * largest kinds.
 */
import fs from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

type Totals = Map<string, { count: number; bytes: number }>;

function totalsOf(file: string): Totals {
  const heap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const typeNames = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const totals: Totals = new Map();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = typeNames[heap.nodes[i + typeAt]];
    const named = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden' || type === 'array';
    const key = named ? `${type} ${heap.strings[heap.nodes[i + nameAt]].slice(0, 80)}` : type;
    const entry = totals.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += heap.nodes[i + sizeAt];
    totals.set(key, entry);
  }
  return totals;
}

const [before, after] = process.argv.slice(2);
if (!before) throw new Error('usage: heap-diff.ts BEFORE.heapsnapshot [AFTER.heapsnapshot]');
// With one snapshot: its largest kinds (the growth from nothing).
const a = after ? totalsOf(before) : new Map();
const b = totalsOf(after ?? before);
const sum = (totals: Totals) => [...totals.values()].reduce((total, entry) => total + entry.bytes, 0);
const MB = 1024 * 1024;
console.log(`own sizes: ${(sum(a) / MB).toFixed(1)} MB -> ${(sum(b) / MB).toFixed(1)} MB`);
const rows = [...new Set([...a.keys(), ...b.keys()])].map((key) => {
  const from = a.get(key) ?? { count: 0, bytes: 0 };
  const to = b.get(key) ?? { count: 0, bytes: 0 };
  return { key, grew: to.bytes - from.bytes, from, to };
});
rows.sort((x, y) => y.grew - x.grew);
console.log('| kind | count | own bytes | grew |\n|---|---|---|---|');
for (const row of rows.slice(0, Number(process.env.TOP ?? 30))) {
  console.log(
    `| ${row.key} | ${row.from.count} -> ${row.to.count} | ${(row.from.bytes / MB).toFixed(2)} -> ${(row.to.bytes / MB).toFixed(2)} MB | ${(row.grew / MB).toFixed(2)} MB |`,
  );
}

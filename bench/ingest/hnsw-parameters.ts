/**
 * What the vector index's build parameters cost in insertion time and give in recall, on PGlite
 * (issue 11 item 2). The SRD corpus's passages and spellcasting.pdf's, embedded offline, are
 * written in statements of 100 into a table carrying one HNSW variant (the SRD first, then the
 * PDF: the time per vector of the PDF's is what a new upload pays into a library). Recall: the
 * grounding questions (bench/grounding/questions.jsonl) searched as the app searches (same
 * ef_search, iterative scan), the top 50 compared with the exact top 50 (and top 10).
 *   npx tsx bench/ingest/hnsw-parameters.ts        (VARIANTS=vector:16:64,halfvec:8:32 to choose;
 *   a fourth field `ip` indexes and searches by inner product instead of cosine distance)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { openDatabase } from '../../server/db/database';
import { prepareDocument } from '../../server/domain/ingest/prepare/prepare';
import { embeddingText, storedVector } from '../../server/domain/ingest/vectors';
import { sharedPath } from '../../tests/support/shared-dir';
import { loadGroundingQuestions } from '../grounding/questions';

const LIMIT = 50;
const variants = (process.env.VARIANTS ?? 'vector:16:64,vector:16:32,vector:8:32,vector:8:16,halfvec:16:64,halfvec:8:32').split(',').map((v) => {
  const [type, m, ef, ops = 'cosine'] = v.split(':');
  return { type, m: Number(m), ef: Number(ef), ops };
});

const embedder = new OfflineEmbedder();
async function passagesOf(file: string) {
  const prepared = await prepareDocument(new Uint8Array(fs.readFileSync(file)), path.basename(file));
  return (await embedder.embed(prepared.chunks.map(embeddingText), 'document')).vectors;
}
const srdDir = sharedPath('corpus', 'srd5');
const srd: number[][] = [];
for (const f of fs.readdirSync(srdDir).filter((f) => f.endsWith('.md'))) srd.push(...(await passagesOf(path.join(srdDir, f))));
const pdf = await passagesOf(sharedPath('fixtures', 'formats', 'spellcasting.pdf'));
const queries = (
  await embedder.embed(
    loadGroundingQuestions().map((q) => q.question),
    'query',
  )
).vectors;
console.log(`${srd.length} SRD vectors, ${pdf.length} PDF vectors, ${queries.length} questions`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-hnsw-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
const { db } = database;
await sql`create extension if not exists vector`.execute(db);

/** Milliseconds of this process's CPU per vector (PGlite runs in it): the figure that load does not inflate. */
async function insert(table: string, vectors: number[][], offset: number): Promise<number> {
  const started = process.cpuUsage();
  for (let s = 0; s < vectors.length; s += 100) {
    const rows = vectors.slice(s, s + 100).map((v, i) => sql`(${offset + s + i}, ${storedVector(v)}::real[])`);
    await sql`insert into ${sql.table(table)} (id, embedding) values ${sql.join(rows)}`.execute(db);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / vectors.length;
}

// Exact neighbours, computed once in JavaScript (vectors are unit length: cosine is the dot product).
const all = [...srd, ...pdf];
const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const exact = queries.map((q) =>
  all
    .map((v, id) => ({ id, s: dot(q, v) }))
    .sort((a, b) => b.s - a.s || a.id - b.id)
    .map((r) => r.id),
);

console.log('| index | CPU ms per vector (SRD, into empty) | CPU ms per vector (PDF, into 2k) | exact top 10 in the 50 | recall@50 | query ms (median) |');
console.log('|---|---|---|---|---|---|');
for (const [n, v] of variants.entries()) {
  const table = `t${n}`;
  const keyOf = (value: string) => (v.type === 'bit' ? `binary_quantize(${value}::vector(512))::bit(512)` : `${value}::${v.type}(512)`);
  const cast = v.type === 'bit' ? `(${keyOf('embedding')}) bit_hamming_ops` : `(${keyOf('embedding')}) ${v.type}_${v.ops}_ops`;
  const distance = v.type === 'bit' ? '<~>' : v.ops === 'ip' ? '<#>' : '<=>';
  // Binary keys find a wider shortlist by Hamming distance, re-ordered by the exact cosine.
  const shortlist = v.type === 'bit' ? Number(process.env.SHORTLIST ?? 200) : LIMIT;
  await sql`create table ${sql.table(table)} (id int primary key, embedding real[] not null)`.execute(db);
  await sql.raw(`create index on ${table} using hnsw (${cast}) with (m = ${v.m}, ef_construction = ${v.ef})`).execute(db);
  const srdMs = await insert(table, srd, 0);
  const pdfMs = await insert(table, pdf, srd.length);
  let hit10 = 0;
  let hit50 = 0;
  const times: number[] = [];
  for (const [qi, q] of queries.entries()) {
    const literal = `[${q.join(',')}]`;
    const started = performance.now();
    const rows = await database.db.transaction().execute(async (trx) => {
      await sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(LIMIT * 2, shortlist)))}, true)`.execute(
        trx,
      );
      return (
        await sql<{
          id: number;
        }>`select id from (select id, embedding from ${sql.table(table)} order by ${sql.raw(keyOf('embedding'))} ${sql.raw(distance)} ${sql.raw(keyOf(`'${literal}'`))} limit ${shortlist}) s
          order by embedding::vector(512) <=> ${literal}::vector(512) limit ${LIMIT}`.execute(trx)
      ).rows;
    });
    times.push(performance.now() - started);
    const got = new Set(rows.map((r) => Number(r.id)));
    hit10 += exact[qi].slice(0, 10).filter((id) => got.has(id)).length;
    hit50 += exact[qi].slice(0, LIMIT).filter((id) => got.has(id)).length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${v.type} m=${v.m} ef_construction=${v.ef}${v.ops === 'cosine' ? '' : `, ${v.ops}`} | ${srdMs.toFixed(1)} | ${pdfMs.toFixed(1)} | ${((100 * hit10) / (10 * queries.length)).toFixed(1)}% | ${((100 * hit50) / (LIMIT * queries.length)).toFixed(1)}% | ${times[Math.floor(times.length / 2)].toFixed(1)} |`,
  );
  await sql`drop table ${sql.table(table)}`.execute(db);
}
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

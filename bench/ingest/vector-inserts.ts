/**
 * HNSW insertion cost on PGlite: 600 offline vectors parsed into a plain table, then inserted
 * into an HNSW-indexed table in statements of 1, 10, 100 and 600 rows (issue 11 item 2).
 *   npx tsx bench/ingest/vector-inserts.ts
 */
import { sql } from 'kysely';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { storedVector } from '../../server/domain/ingest/vectors';
const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
await migrate(database);
const { db } = database;
const lap = (() => {
  let t = performance.now();
  return (label: string) => {
    const n = performance.now();
    console.log(label, ((n - t) / 1000).toFixed(2));
    t = n;
  };
})();
const N = 600;
const texts = Array.from({ length: N }, (_, i) => `passage ${i} about dragon ${i % 37} and wizard ${i % 11} casting spell number ${i * 7}`);
const { vectors } = await new OfflineEmbedder().embed(texts, 'document');
const lits = vectors.map(storedVector);
await sql`create table plain (id int, embedding real[])`.execute(db);
await sql`create table hn (id int, embedding real[])`.execute(db);
await sql`create index on hn using hnsw ((embedding::vector(512)) vector_cosine_ops)`.execute(db);
lap('setup');
for (let s = 0; s < N; s += 100)
  await db
    .insertInto('plain' as any)
    .values(lits.slice(s, s + 100).map((e, i) => ({ id: s + i, embedding: e })))
    .execute();
lap('parse into plain');
for (const size of [1, 10, 100, 600]) {
  await sql`truncate hn`.execute(db);
  const t = performance.now();
  for (let s = 0; s < N; s += size) await sql`insert into hn select id, embedding from plain where id >= ${s} and id < ${s + size}`.execute(db);
  console.log('hnsw stmt size', size, ((performance.now() - t) / 1000).toFixed(2));
}
lap('hnsw statements, all sizes');
// vector text via ::vector cast rather than real[]
await sql`create table pv (id int, embedding vector(512))`.execute(db);
for (let s = 0; s < N; s += 100)
  await db
    .insertInto('pv' as any)
    .values(lits.slice(s, s + 100).map((e, i) => ({ id: s + i, embedding: '[' + e.slice(1, -1) + ']' })))
    .execute();
lap('parse into vector col');
await database.close();

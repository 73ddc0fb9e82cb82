/**
 * One 50 MB value on a file-backed PGlite: stored and read as one statement vs in parts, and a
 * 50 MB text sent as one parameter vs joined from staged parts inside the database (ADR 0110).
 *   npx tsx bench/ingest/large-value.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-parts-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
const { db } = database;
const MB = 1024 * 1024;
const file = new Uint8Array(50 * 1000 * 1000);
const letters = 'thedragonsleepsbeneaththemountain';
for (let i = 0; i < file.length; i++) file[i] = letters.charCodeAt(i % letters.length);
const text = Buffer.from(file).toString('latin1');
await sql`create table whole (id int, b bytea)`.execute(db);
await sql`create table parts (id int, n int, b bytea, primary key (id, n))`.execute(db);
await sql`create table tx (id int, t text)`.execute(db);
await sql`create table tparts (id int, n int, t text)`.execute(db);
const time = async (label: string, f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  const ms = performance.now() - t;
  console.log(label, ms.toFixed(0), 'ms');
  return ms;
};
await time('whole bytea insert', () => sql`insert into whole values (1, ${file})`.execute(db));
await time('whole bytea read', () => sql`select b from whole where id = 1`.execute(db));
for (const P of [256 * 1024, MB]) {
  let max = 0;
  const t0 = performance.now();
  for (let n = 0; n * P < file.length; n++) {
    const t = performance.now();
    await sql`insert into parts values (${P}, ${n}, ${file.subarray(n * P, (n + 1) * P)})`.execute(db);
    max = Math.max(max, performance.now() - t);
  }
  console.log('parts', P, 'total', (performance.now() - t0).toFixed(0), 'max stmt', max.toFixed(0));
  max = 0;
  const t1 = performance.now();
  for (let n = 0; n * P < file.length; n++) {
    const t = performance.now();
    await sql`select b from parts where id = ${P} and n = ${n}`.execute(db);
    max = Math.max(max, performance.now() - t);
  }
  console.log('read parts', P, 'total', (performance.now() - t1).toFixed(0), 'max stmt', max.toFixed(0));
}
await time('text 50MB param insert', () => sql`insert into tx values (1, ${text})`.execute(db));
for (let n = 0; n * MB < text.length; n++) await sql`insert into tparts values (2, ${n}, ${text.slice(n * MB, (n + 1) * MB)})`.execute(db);
await time('text 50MB via string_agg', () => sql`insert into tx select 2, string_agg(t, '' order by n) from tparts where id = 2`.execute(db));
await sql`alter table tx alter column t set storage external`.execute(db);
await time('text 50MB param insert external', () => sql`insert into tx values (3, ${text})`.execute(db));
await time('text 50MB via string_agg external', () => sql`insert into tx select 4, string_agg(t, '' order by n) from tparts where id = 2`.execute(db));
await time('left() compressed', () => sql`select left(t, 600) from tx where id = 1`.execute(db));
await time('left() external', () => sql`select left(t, 600) from tx where id = 3`.execute(db));
await time('delete whole', () => sql`delete from whole`.execute(db));
await time('delete parts', () => sql`delete from parts`.execute(db));
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from './server/db/database';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-lv-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
const { db } = database;
const MB = 1_000_000;
const letters = 'thedragonsleepsbeneaththemountain';
const rep = letters.repeat(Math.ceil(50 * MB / letters.length)).slice(0, 50 * MB);
let rnd = ''; { const a='abcdefghijklmnopqrstuvwxyz '; let x=1; const arr=new Array(50*MB); for (let i=0;i<50*MB;i++){ x=(x*1103515245+12345)&0x7fffffff; arr[i]=a[x%27]; } rnd=arr.join(''); }
const time = async (label: string, f: () => Promise<unknown>) => { const c=process.cpuUsage(); const t = performance.now(); await f(); const u=process.cpuUsage(c); console.log(label, 'wall', (performance.now() - t).toFixed(0), 'cpu', ((u.user+u.system)/1000).toFixed(0)); };
for (const storage of ['extended', 'external']) {
  for (const s of [`create table p_${storage} (id int, n int, t text)`, `alter table p_${storage} alter column t set storage ${storage}`, `create table d_${storage} (id int, t text)`, `alter table d_${storage} alter column t set storage ${storage}`]) await sql.raw(s).execute(db);
  for (const [name, text] of [['repetitive', rep], ['random', rnd]] as const) {
    const id = name === 'repetitive' ? 1 : 2;
    let max = 0; const c = process.cpuUsage();
    for (let n = 0; n * MB < text.length; n++) { const u=process.cpuUsage(); await sql`insert into ${sql.table('p_' + storage)} values (${id}, ${n}, ${text.slice(n * MB, (n + 1) * MB)})`.execute(db); const d=process.cpuUsage(u); max=Math.max(max,(d.user+d.system)/1000); }
    const u = process.cpuUsage(c);
    console.log(storage, name, 'stage parts cpu total', ((u.user+u.system)/1000).toFixed(0), 'max part', max.toFixed(0));
    await sql`insert into ${sql.table('d_' + storage)} values (${id}, '')`.execute(db);
    await time(`${storage} ${name} swap string_agg`, () => sql`update ${sql.table('d_' + storage)} set t = (select string_agg(t, '' order by n) from ${sql.table('p_' + storage)} where id = ${id}) where id = ${id}`.execute(db));
    await time(`${storage} ${name} left(2000)`, () => sql`select left(t, 2000) from ${sql.table('d_' + storage)} where id = ${id}`.execute(db));
  }
}
await database.close(); fs.rmSync(dataDir, { recursive: true, force: true });

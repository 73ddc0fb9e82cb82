import { startBuiltServer } from './bench/support/server';
const s = await startBuiltServer(3409);
const token = await s.signUp('diag1');
const tome = await fetch(`${s.base}/api/datasets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x', description: '' }) }).then((r) => r.json() as any);
const file = new Uint8Array(50_000_000); const letters = 'thedragonsleepsbeneaththemountain';
for (let i = 0; i < file.length; i++) file[i] = letters.charCodeAt(i % letters.length);
const t0 = performance.now();
let jobId = ''; let status = 'uploading'; let done = false;
const sampler = (async () => { while (!done) { const t = performance.now(); await fetch(`${s.base}/api/health`).then((r) => r.text()); const ms = performance.now() - t; if (ms > 300) console.log(`${((t - t0)/1000).toFixed(1)}s health took ${ms.toFixed(0)} ms (${status})`); await new Promise((r) => setTimeout(r, 100)); } })();
const form = new FormData(); form.append('file', new Blob([file]), 'one.txt');
const up = await fetch(`${s.base}/api/datasets/${tome.id}/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
console.log('upload', up.status, ((performance.now() - t0)/1000).toFixed(1));
jobId = ((await up.json()) as any).job_id;
for (;;) { const j = await fetch(`${s.base}/api/jobs/${jobId}/status`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as any); if (j.status + j.progress_message !== status) { status = j.status + ' ' + j.progress_message; console.log(((performance.now() - t0)/1000).toFixed(1), status); } if (j.status === 'completed' || j.status === 'failed') break; await new Promise((r) => setTimeout(r, 300)); }
done = true; await sampler; await s.stop();

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the built app on an empty embedded database, as a user would with `npm run serve`;
 * `options.dataDir` reopens a folder kept by an earlier run (`stop({ keepData: true })`);
 * `options.nodeArgs` go to node before the entry (flags, `--import` of a probe);
 * `options.serveScript` starts it through scripts/serve.sh, the start settings of `npm run serve`
 * and the Dockerfile (with the same Node as the benchmark first on the PATH).
 */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string; nodeArgs?: string[]; serveScript?: boolean; onSpawn?: (pid: number) => void } = {},
) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tomekeeper-bench-'));
  // The same Node as the benchmark (run through npm, that is the repository's Node 24).
  const [command, args] = options.serveScript
    ? ['sh', ['scripts/serve.sh']]
    : [process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts']];
  const child: ChildProcess = spawn(command, args, {
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ANTHROPIC_API_KEY: '',
      VOYAGE_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  options.onSpawn?.(child.pid!);
  const base = `http://127.0.0.1:${port}`;
  // Up to 10 minutes: a first start on a loaded shared machine has taken over 3.
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'tomekeeper.lock'), 'utf8')) as { port: number; secret: string };

  async function signUp(username: string) {
    const invite = await fetch(`${base}/api/admin/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-secret': lock.secret },
      body: JSON.stringify({ command: 'invite', args: [] }),
    });
    const code = ((await invite.json()) as { lines: string[] }).lines.at(-1)!;
    const response = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Dragons4ever', registration_code: code }),
    });
    return ((await response.json()) as { token: string }).token;
  }

  /** A JSON caller of the /api as the user holding `token`; a non-2xx answer throws with its body. */
  function apiAs(token: string) {
    return async (method: string, route: string, body?: unknown) => {
      const response = await fetch(base + route, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    };
  }

  /** Uploads one text file into a tome as the user holding `token` and waits for its processing. */
  async function uploadAs(token: string, datasetId: string, filename: string, text: string) {
    const api = apiAs(token);
    const form = new FormData();
    form.append('file', new Blob([text]), filename);
    const upload = await fetch(`${base}/api/datasets/${datasetId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (!upload.ok) throw new Error(`upload of ${filename}: ${upload.status} ${await upload.text()}`);
    const { job_id, document_id } = (await upload.json()) as { job_id: string; document_id: string };
    for (let status = ''; status !== 'completed'; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await api('GET', `/api/jobs/${job_id}/status`)).status;
      if (status === 'failed') throw new Error(`processing of ${filename} failed`);
    }
    return { jobId: job_id, documentId: document_id };
  }

  return {
    base,
    signUp,
    apiAs,
    uploadAs,
    pid: child.pid!,
    dataDir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

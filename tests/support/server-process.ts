import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createEmbeddedTestDatabase } from '../../server/db/test-template';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A real Tomekeeper process (server/main.ts or jobs/worker.ts) on a free port, for crash and multi-process tests. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with everything printed once the output matches (at once when it already does); rejects if the process ends first. */
  printed(pattern: RegExp): Promise<string>;
  /** kill -9: no shutdown hook runs. */
  crash(): Promise<void>;
  /** SIGTERM, as a platform stops a container, and how the process then ended (no kill -9 after it). */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startProcess(
  /** The sources through tsx, or the compiled server (`npm run build`), which starts several times faster. */
  entry: 'server/main.ts' | 'jobs/worker.ts' | 'dist/main.js',
  env: Record<string, string>,
  options: { waitForHealth?: boolean; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let text = '';
  const watchers = new Set<() => void>();
  // node with tsx's loader in this one process (the tsx command would fork a second one, and
  // a kill -9 of the first would leave the server running).
  const child = spawn(process.execPath, entry.endsWith('.js') ? [entry] : ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onOutput = (chunk: Buffer) => {
    text += chunk.toString();
    for (const watch of watchers) watch();
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const watch = () => {
        if (!pattern.test(text)) return;
        watchers.delete(watch);
        resolve(text);
      };
      watchers.add(watch);
      watch();
      void exited.then(({ code, signal }) => {
        watchers.delete(watch);
        reject(new Error(`${entry} ended (${code ?? signal}) before printing ${pattern}:\n${text}`));
      });
    });
  const url = `http://127.0.0.1:${port}`;
  const process_: ServerProcess = {
    url,
    child,
    output: () => text,
    printed,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      child.kill('SIGTERM');
      return exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
  // Ready once it says so (the server's listening line, the worker's start line): no deadline of
  // its own, the test's timeout is the only clock (a loaded machine may take minutes to start it).
  await printed(entry === 'jobs/worker.ts' ? /Workers started/ : /Server listening at/);
  if (entry === 'server/main.ts' && options.waitForHealth !== false) {
    const health = await fetch(`${url}/api/health`);
    if (!health.ok) throw new Error(`${entry} answered ${health.status} on /api/health once listening:\n${text}`);
  }
  return process_;
}

/** A tiny fetch-based API client, the way a script drives the server. */
export function apiClient(baseUrl: string, token?: string) {
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(`${baseUrl}${url}`, init);
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, json: json as Record<string, unknown> & { error?: string } };
  };
}

/** The one-time registration code a server prints at its first start, once it has printed it. */
export async function firstStartCode(server: ServerProcess): Promise<string | undefined> {
  const pattern = /TOME-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}/;
  return pattern.exec(await server.printed(pattern))?.[0];
}

/**
 * Puts the migrated test template into DATA_DIR/pg, so the process starts as on a restart: for a
 * test of what happens after the first start (a fresh folder's initdb and migrations in a child
 * process are most of a first start's CPU; tests/api/stop-during-start.test.ts covers that start).
 */
export async function holdTemplateDatabase(dataDir: string): Promise<void> {
  const database = await createEmbeddedTestDatabase(path.join(dataDir, 'pg'));
  await database.close();
}

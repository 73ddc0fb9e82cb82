import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A real Tomekeeper process (server/main.ts or jobs/worker.ts) on a free port, for crash and multi-process tests. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
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
  options: { waitForHealth?: boolean; timeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let text = '';
  // node with tsx's loader in this one process (the tsx command would fork a second one, and
  // a kill -9 of the first would leave the server running).
  const child = spawn(process.execPath, entry.endsWith('.js') ? [entry] : ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const process_: ServerProcess = {
    url,
    child,
    output: () => text,
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
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  const ready =
    options.waitForHealth === false
      ? () => /Workers started/.test(text)
      : async () => {
          try {
            return (await fetch(`${url}/api/health`)).ok;
          } catch {
            return false;
          }
        };
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`${entry} exited (${child.exitCode}) before it was ready:\n${text}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} was not ready in time:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
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

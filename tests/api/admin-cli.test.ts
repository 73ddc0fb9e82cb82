import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLock } from '../../server/data-dir-lock';
import { buildApp } from '../../server/app';
import { runAdmin } from '../../server/cli/admin-run';
import { parseEnv } from '../../server/env';
import { createTestApp, type TestApp } from '../support/test-app';

// The CLI's commands run in this process (runAdmin is all of `npm run admin` but printing and the
// exit status); one test starts the real process, for what only the process boundary shows.
const admin = (dataDir: string, ...args: string[]) => runAdmin(args, parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }));
const run = promisify(execFile);
const cliProcess = (dataDir: string, ...args: string[]) =>
  run('node_modules/.bin/tsx', ['server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    // Each run starts tsx and compiles the CLI: well under 10 s on a quiet machine, over a minute
    // on a clean clone's first run beside a loaded browser lane.
    timeout: 150_000,
  });

describe('npm run admin', { timeout: 400_000 }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-admin-'));
    dirs.push(dir);
    return dir;
  };
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens the embedded data itself when no server holds it, printing the code last', async () => {
    const dataDir = tempDir();
    const invite = await admin(dataDir, 'invite', '--uses', '3', '--expires-days', '2');
    expect(invite.at(-1)).toMatch(/^TOME-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(invite.join('\n')).toContain('for 3 accounts (expires in 2 days)');
    expect(await admin(dataDir, 'users')).toEqual(['No accounts yet.']);
    expect(fs.existsSync(path.join(dataDir, 'tomekeeper.lock'))).toBe(false);
  });

  it('goes through the running server when one holds the data, and the code works', async () => {
    const dataDir = tempDir();
    t = await createTestApp();
    const app = await buildApp(t.services, { adminSecret: 'test-secret-for-the-bridge' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    writeLock(dataDir, { port, secret: 'test-secret-for-the-bridge' });
    try {
      const code = (await admin(dataDir, 'invite')).at(-1)!;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'viaBridge', email: 'b@example.com', password: 'Dragons4ever', registration_code: code },
      });
      expect(registered.statusCode).toBe(200);
      expect((await admin(dataDir, 'users')).join('\n')).toContain('viaBridge');
      await admin(dataDir, 'budget', 'viaBridge', '25');
      expect((await admin(dataDir, 'users')).join('\n')).toMatch(/viaBridge.*budget \$25\.00/);
      await expect(admin(dataDir, 'disable', 'nobody-at-all')).rejects.toThrow('No account named nobody-at-all');

      // The process itself: the lines on stdout with the code last, a refusal on stderr with status 1.
      const [printed, refused] = await Promise.all([
        cliProcess(dataDir, 'invite'),
        cliProcess(dataDir, 'disable', 'nobody-at-all').then(
          () => ({ code: 0, stderr: '' }),
          (error: { code: number; stderr: string }) => error,
        ),
      ]);
      expect(printed.stdout.trim().split('\n').at(-1)).toMatch(/^TOME-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('No account named nobody-at-all') });
    } finally {
      await app.close();
    }
  });

  it('refuses the bridge without the secret', async () => {
    const app = await buildApp(t!.services, { adminSecret: 'another-secret-value-here' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/admin/run',
      headers: { 'x-admin-secret': 'guess' },
      payload: { command: 'invite', args: [] },
      remoteAddress: '127.0.0.1',
    });
    expect(wrong.statusCode).toBe(404);
    await app.close();
  });
});

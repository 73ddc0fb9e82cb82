import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLock } from '../../server/data-dir-lock';
import { buildApp } from '../../server/app';
import { createTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const cli = (dataDir: string, ...args: string[]) =>
  run('node_modules/.bin/tsx', ['server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    // Each run starts tsx, compiles the CLI and opens PGlite: well under 10 s on a quiet machine,
    // over a minute on a clean clone's first run beside a loaded browser lane.
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
    const invite = await cli(dataDir, 'invite', '--uses', '3', '--expires-days', '2');
    const lines = invite.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^TOME-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(invite.stdout).toContain('for 3 accounts (expires in 2 days)');
    const users = await cli(dataDir, 'users');
    expect(users.stdout.trim()).toBe('No accounts yet.');
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
      const { stdout } = await cli(dataDir, 'invite');
      const code = stdout.trim().split('\n').at(-1)!;
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'viaBridge', email: 'b@example.com', password: 'Dragons4ever', registration_code: code },
      });
      expect(registered.statusCode).toBe(200);
      const users = await cli(dataDir, 'users');
      expect(users.stdout).toContain('viaBridge');
      await cli(dataDir, 'budget', 'viaBridge', '25');
      expect((await cli(dataDir, 'users')).stdout).toMatch(/viaBridge.*budget \$25\.00/);
      await expect(cli(dataDir, 'disable', 'nobody-at-all')).rejects.toMatchObject({ stderr: expect.stringContaining('No account named nobody-at-all') });
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

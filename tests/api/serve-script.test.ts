import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/serve.sh, the start settings of `npm run serve` and the Dockerfile, run with a stand-in
 * `node` first on the PATH that prints the arguments it was given.
 */
describe('scripts/serve.sh', () => {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-serve-script-'));
  fs.writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho "$@"\n', { mode: 0o755 });
  // A project folder with a build in it (the script runs the one in its working directory).
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-serve-built-'));
  fs.mkdirSync(path.join(built, 'dist'));
  fs.writeFileSync(path.join(built, 'dist/main.js'), '');
  const unbuilt = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-serve-unbuilt-'));
  afterAll(() => {
    for (const dir of [bin, built, unbuilt]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const serve = (compiler?: string, cwd = built) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
    delete env.EMBEDDED_DATABASE_COMPILER;
    if (compiler !== undefined) env.EMBEDDED_DATABASE_COMPILER = compiler;
    return spawnSync('sh', [path.resolve('scripts/serve.sh')], { env, cwd, encoding: 'utf8' });
  };

  it("runs the embedded database's WebAssembly on V8's baseline compiler unless the optimising one is asked for (ADR 0261)", () => {
    for (const asked of [undefined, '', 'baseline']) {
      const run = serve(asked);
      expect(run.status).toBe(0);
      expect(run.stdout.trim().split(/\s+/)).toEqual(['--max-semi-space-size=4', '--optimize-for-size', '--expose-gc', '--liftoff-only', 'dist/main.js']);
    }
    const optimizing = serve('optimizing');
    expect(optimizing.status).toBe(0);
    expect(optimizing.stdout).not.toContain('--liftoff-only');
    expect(optimizing.stdout.trim().split(/\s+/).at(-1)).toBe('dist/main.js');
  });

  it('runs the compiled server, and says how to build it when there is none', () => {
    expect(serve().stdout.trim().split(/\s+/).at(-1)).toBe('dist/main.js');
    const run = serve(undefined, unbuilt);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server is not built yet: run `npm run build`');
    expect(run.stdout).toBe('');
  });

  it('refuses any other value before the server starts', () => {
    const run = serve('fastest');
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('EMBEDDED_DATABASE_COMPILER: must be baseline or optimizing');
    expect(run.stdout).toBe('');
  });
});

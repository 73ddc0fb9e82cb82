import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV_FILE, environmentWithFile, parseEnv } from './env';
import { PROJECT_ROOT } from './project-files';

describe('.env beside package.json', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-env-file-'));
  const names = ['TK_ENV_TEST_FROM_FILE', 'TK_ENV_TEST_SET_BOTH', 'TK_ENV_TEST_QUOTED'];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it('is the file the settings are read from', () => {
    expect(ENV_FILE).toBe(path.join(PROJECT_ROOT, '.env'));
    expect(fs.existsSync(path.join(path.dirname(ENV_FILE), 'package.json'))).toBe(true);
  });

  it("adds the file's settings, the real environment winning over it", () => {
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# a comment\nTK_ENV_TEST_FROM_FILE=3333\nTK_ENV_TEST_SET_BOTH=file\nTK_ENV_TEST_QUOTED="two words"\n');
    process.env.TK_ENV_TEST_SET_BOTH = 'environment';
    const env = environmentWithFile(file);
    expect(env.TK_ENV_TEST_FROM_FILE).toBe('3333');
    expect(env.TK_ENV_TEST_SET_BOTH).toBe('environment');
    expect(env.TK_ENV_TEST_QUOTED).toBe('two words');
    // parseEnv reads what the file set, such as the port.
    expect(parseEnv({ PORT: env.TK_ENV_TEST_FROM_FILE }).PORT).toBe(3333);
  });

  it('is optional', () => {
    expect(environmentWithFile(path.join(dir, 'missing.env'))).toBe(process.env);
  });
});

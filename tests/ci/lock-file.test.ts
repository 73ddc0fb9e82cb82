import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/**
 * `npm install` rewrites the lock file's root entry from package.json: when the two disagree, a
 * fresh clone's install leaves `git status` dirty. A hand edit of package.json (a pinned version,
 * a new install script) must be followed by `npm install --package-lock-only`.
 */
describe('package-lock.json', () => {
  const manifest = read('package.json');
  const root = read('package-lock.json').packages[''];

  it('lists the same dependency ranges as package.json', () => {
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
  });

  it('marks the install scripts package.json has', () => {
    const installScripts = ['preinstall', 'install', 'postinstall'].some((name) => manifest.scripts?.[name]);
    expect(Boolean(root.hasInstallScript)).toBe(installScripts);
  });
});

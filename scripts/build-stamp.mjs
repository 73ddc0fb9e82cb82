// The build's stamp: a hash of everything `npm run build` reads (the app's sources, the build's
// settings, the lock file), written into dist/ as the build's last step. `npm start` builds only
// when the stamp is missing or differs, so a start on an up-to-date build goes straight to serving.
//   node scripts/build-stamp.mjs write   after a build
//   node scripts/build-stamp.mjs check   exit 0 when the build is up to date, 1 when it must run
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'dist/build-inputs.sha256');
/** What the build reads: folders walked whole (tests left out, they build nothing) and single files. */
const INPUT_FOLDERS = ['app', 'server', 'jobs', 'contract', 'db', 'public', 'patches'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/build-stamp.mjs',
  'scripts/precompress-assets.mjs',
];
/** Outputs whose absence means a build even when the stamp matches. */
const OUTPUTS = ['build/server/index.js', 'dist/main.js', 'dist/pristine-database.tar.gz'];

function* filesUnder(folder) {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(relative);
    else if (entry.isFile() && !/\.(test|corpus\.test)\.tsx?$/.test(entry.name)) yield relative;
  }
}

export function inputsHash() {
  const hash = crypto.createHash('sha256');
  for (const file of [...INPUT_FOLDERS.flatMap((folder) => [...filesUnder(folder)]), ...INPUT_FILES]) {
    hash.update(`${file}\0`);
    hash.update(fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file)) : '(missing)');
    hash.update('\0');
  }
  return hash.digest('hex');
}

const command = process.argv[2];
if (command === 'write') {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, `${inputsHash()}\n`);
} else if (command === 'check') {
  const built = OUTPUTS.every((file) => fs.existsSync(path.join(root, file)));
  const stamp = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  const upToDate = built && stamp === inputsHash();
  console.log(upToDate ? 'build: up to date, not rebuilt' : 'build: the sources changed since the last build (or none yet), building');
  process.exitCode = upToDate ? 0 : 1;
} else {
  console.error('usage: node scripts/build-stamp.mjs write|check');
  process.exitCode = 2;
}

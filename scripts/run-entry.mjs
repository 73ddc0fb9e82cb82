// `npm run admin`, `npm run worker`, `npm run db:migrate`: the compiled entry (dist/<name>.js) under
// NODE_ENV=production, as the image and `npm run serve` run, else its TypeScript through tsx (a
// checkout being worked on, where a build may be out of date). Either way in this one process,
// so signals reach it and its exit code is the command's.
//   node scripts/run-entry.mjs <admin|worker|migrate> [arguments...]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = { admin: 'server/cli/admin.ts', worker: 'jobs/worker.ts', migrate: 'server/cli/migrate.ts' };
const name = process.argv[2];
if (!Object.hasOwn(SOURCES, name)) {
  console.error(`usage: node scripts/run-entry.mjs ${Object.keys(SOURCES).join('|')} [arguments...]`);
  process.exit(2);
}
// The entry reads its own arguments from argv[2] on, as if started directly.
process.argv.splice(2, 1);
if (process.env.NODE_ENV === 'production') {
  const compiled = path.join(root, 'dist', `${name}.js`);
  if (!fs.existsSync(compiled)) {
    console.error('The server is not built yet: run `npm run build` (or `npm start`, which builds when the sources changed).');
    process.exit(1);
  }
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, SOURCES[name])).href);
}

// Compiles the server for production: each process's entry bundled with the app's own TypeScript
// into dist/<name>.js, so `npm run serve`, `npm start` and the image run plain JavaScript with no
// TypeScript loader (tsx stays for `npm run dev` and the tests). Packages stay in node_modules,
// imported as published. server/project-files.ts finds the bundles (entryFile) and the project's
// files from dist/, one folder below the root as server/ is.
//   node scripts/build-server.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/** Each bundle's name (dist/<name>.js) and its entry; entryFile() names a bundle after its entry. */
const ENTRIES = {
  main: 'server/main.ts',
  worker: 'jobs/worker.ts',
  admin: 'server/cli/admin.ts',
  migrate: 'server/cli/migrate.ts',
  'reader-process': 'server/domain/ingest/prepare/reader-process.ts',
  'pdf-page-thread': 'server/domain/ingest/extract/pdf-page-thread.ts',
};

const outdir = path.join(root, 'dist');
fs.rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir,
  bundle: true,
  // Every package imported from node_modules as published (PGlite's WebAssembly, PDF.js's
  // workers and pg-boss find their files beside their own code).
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Not minified: a stack trace in the log still names readable functions.
  logLevel: 'warning',
});
console.log(`dist/: ${Object.keys(ENTRIES).length} server entries compiled`);

// The empty, migrated database a fresh data folder is loaded from instead of running initdb
// (server/db/pristine-database.ts, ADR 0350).
execFileSync(process.execPath, ['--liftoff-only', path.join(outdir, 'migrate.js'), '--write-pristine', path.join(outdir, 'pristine-database.tar.gz')], {
  cwd: root,
  stdio: 'inherit',
});
console.log('dist/pristine-database.tar.gz: the empty database of a fresh data folder');

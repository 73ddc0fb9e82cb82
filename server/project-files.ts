import path from 'node:path';

/**
 * Where the app's own files are, whether it runs from its TypeScript (tsx, vitest) or from the
 * production build (scripts/build-server.mjs bundles each entry into dist/<name>.js). This module
 * sits in server/ and the bundles in dist/: both one folder below the project's root, so the same
 * `..` finds it either way.
 */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');

/** True in the compiled server (this code bundled into dist/*.js), false under tsx or vitest. */
export const COMPILED = !import.meta.url.endsWith('.ts');

/**
 * The file a child process or thread starts from: the bundle scripts/build-server.mjs made of
 * `source` (named after it) when compiled, else the TypeScript source itself.
 */
export function entryFile(source: string): string {
  return COMPILED ? path.join(PROJECT_ROOT, 'dist', `${path.basename(source, '.ts')}.js`) : path.join(PROJECT_ROOT, source);
}

/** Node flags a process needs to run an entryFile(): tsx's loader for TypeScript, none for a bundle. */
export const TYPESCRIPT_LOADER: string[] = COMPILED ? [] : ['--import', 'tsx'];

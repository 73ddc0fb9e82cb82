// Prints the vitest files whose imports reach code that reads TEST_DATABASE_URL: the only files
// whose run differs when the suite runs again against a PostgreSQL server (.ci/run). Every other
// file runs the same code on the same Node in both runs. Imports are resolved the way tsc
// resolves them (tsconfig.json), static and dynamic, and any source file that mentions the
// variable counts, so a new database test or a new reader of the variable is picked up without
// a list to keep.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import config from '../../vitest.config';

const VARIABLE = 'TEST_DATABASE_URL';
const root = path.resolve(import.meta.dirname, '../..');

const tsconfig = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
if (!tsconfig) throw new Error('tsconfig.json could not be read');
const options = tsconfig.options;

const include = config.test?.include ?? [];
const exclude = config.test?.exclude ?? [];
const testFiles = fs
  .globSync(include, { cwd: root })
  .filter((file) => !exclude.some((pattern) => path.matchesGlob(file, pattern)))
  .sort();
if (testFiles.length === 0) throw new Error(`no test files matched ${include.join(', ')}`);

const source = new Map<string, string>();
const read = (file: string) => {
  let text = source.get(file);
  if (text === undefined) {
    text = fs.readFileSync(file, 'utf8');
    source.set(file, text);
  }
  return text;
};

const importsOf = new Map<string, string[]>();
/** The project's own files (never node_modules) that `file` imports. */
function imports(file: string): string[] {
  let found = importsOf.get(file);
  if (found === undefined) {
    found = ts
      .preProcessFile(read(file), true, true)
      .importedFiles.map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule)
      .filter((module) => module !== undefined && !module.isExternalLibraryImport)
      .map((module) => path.resolve(module!.resolvedFileName))
      .filter((resolved) => !resolved.includes(`${path.sep}node_modules${path.sep}`) && /\.[cm]?[jt]sx?$/.test(resolved));
    importsOf.set(file, found);
  }
  return found;
}

/** Whether `file` or anything it imports, however deep, mentions the variable. */
function readsVariable(file: string): boolean {
  const seen = new Set([file]);
  for (const current of seen) {
    if (read(current).includes(VARIABLE)) return true;
    for (const dep of imports(current)) seen.add(dep);
  }
  return false;
}

const selected = testFiles.filter((file) => readsVariable(path.join(root, file)));
if (selected.length === 0) throw new Error(`no test file reaches ${VARIABLE}: the server run would test nothing`);
console.error(`${selected.length} of ${testFiles.length} test files reach ${VARIABLE} through their imports`);
console.log(selected.join('\n'));

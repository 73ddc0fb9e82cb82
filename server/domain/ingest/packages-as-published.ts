/**
 * Imported first by the entries of the threads that read uploads (prepare/reader-process.ts,
 * extract/pdf-page-thread.ts): the packages they read with (PDF.js above all) load as published,
 * not through tsx. tsx rewrites every ES module holding a dynamic import() and attaches a
 * fine-grained source map to it, and Node keeps that map parsed beside the code. PDF.js alone then
 * held 90 MB of heap, and reading a 199-page PDF peaked 100 MB higher (ADR 0223). Source maps stay
 * on for the app's own TypeScript, so a crash in there still names its lines. The hooks belong to
 * the thread that registers them, so each reading thread imports this before anything else.
 */
import fs from 'node:fs';
import { registerHooks, setSourceMapsSupport } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    if (context.format === 'module' && url.startsWith('file:') && url.includes('/node_modules/')) {
      return { format: 'module', source: fs.readFileSync(new URL(url)), shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
setSourceMapsSupport(true, { nodeModules: false });

/**
 * The reading process's entry (prepare/off-thread.ts starts it). Before anything else is
 * loaded, the packages it reads with (PDF.js above all) are set to load as published, not
 * through tsx: tsx rewrites every ES module holding a dynamic import() and attaches a
 * fine-grained source map to it, and Node keeps that map parsed beside the code. PDF.js alone
 * then held 90 MB of heap, and reading a 199-page PDF peaked 100 MB higher (ADR 0223). Source
 * maps stay on for the app's own TypeScript, so a crash in here still names its lines.
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

await import('./reader');

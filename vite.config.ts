import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin, type Rollup } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The libraries' licence notices, out of the served chunks (the minifier drops them: 0.8 KB
 * gzipped of every screen, Remix repeating one per file) and written once, whole, to
 * assets/third-party-notices.txt beside the chunks (ADR 0241).
 */
function thirdPartyNotices(): Plugin {
  const noticesOf = new Map<string, string[]>();
  let ssr = false;
  return {
    name: 'tomekeeper:third-party-notices',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transform(code, id) {
      if (ssr || !id.includes('/node_modules/')) return null;
      // esbuild's legal comments: /*! … */ or a block comment naming @license or @preserve.
      const notices = (code.match(/\/\*[\s\S]*?\*\//g) ?? []).filter((comment) => comment.startsWith('/*!') || /@license|@preserve/.test(comment));
      if (notices.length > 0) noticesOf.set(id, notices);
      return null;
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      // Only the modules whose code is in a chunk: a module loaded and then shaken out ships nothing.
      const notices = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          if (module.renderedLength > 0) for (const notice of noticesOf.get(id) ?? []) notices.add(notice);
        }
      }
      if (notices.size === 0) return;
      this.emitFile({ type: 'asset', fileName: 'assets/third-party-notices.txt', source: `${[...notices].join('\n\n')}\n` });
    },
  };
}

/**
 * The modules every page runs, in one chunk with the framework (ADR 0257): React, React DOM, Remix
 * and its router, Vite's preload helper, and our late parts' registry and hydrated flag. Rollup
 * left the last four as small files of their own, each gzipped apart and named in every importer.
 */
const SHELL =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[\w-]+|turbo-stream)\/|\0commonjsHelpers\.js|\0vite\/preload-helper\.js|\/app\/lib\/(late-part\.tsx|use-hydrated\.ts)$/;

/**
 * A dynamic import preloads, beside the chunk it imports, only the chunks that chunk needs and its
 * importer has not loaded already (ADR 0257). Vite lists them all, the framework's included, in
 * every chunk that imports another.
 */
function preloadsNotLoaded() {
  let bundle: Rollup.OutputBundle = {};
  const loadedWith = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of (bundle[file] as Rollup.OutputChunk | undefined)?.imports ?? []) loadedWith(imported, seen);
    return seen;
  };
  const plugin: Plugin = {
    name: 'tomekeeper:preloads-not-loaded',
    apply: 'build',
    // Vite asks for the lists while it writes the bundle: keep the bundle to read the chunks' imports.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  // The helper imports the chunk once its list has loaded: the chunk stays in a list that is not
  // empty, so it is fetched with the rest, not after them.
  const resolveDependencies = (file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = loadedWith(hostId);
    const needed = deps.filter((dep) => dep !== file && !loaded.has(dep));
    return needed.length > 0 ? [file, ...needed] : [];
  };
  return { plugin, resolveDependencies };
}
const preloads = preloadsNotLoaded();

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    target: 'es2022',
    // Terser after esbuild's own pass: the shell chunk gzips 4% smaller than with esbuild alone
    // (ADR 0258). The server's build is not minified.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { ecma: 2020, safari10: false, compress: { passes: 2 }, format: { comments: false } },
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // The server's build keeps its own chunks (the framework is not bundled there).
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: (id) => (SHELL.test(id) ? 'shell' : undefined) } },
  },
  esbuild: { legalComments: 'none' },
  plugins: [
    preloads.plugin,
    thirdPartyNotices(),
    remix({
      // REMIX_BUILD_DIR lets parallel builds (and the image check) write apart from ./build.
      buildDirectory: process.env.REMIX_BUILD_DIR ?? 'build',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
}));

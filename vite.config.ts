import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: { target: 'es2022' },
  esbuild: { legalComments: 'none' },
  plugins: [
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
});

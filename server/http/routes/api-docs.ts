import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ZodApi } from '../zod-schemas';

/**
 * /api/docs: interactive documentation of /api/openapi.json, drawn by Swagger UI
 * (swagger-ui-dist, served from node_modules: no CDN, works offline). Its scripts load on this
 * page only; the Remix app never carries them. ADR 0288.
 */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files the page loads, by the name it asks for. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'init.js': { file: '', type: 'text/javascript; charset=utf-8' },
};

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tomekeeper API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<style>body { margin: 0; } .docs-intro { font-family: system-ui, sans-serif; padding: 0.75rem 1.25rem; background: #f6efe0; border-bottom: 1px solid #d9c9a3; }</style>
</head>
<body>
<p class="docs-intro">The Tomekeeper <code>/api</code>: send <code>Authorization: Bearer &lt;token&gt;</code> with a personal API token from your <a href="/account">account page</a>. The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<div id="docs"><noscript>The interactive documentation needs JavaScript; <a href="/api/openapi.json">the OpenAPI document</a> is plain JSON.</noscript></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** Read once, on first request: the bundle is about 1.5 MB and the page is rarely opened. */
const loaded = new Map<string, Buffer>();
function assetBytes(name: string): Buffer {
  let bytes = loaded.get(name);
  if (!bytes) {
    const { file } = ASSETS[name];
    bytes = file ? fs.readFileSync(path.join(SWAGGER_UI_DIR, file)) : Buffer.from(INIT);
    loaded.set(name, bytes);
  }
  return bytes;
}

export async function apiDocsRoutes(app: ZodApi) {
  const config = { public: true };
  app.get('/api/docs', { config, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get<{ Params: { file: string } }>('/api/docs/:file', { config, schema: { hide: true } }, async (request, reply) => {
    const asset = ASSETS[request.params.file];
    if (!asset) return reply.status(404).send({ error: `No such file: /api/docs/${request.params.file}` });
    return reply.header('cache-control', 'public, max-age=86400').type(asset.type).send(assetBytes(request.params.file));
  });
}

import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import type { StorageHealth } from './storage-health';
import { remixRoutes } from './remix';

/**
 * `npm run dev`: Vite's dev middleware inside Fastify. Vite serves the app's modules with hot
 * reload, and every page request renders from Vite's live server build, so an edit under app/
 * shows without a rebuild while the /api routes keep running. Vite and middie are dev
 * dependencies, loaded only here.
 */
export async function remixDevPlugin(app: FastifyInstance, options: { services: Services; storage: StorageHealth }) {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  // HMR's websocket shares Fastify's port, so the page's same-origin CSP allows it.
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
  app.addHook('onClose', async () => vite.close());

  await app.register(middie);
  app.use((request, response, next) => {
    // /api stays Fastify's; everything else is offered to Vite first (modules, assets, HMR).
    if (request.url?.startsWith('/api/')) return next();
    vite.middlewares(request, response, next);
  });

  const handle = createRequestHandler(() => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>, 'development');
  await remixRoutes(app, options.services, options.storage, handle);
}

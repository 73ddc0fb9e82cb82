import { Readable } from 'node:stream';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable, createRequestHandler, type RequestHandler, type ServerBuild } from '@remix-run/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from '../../app/load-context';
import * as domain from '../domain';
import type { Services } from '../services';

/**
 * Serves the built Remix app from Fastify: hashed assets from build/client with immutable
 * caching, every other non-/api path through Remix's request handler. Each request gets the
 * process's services and the signed-in user as its load context.
 */
export async function remixPlugin(app: FastifyInstance, options: { services: Services; buildDir: string }) {
  const build = (await import(path.join(options.buildDir, 'server/index.js'))) as ServerBuild;
  const handle = createRequestHandler(build, 'production');

  // One route per built file (wildcard off), so they win over the catch-all below.
  await app.register(fastifyStatic, {
    root: path.join(options.buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'public, max-age=3600');
      }
    },
  });

  await remixRoutes(app, options.services, handle);
}

/** Every non-/api path through Remix's request handler, with the process's services as load context. */
export async function remixRoutes(app: FastifyInstance, services: Services, handle: RequestHandler) {
  await app.register(async (scope) => {
    // Remix reads the body itself: let every content type through unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all('/*', async (request, reply) => {
      if (request.url.startsWith('/api/')) {
        return reply.status(404).send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
      }
      const context: AppLoadContext = {
        services,
        domain,
        user: request.user,
        sessionToken: request.sessionToken,
        clientIp: request.ip,
      };
      const webRequest = toWebRequest(request, reply);
      const response = await handle(webRequest, context);
      return sendWebResponse(reply, response);
    });
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url.href, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

import type { IncomingMessage } from 'node:http';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable, createRequestHandler, type RequestHandler, type ServerBuild } from '@remix-run/node';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from '../../app/load-context';
import type { Services } from '../services';
import { BAD_TEXT_MESSAGE, isBadText } from '../text/untrusted-json';
import { domainForPages } from './page-domain';
import { PublicPageCache } from './public-pages';
import type { StorageHealth } from './storage-health';

/**
 * Serves the built Remix app from Fastify: hashed assets from build/client with immutable
 * caching, every other non-/api path through Remix's request handler. Each request gets the
 * process's services and the signed-in user as its load context.
 */
export async function remixPlugin(app: FastifyInstance, options: { services: Services; storage: StorageHealth; buildDir: string }) {
  const build = (await import(path.join(options.buildDir, 'server/index.js'))) as ServerBuild;
  const handle = createRequestHandler(build, 'production');

  await builtFileRoutes(app, path.join(options.buildDir, 'client'));
  await remixRoutes(app, options.services, options.storage, handle, { keepPublicPages: true });
}

/**
 * The built files of build/client, sent as the .br/.gz beside each one (written by
 * scripts/precompress-assets.mjs at build) when the browser accepts it. These routes skip the
 * session lookup (`staticFile`) and on-the-fly compression; hashed /assets files also skip
 * helmet's page headers (CSP and the rest mean nothing on a script or stylesheet), keeping nosniff.
 */
async function builtFileRoutes(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  const send = (reply: FastifyReply, file: string, caching: { maxAge: number; immutable: boolean }) => {
    reply.header('x-content-type-options', 'nosniff');
    return reply.sendFile(file, caching);
  };
  // A fresh object per route: helmet's onRoute hook writes into the route's config.
  const fileRoute = () => ({
    compress: false as const,
    config: { staticFile: true },
    // A browser that goes away mid-file is not a server error (as in @fastify/static's own routes).
    errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      error.code === 'ERR_STREAM_PREMATURE_CLOSE' ? request.raw.destroy() : app.errorHandler(error, request, reply),
  });
  app.get<{ Params: { '*': string } }>('/assets/*', { ...fileRoute(), helmet: false }, (request, reply) =>
    send(reply, `assets/${request.params['*']}`, { maxAge: YEAR_MS, immutable: true }),
  );
  // Files from public/ (favicon) sit at the top of build/client and are not hashed.
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    app.get(`/${entry.name}`, fileRoute(), (_request, reply) => send(reply, entry.name, { maxAge: HOUR_MS, immutable: false }));
  }
}

const HOUR_MS = 3600 * 1000;
const YEAR_MS = 365 * 24 * HOUR_MS;

/** Every non-/api path through Remix's request handler, with the process's services as load context. */
export async function remixRoutes(
  app: FastifyInstance,
  services: Services,
  storage: StorageHealth,
  handle: RequestHandler,
  options: { keepPublicPages?: boolean } = {},
) {
  const domain = domainForPages(storage);
  await app.register(async (scope) => {
    // Remix reads the body itself: let every content type through unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // Page actions read their own bodies, so their size is checked here, before the session
    // lookup or any other work: a declared length over the limit is refused at once, and a
    // body without one is counted as Remix reads it.
    scope.addHook('onRequest', async (request, reply) => {
      const limit = pageBodyLimit(request, services);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > limit) return reply.status(413).send({ error: tooLarge(limit) });
    });

    const publicPages = new PublicPageCache();
    scope.all('/*', async (request, reply) => {
      if (request.url.startsWith('/api/')) {
        return reply.status(404).send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
      }
      // Not under Vite's dev server, where an edited page must render anew.
      const isPublicPage = options.keepPublicPages === true && publicPages.accepts(request);
      if (isPublicPage && publicPages.send(request, reply)) return reply;
      const limit = pageBodyLimit(request, services);
      const context: AppLoadContext = {
        services,
        domain,
        user: request.user,
        sessionToken: request.sessionToken,
        authMethod: request.authMethod,
        clientIp: request.ip,
        log: request.log,
      };
      const body = new CountedBody(request.raw, limit);
      let form: PageForm;
      try {
        form = await pageForm(request, body, limit);
      } catch {
        if (body.exceeded) return reply.status(413).send({ error: tooLarge(limit) });
        throw new Error('The request body could not be read');
      }
      if (form.badText) return reply.status(400).send({ error: BAD_TEXT_MESSAGE });
      const webRequest = toWebRequest(request, reply, form.source, form.contentType);
      const response = await handle(webRequest, context);
      if (body.exceeded) return reply.status(413).send({ error: tooLarge(limit) });
      if (isPublicPage) {
        const kept = await publicPages.keep(request.url, response.clone());
        if (kept) return publicPages.send(request, reply) ? reply : sendWebResponse(reply, response);
      }
      return sendWebResponse(reply, response);
    });
  });
}

type PageForm = { source: Readable; contentType?: string; badText?: boolean };

/**
 * The body a page action reads, as a form it can read: every action reads its fields with
 * `request.formData()`, which throws on a body that is not a form (JSON, text, multipart with a
 * broken boundary). Such a body reaches the action as an empty form, so it answers its own
 * "field missing" error (a 4xx on the page), never a 500. Plain forms (2 MB at most) are read
 * here and text the database cannot hold (NUL, broken Unicode) is refused with a 400 before any
 * action runs. The dashboard's upload (multipart, up to MAX_UPLOAD_MB) streams through unread.
 */
async function pageForm(request: FastifyRequest, body: CountedBody, limit: number): Promise<PageForm> {
  if (request.method === 'GET' || request.method === 'HEAD') return { source: body };
  const contentType = String(request.headers['content-type'] ?? '');
  const kind = contentType.split(';')[0].trim().toLowerCase();
  if (kind === 'multipart/form-data' && limit > PAGE_BODY_LIMIT) return { source: body };
  const raw = await readAll(body);
  if (kind === 'application/x-www-form-urlencoded') {
    for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) {
      if (isBadText(key) || isBadText(value)) return { source: body, badText: true };
    }
    return { source: Readable.from([raw]) };
  }
  if (kind === 'multipart/form-data') {
    try {
      await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
      return { source: Readable.from([raw]) };
    } catch {
      return emptyForm();
    }
  }
  return emptyForm();
}

const emptyForm = (): PageForm => ({ contentType: 'application/x-www-form-urlencoded', source: Readable.from([]) });

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Page forms: the upload limit for the dashboard (the no-JavaScript upload posts there), 2 MB elsewhere. */
function pageBodyLimit(request: FastifyRequest, services: Services): number {
  const path = request.url.split('?')[0];
  return path === '/dashboard' ? services.env.MAX_UPLOAD_MB * 1024 * 1024 + 1024 * 1024 : PAGE_BODY_LIMIT;
}

const PAGE_BODY_LIMIT = 2 * 1024 * 1024;
const tooLarge = (limit: number) => `The request is larger than this server accepts (${Math.round(limit / (1024 * 1024))} MB). Send less at once.`;

/** The request body, cut off with an error once it passes `limit` bytes. */
class CountedBody extends Transform {
  exceeded = false;
  private seen = 0;
  constructor(
    source: IncomingMessage,
    private readonly limit: number,
  ) {
    super();
    source.on('error', (error) => this.destroy(error));
    source.pipe(this);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.exceeded = true;
      return done(Object.assign(new Error('Request body too large'), { statusCode: 413 }));
    }
    done(null, chunk);
  }
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, body: Readable, contentType?: string): Request {
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
  if (contentType) {
    headers.set('content-type', contentType);
    headers.delete('content-length');
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url.href, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(body), duplex: 'half' } : {}),
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

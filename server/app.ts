import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from './services';
import { installApiGuard, installAuth } from './http/auth';
import { installErrorHandler } from './http/errors';
import { installInputGuard } from './http/input-guard';
import { createLogger } from './http/logging';
import { rootLogger, withLogger } from './log';
import { StorageHealth } from './http/storage-health';
import { remixPlugin } from './http/remix';
import { remixDevPlugin } from './http/remix-dev';
import { adminRoutes } from './http/routes/admin';
import { authRoutes } from './http/routes/auth';
import { campaignRoutes } from './http/routes/campaigns';
import { campaignTransferRoutes } from './http/routes/campaign-transfer';
import { campaignDocumentRoutes } from './http/routes/campaign-documents';
import { chatRoutes } from './http/routes/chat';
import { contentRoutes } from './http/routes/content';
import { conceptMapRoutes } from './http/routes/concept-map';
import { healthRoutes } from './http/routes/health';
import { apiDocsRoutes } from './http/routes/api-docs';
import { openApiRoutes } from './http/routes/openapi';
import { seatRoutes } from './http/routes/seats';
import { sessionRoutes } from './http/routes/sessions';
import { timelineRoutes } from './http/routes/timeline';
import { tokenRoutes } from './http/routes/tokens';
import { tomeRoutes } from './http/routes/tomes';
import { usageRoutes } from './http/routes/usage';
import { API_TAGS } from './http/api-tags';
import { installZodSchemas, zodToOpenApi } from './http/zod-schemas';
import { requestStarted } from './db/foreground';

function trustHops(hops: number) {
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
}

export interface AppOptions {
  /**
   * Where the web app comes from: the Remix build folder (build/), or Vite's dev server
   * (`npm run dev`). Without it only the /api contract is served (API tests).
   */
  remixBuildDir?: string;
  remixDev?: boolean;
  /** Logs through the process's logger (server/log.ts). */
  logger?: boolean;
  /** Where log lines go instead (tests read them); implies logging on. */
  logStream?: NodeJS.WritableStream;
  /** Enables the admin CLI's loopback bridge (see server/http/routes/admin.ts). */
  adminSecret?: string;
  /** Parse every /api answer by its response schema first (tests; see server/http/zod-schemas.ts). */
  checkResponses?: boolean;
}

/** The one wiring file: plugins, the /api routes, then Remix for every other path. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger | undefined = options.logStream ? createLogger(options.logStream) : options.logger ? rootLogger() : undefined;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // A number of hops, never `true`: forwarded headers are the client's word otherwise.
    // (proxy-addr walks the chain from the socket: hop 0 is the nearest proxy.)
    trustProxy: trustHops(services.env.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Vite's dev server compiles on start: on a busy 2-core machine that passed avvio's 10 s.
    ...(options.remixDev ? { pluginTimeout: 120_000 } : {}),
  });
  // Whatever a request runs (loaders, actions, the domain) logs through its logger, with its id.
  app.addHook('onRequest', (request, _reply, done) => withLogger(request.log, done));
  // On the embedded database, background work's statements wait while a request is answered
  // (ADRs 0160, 0325); a request that sends a file is such work itself.
  if (services.database.kind === 'pglite') {
    app.addHook('onRequest', (incoming, reply, done) => {
      const request = requestStarted({ sendsFile: incoming.headers['content-type']?.startsWith('multipart/form-data') === true });
      reply.raw.once('close', request.ended);
      request.run(done);
    });
  }
  installZodSchemas(app, { checkResponses: options.checkResponses });
  const storage = new StorageHealth();
  installErrorHandler(app, storage);
  installInputGuard(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // With no-referrer, Chromium sends `Origin: null` on form posts and the same-origin check fails.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    max: 600,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    // What this returns is thrown to the error handler, so it is an Error with a status.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests. Wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`), {
        statusCode: 429,
      }),
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: services.env.MAX_UPLOAD_MB * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024 * 1024 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tomekeeper API',
        version: '1.0.0',
        description: 'Send `Authorization: Bearer <token>` from /api/auth/login on every call but login and register.',
      },
      servers: [{ url: '/', description: 'This server (the API lives under /api)' }],
      tags: API_TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: zodToOpenApi,
  });

  installAuth(app, services);
  installApiGuard(app);

  await app.register(async (plain) => {
    const api = plain.withTypeProvider<ZodTypeProvider>();
    await healthRoutes(api, services, storage);
    await openApiRoutes(api);
    await apiDocsRoutes(api);
    await authRoutes(api, services);
    await tokenRoutes(api, services);
    await usageRoutes(api, services);
    await campaignRoutes(api, services);
    await campaignTransferRoutes(api, services);
    await tomeRoutes(api, services);
    await timelineRoutes(api, services);
    await sessionRoutes(api, services);
    await chatRoutes(api, services);
    await contentRoutes(api, services);
    await conceptMapRoutes(api, services);
    await campaignDocumentRoutes(api, services);
    await seatRoutes(api, services);
    if (options.adminSecret) await adminRoutes(api, services, options.adminSecret);
  });

  if (options.remixDev) await app.register(remixDevPlugin, { services, storage });
  else if (options.remixBuildDir) await app.register(remixPlugin, { services, storage, buildDir: options.remixBuildDir });
  return app;
}

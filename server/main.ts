import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { bootServices, JOB_STOP_GRACE_MS } from './boot';
import { writeLock } from './data-dir-lock';
import { countAccounts } from './domain/accounts/accounts';
import { createRegistrationCode } from './domain/accounts/registration-codes';
import { parseEnv } from './env';
import { registerWorkers } from '../jobs/register-workers';
import { queueLeftoverVectorIndexing } from '../jobs/index-vectors';
import { queueStaleReembedding } from '../jobs/reembed';
import { createDataDirApart } from './db/create-data-dir';
import { databaseTargetFromEnv } from './db/database';
import { startEmbeddedVacuum } from './db/embedded-vacuum';
import { EXACT_SEARCH_NOTICE, vectorBackendOf } from './domain/retrieval';
import { createLogger } from './http/logging';
import { log, setRootLogger } from './log';

/** A stop ends by then whatever holds it: under Fly's 5 s between SIGTERM and SIGKILL. */
const STOP_DEADLINE_MS = 4_500;

async function main() {
  const env = parseEnv();
  setRootLogger(createLogger());
  // `npm run dev` passes --dev: the UI comes from Vite's dev server with hot reload.
  const dev = process.argv.includes('--dev');
  const buildDir = env.API_ONLY || dev ? undefined : path.resolve(process.env.REMIX_BUILD_DIR ?? 'build');
  if (buildDir && !fs.existsSync(path.join(buildDir, 'server/index.js'))) {
    throw new Error('The web app is not built yet: run `npm run build` (or `npm start`, which builds first).');
  }
  const target = databaseTargetFromEnv(env);
  if (target.kind === 'pglite' && target.dataDir !== 'memory') await createDataDirApart(target.dataDir);
  const { services, shutdown } = await bootServices(env);
  const { roles } = services.ai;
  if (roles) log().info(roles, `answers: ${roles.answers}; embeddings: ${roles.embeddings}; reranking: ${roles.rerank}`);
  if (env.RUN_WORKERS) await registerWorkers(services.queue, services);
  // Before listening, so the Knowledge Tomes page shows a re-embedding from the first request.
  await queueStaleReembedding(services);
  // On a Postgres server autovacuum does this.
  const vacuum = services.database.kind === 'pglite' ? startEmbeddedVacuum(services.db) : undefined;

  const adminSecret = randomBytes(32).toString('base64url');
  const app = await buildApp(services, { remixBuildDir: buildDir, remixDev: dev && !env.API_ONLY, logger: env.NODE_ENV !== 'test', adminSecret });
  await app.listen({ port: env.PORT, host: env.HOST });
  const port = (app.server.address() as { port: number }).port;
  if (services.database.kind === 'pglite') writeLock(env.DATA_DIR, { port, secret: adminSecret });

  if ((await countAccounts(services.db)) === 0) {
    const code = await createRegistrationCode(services.db, { uses: 1, expiresInDays: 7, note: 'first start' });
    console.log(`\n  Tomekeeper has no accounts yet. Open http://localhost:${port}/register and use this one-time registration code:\n\n    ${code}\n`);
  }
  // Checks that need not hold the start (a second `npm start` is timed to a healthy /api/health).
  if ((await vectorBackendOf(services.db)) === 'exact') log().warn(EXACT_SEARCH_NOTICE);
  await queueLeftoverVectorIndexing(services);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: stopping; jobs still running in ${JOB_STOP_GRACE_MS / 1000} s are tried again after the restart`);
    // Whatever still holds the stop (a request that does not end) is cut short before the
    // platform's kill: the jobs are retried either way.
    setTimeout(() => {
      app.log.warn('the stop took too long; exiting now');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    await Promise.all([app.close(), vacuum?.stop()]);
    await shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

main().catch((error: Error) => {
  log().fatal({ err: error }, error.message);
  process.exit(1);
});

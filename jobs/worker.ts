import { bootServices } from '../server/boot';
import { parseEnv } from '../server/env';
import { registerWorkers } from './register-workers';
import { createLogger } from '../server/http/logging';
import { log, setRootLogger } from '../server/log';

/**
 * `npm run worker`: job workers alone, for deployments that scale them apart from the web
 * process. Needs DATABASE_URL: the embedded database can be opened by one process only.
 */
async function main() {
  const env = parseEnv();
  setRootLogger(createLogger());
  if (!env.DATABASE_URL) {
    throw new Error('A separate worker needs DATABASE_URL; with the embedded database the server runs the workers itself.');
  }
  const { services, shutdown } = await bootServices(env);
  await registerWorkers(services.queue, services);
  log().info('Workers started.');
  const stop = async () => {
    await shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: Error) => {
  log().fatal({ err: error }, error.message);
  process.exit(1);
});

import { buildApp } from './server/app';
import { createTestDatabase } from './server/db/test-database';
import { parseEnv } from './server/env';
import { startQueue } from './server/queue';
import { createServices } from './server/services';
const database = await createTestDatabase();
const queue = await startQueue(database);
const app = await buildApp(createServices(parseEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }), database, queue));
await app.ready();
try { app.swagger(); } catch (e) { console.error(e); }
process.exit(0);

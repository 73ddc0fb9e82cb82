/**
 * A bare PGlite on a data folder (argv[2]), opened as the server opens it and asked one query
 * over the passages, then left idle: the floor the server's idle memory is compared with.
 * With `--server-settings`, it starts Postgres with the server's settings (server/db/database.ts)
 * instead of PGlite's defaults.
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pgliteStartParams } from '../../server/db/database';

const serverSettings = process.argv.includes('--server-settings');
const pglite = await PGlite.create(process.argv[2], { extensions: { vector }, ...(serverSettings ? { startParams: pgliteStartParams(process.argv[2]) } : {}) });
await pglite.query('select count(*) from chunks');
process.send?.('ready');
setInterval(() => undefined, 60_000);

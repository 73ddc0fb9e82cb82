/**
 * A bare PGlite on a data folder (argv[2]), opened as the server opens it and asked one query
 * over the passages, then left idle: the floor the server's idle memory is compared with.
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

const pglite = await PGlite.create(process.argv[2], { extensions: { vector } });
await pglite.query('select count(*) from chunks');
process.send?.('ready');
setInterval(() => undefined, 60_000);

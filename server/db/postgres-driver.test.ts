import net from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

/**
 * The postgres.js we install is patched (patches/README.md): a connection lost while it fetched
 * the array types left an unhandled rejection, which ends a Node process, and the statement
 * that opened the connection waiting forever. Here a proxy in front of the test server cuts the
 * first connection at that moment, as a server restart or a dropped database does.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** Forwards to the server, counting connections; with `cutTypeQuery`, cuts the first connection that sends the array-type query. */
async function proxyTo(target: URL, { cutTypeQuery = false, database = target.pathname.slice(1) } = {}) {
  let cuts = 0;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    connections += 1;
    const server = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (cutTypeQuery && cuts === 0 && chunk.includes('b.typarray')) {
        cuts += 1;
        client.destroy();
        server.destroy();
        return;
      }
      server.write(chunk);
    });
    server.on('data', (chunk) => client.write(chunk));
    client.on('error', () => server.destroy()).on('close', () => server.destroy());
    server.on('error', () => client.destroy()).on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    cuts: () => cuts,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms))]);

describe.skipIf(!serverUrl)('the Postgres driver (postgres.js, patched)', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', onRejection);
  });

  it('survives a connection lost while it fetches the array types: no unhandled rejection, and the statement runs on a new one', async () => {
    process.on('unhandledRejection', onRejection);
    const proxy = await proxyTo(new URL(serverUrl!), { cutTypeQuery: true });
    const database = await openDatabase({ kind: 'postgres', url: proxy.url });
    try {
      const { rows } = await within(sql<{ one: number }>`select 1 as one`.execute(database.db), 10_000, 'the first statement');
      expect(proxy.cuts()).toBe(1);
      expect(rows).toEqual([{ one: 1 }]);
      // Rejections are reported after the microtasks of the turn that made them.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rejections.map((reason) => String(reason))).toEqual([]);
    } finally {
      await database.close();
      await proxy.close();
    }
  });

  it('opens no more connections for a statement whose connection could not be opened', async () => {
    const proxy = await proxyTo(new URL(serverUrl!), { database: 'tk_no_such_database' });
    const database = await openDatabase({ kind: 'postgres', url: proxy.url });
    try {
      const failed = await within(sql`select 1`.execute(database.db), 10_000, 'the statement').then(
        () => 'ran',
        (error: Error) => error.message,
      );
      expect(failed).toMatch(/database "tk_no_such_database" does not exist/);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // The patch puts a waiting reserve() back in the queue; a rejected one must leave it, or the
      // pool opens hundreds of connections a second for it.
      expect(proxy.connections()).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});

import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { beforeStatement, trackStatement } from './foreground';
import { realArrayBinary } from './real-arrays';

/**
 * Kysely over PGlite. PGlite has one backend, so a bare BEGIN would let other callers'
 * queries land inside the transaction; instead each Kysely transaction runs inside
 * `pglite.transaction()`, which holds PGlite's lock until we commit or roll back. Statements are
 * scheduled here (foreground.ts): background work's wait for requests, outside transactions.
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

type Queryable = Pick<PGlite, 'query'> | Pick<Transaction, 'query'>;

class PgliteConnection implements DatabaseConnection {
  transaction?: { tx: Transaction; finish: (commit: boolean) => Promise<void> };
  constructor(private readonly pglite: PGlite) {}

  private get target(): Queryable {
    return this.transaction?.tx ?? this.pglite;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.transaction) await beforeStatement();
    const parameters = compiled.parameters.map((value) => (value instanceof Float32Array ? realArrayBinary(value) : value));
    const result = await trackStatement(() => this.target.query<R>(compiled.sql, parameters));
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }
}

class PgliteDriver implements Driver {
  constructor(private readonly pglite: PGlite) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.pglite);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as PgliteConnection;
    await beforeStatement();
    let decide!: (commit: boolean) => void;
    const decision = new Promise<boolean>((resolve) => (decide = resolve));
    await new Promise<void>((started, failedToStart) => {
      const done = this.pglite.transaction(async (tx) => {
        conn.transaction = {
          tx,
          finish: async (commit) => {
            decide(commit);
            await done;
          },
        };
        started();
        if (!(await decision)) await tx.rollback();
      });
      done.catch(failedToStart);
    });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as PgliteConnection;
    const transaction = conn.transaction;
    conn.transaction = undefined;
    await transaction?.finish(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as PgliteConnection;
    const transaction = conn.transaction;
    conn.transaction = undefined;
    await transaction?.finish(false);
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async releaseConnection() {}
  async destroy() {}
}

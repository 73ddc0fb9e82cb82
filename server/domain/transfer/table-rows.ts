import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Rows as JSON, the portable form both the campaign archive and the instance backup use: read
 * with Postgres's own to_jsonb (bytea as '\x..' text, vectors as their text, arrays as JSON
 * arrays, timestamps with their offset) and written back with jsonb_populate_recordset, which
 * reads each value with the column's input function. The same SQL runs on PGlite and on a
 * Postgres server, so a backup of one restores into the other.
 */
export type Row = Record<string, unknown>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function identifier(name: string): RawBuilder<unknown> {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return sql.raw(`"${name}"`);
}

/** A condition written with :name placeholders, the values passed as parameters. */
export function withParameters(text: string, values: Record<string, string>): RawBuilder<unknown> {
  const pieces = text.split(/(:[a-z]+)/);
  return sql.join(
    pieces.map((piece) => {
      if (!piece.startsWith(':')) return sql.raw(piece);
      const value = values[piece.slice(1)];
      if (value === undefined) throw new Error(`no value for ${piece}`);
      return sql`${value}`;
    }),
    sql.raw(''),
  );
}

export async function selectRows(
  db: Kysely<DB>,
  table: string,
  where: RawBuilder<unknown>,
  order: string,
  page?: { limit: number; offset: number },
): Promise<Row[]> {
  const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  const result = await sql<{ row: Row }>`select to_jsonb(t) as row from ${identifier(table)} t where ${where} order by ${sql.raw(order)}${paging}`.execute(db);
  return result.rows.map((r) => (typeof r.row === 'string' ? (JSON.parse(r.row) as Row) : r.row));
}

/** Inserts rows with their columns as given (generated columns left out by the caller); identity columns keep the given values. */
export async function insertRows(db: Kysely<DB>, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const list = sql.join(columns.map(identifier));
  await sql`insert into ${identifier(table)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::${identifier(table)}, ${JSON.stringify(rows)}::jsonb)`.execute(
    db,
  );
}

/** Columns Postgres computes itself (chunks.search_vector): never written. */
export async function generatedColumns(db: Kysely<DB>, table: string): Promise<Set<string>> {
  const result = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'ALWAYS'`.execute(db);
  return new Set(result.rows.map((r) => r.column_name));
}

/** The tables of the app's schema (not pg-boss's), by name. */
export async function appTables(db: Kysely<DB>): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return result.rows.map((r) => r.table_name);
}

/** The last migration applied: an archive or backup records it, and a later one is refused. */
export async function migrationLevel(db: Kysely<DB>): Promise<string> {
  const result = await sql<{ name: string }>`select max(name) as name from schema_migrations`.execute(db);
  return result.rows[0]?.name ?? '';
}

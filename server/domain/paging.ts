import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, type pageQuerySchema } from '../../contract/api/shared';
import { DomainError } from './errors';
import { isUuid } from './ownership';

/**
 * Pages of a list (issue 36, ADR 0286): keyset paging on the list's own stable order, with an
 * opaque cursor holding the last row's sort keys. A row added or removed between two pages
 * neither repeats a row nor skips one that was there all along.
 */

/** A paged list's query string, as `pageQuerySchema` (contract/api/shared.ts) reads it. */
export type PageRequest = z.infer<typeof pageQuerySchema>;
export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** Asked for a page (limit or cursor given), or for the whole list as before paging existed. */
export const wantsPage = (query: PageRequest): boolean => query.limit !== undefined || query.cursor !== undefined;

type KeyType = 'timestamptz' | 'text' | 'uuid' | 'integer';
/** One column of a list's order: the last one must be unique (the row's id). */
export interface SortKey {
  ref: string;
  direction: 'asc' | 'desc';
  type: KeyType;
}

const VALID: Record<KeyType, (value: string) => boolean> = {
  timestamptz: (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value),
  text: (value) => value.length <= 1000,
  uuid: isUuid,
  integer: (value) => /^-?\d{1,15}$/.test(value),
};

const badCursor = () => new DomainError(400, 'cursor is not one this server gave out: start again without it');

function decodeCursor(cursor: string, keys: SortKey[]): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw badCursor();
  return values.map((value, i) => {
    if (typeof value !== 'string' || !VALID[keys[i].type](value)) throw badCursor();
    return value;
  });
}

const encodeCursor = (values: string[]) => Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');

/** A sort key as the cursor holds it: timestamps to the microsecond, in UTC (a JS Date keeps only milliseconds). */
export function cursorValue(key: SortKey) {
  const ref = sql.ref(key.ref);
  if (key.type === 'timestamptz') return sql<string>`to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql<string>`${ref}::text`;
}

/** Rows strictly after the cursor's row in the keys' order: (k1 after v1) or (k1 = v1 and (k2 after v2 or ...)). */
function after(keys: SortKey[], values: string[], i = 0): Expression<SqlBool> {
  const column = sql.ref(keys[i].ref);
  const value = sql`cast(${values[i]} as ${sql.raw(keys[i].type)})`;
  const beyond = keys[i].direction === 'asc' ? sql<SqlBool>`${column} > ${value}` : sql<SqlBool>`${column} < ${value}`;
  if (i === keys.length - 1) return beyond;
  return sql<SqlBool>`(${beyond} or (${column} = ${value} and ${after(keys, values, i + 1)}))`;
}

/**
 * Runs a list's query for one page: its order is `keys`, and each row carries its sort keys as
 * `cursor_0`, `cursor_1`, … (select them with `cursorValue`). One row more than the page is read
 * to know whether another page follows.
 */
export async function readPage<Row extends Record<string, unknown>>(
  query: SelectQueryBuilder<any, any, Row>,
  keys: SortKey[],
  page: PageRequest,
): Promise<{ rows: Row[]; next_cursor: string | null }> {
  const limit = page.limit ?? PAGE_LIMIT_DEFAULT;
  const paged = page.cursor === undefined ? query : query.where(after(keys, decodeCursor(page.cursor, keys)));
  const rows = await inOrder(paged, keys)
    .limit(limit + 1)
    .execute();
  if (rows.length <= limit) return { rows, next_cursor: null };
  const last = rows[limit - 1];
  return { rows: rows.slice(0, limit), next_cursor: encodeCursor(keys.map((_, i) => String(last[`cursor_${i}`]))) };
}

/** A list's query in its keys' order: the whole list and its pages share one order. */
export function inOrder<Query extends SelectQueryBuilder<any, any, any>>(query: Query, keys: SortKey[]): Query {
  let ordered = query;
  for (const key of keys) ordered = ordered.orderBy(sql.ref(key.ref), key.direction) as Query;
  return ordered;
}

/** The selections readPage needs beside a list's own columns. */
export const cursorColumns = (keys: SortKey[]) => keys.map((key, i) => cursorValue(key).as(`cursor_${i}`));

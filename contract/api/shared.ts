import { z, type ZodType } from 'zod';

/**
 * The pieces every /api shape is made of (ADR 0328). The files of contract/api hold each
 * request and response shape once: the routes validate and document with them, the domain
 * takes its types from them (`z.infer`). They are written with the full zod, for the routes'
 * type provider and the OpenAPI document: the browser imports them for types only.
 */

/** Every instant the API answers is an ISO 8601 string in UTC, e.g. 2026-11-29T09:15:00.000Z (ADR 0287). */
export const timestamp = z.iso.datetime().describe('An instant, ISO 8601 in UTC');

/**
 * A list that pages (ADR 0286): without `limit` and `cursor` the whole list as before (a bare
 * array); with either, `{ items, next_cursor }`.
 */
export function listOrPage<Item extends ZodType>(item: Item) {
  return z
    .union([
      z.array(item).describe('Without limit and cursor: the whole list'),
      z
        .object({
          items: z.array(item),
          next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
        })
        .describe('With limit or cursor: one page'),
    ])
    .describe('The whole list as an array, or, when `limit` or `cursor` is given, one page of it: `{ items, next_cursor }`');
}

/** A page holds at most this many rows; without `limit` a paged call answers this many. */
export const PAGE_LIMIT_MAX = 500;
export const PAGE_LIMIT_DEFAULT = 100;

const limitMessage = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

/** The query string of every paged list: both optional; either one asks for a page. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(PAGE_LIMIT_MAX, { error: limitMessage })
    .optional()
    .describe(`At most this many items (1-${PAGE_LIMIT_MAX}, default ${PAGE_LIMIT_DEFAULT}). Giving limit or cursor answers a page.`),
  cursor: z.string().max(4000, { error: 'cursor is not one this server gave out' }).optional().describe('The next_cursor of the previous page'),
});

export const errorResponse = z.object({ error: z.string() }).describe('What went wrong, in words a person can act on');

/** A citation as chat answers and generated content carry it. */
export const citationSchema = z.object({
  source_id: z.string(),
  filename: z.string(),
  quote: z.string(),
  document_id: z.string().nullable(),
  dataset_id: z.string().nullable(),
  page: z.number().nullable().optional(),
  start: z.number().int().nullable().optional().describe("Character offset of the quote in the document's stored content; null when not found"),
  end: z.number().int().nullable().optional(),
  link: z.string().nullable().optional().describe("A citation of the campaign's own record: where the timeline event or the session opens (label in filename)"),
});

export type ChatCitation = z.infer<typeof citationSchema>;

/** The empty body of a 204. */
export const noContent = z.null();

/** A file's bytes as an answer's body (a download, an archive). */
export const fileBytes = z.string().meta({ format: 'binary' });

/** The path parameters most routes take. */
export const idParams = z.object({ id: z.string() });
/** A tome's document: the tome's (or the campaign's) id and the document's. */
export const documentParams = z.object({ id: z.string(), docId: z.string() });

/** What a DELETE answers: the id it removed, under the given key (`{ deleted: id }`). */
export const removedResponse = <Key extends string>(key: Key) => z.object({ [key]: z.string() } as { [K in Key]: z.ZodString });

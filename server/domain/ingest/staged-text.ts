import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { yieldToForeground } from '../../db/foreground';

/**
 * A document's text on its way into documents.content. Sent in one statement, a 50 MB text held
 * the embedded database for seconds (encoding, sending and parsing one huge parameter), so it
 * is staged in parts of a million characters, each its own short statement, and the swap sets
 * the column from them inside the database (ADR 0110).
 */

const PART_CHARS = 1_000_000;

/** Writes the text in parts under the job, replacing what an earlier run of the job staged. */
export async function stageText(db: Kysely<DB>, jobId: string, text: string): Promise<void> {
  await removeStagedText(db, jobId);
  let part = 0;
  for (let start = 0; start < text.length; part++) {
    let end = Math.min(text.length, start + PART_CHARS);
    // Never cut between the two halves of a surrogate pair: each part must be valid text.
    if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
    await yieldToForeground();
    await db
      .insertInto('ingest_text_parts')
      .values({ job_id: jobId, part, text: text.slice(start, end) })
      .execute();
    start = end;
  }
}

/** The staged text, joined in order, as a value for an update in the same database. */
export function stagedText(jobId: string): RawBuilder<string> {
  return sql<string>`(select coalesce(string_agg(text, '' order by part), '') from ingest_text_parts where job_id = ${jobId})`;
}

export async function removeStagedText(db: Kysely<DB>, jobId: string): Promise<void> {
  await db.deleteFrom('ingest_text_parts').where('job_id', '=', jobId).execute();
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

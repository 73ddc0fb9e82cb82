import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { textHead } from '../tomes/document-text';

/** Versions remembered; beyond this the memory starts over. */
const MAX_REMEMBERED = 20_000;
const remembered = new Map<string, boolean>();

/**
 * Which of these document text versions were saved from generated content (their front matter
 * says `generated: true`). A version's text never changes (a new ingest writes a new version),
 * so each answer is remembered: reading a text's head decompresses its whole first part, about
 * 0.2-0.8 ms per document, which every search paid for each passage it returned (ADR 0208).
 */
export async function generatedTextVersions(db: Kysely<DB>, versions: Array<string | null>): Promise<Set<string>> {
  const wanted = [...new Set(versions.filter((v): v is string => v !== null))];
  const unknown = wanted.filter((version) => !remembered.has(version));
  if (unknown.length > 0) {
    const rows = await db
      .selectFrom('documents as d')
      .select(['d.text_version', sql<boolean>`(${textHead('d', 4000)} ~ '^---\n.*\ngenerated: true\n')`.as('generated')])
      .where('d.text_version', 'in', unknown)
      .execute();
    if (remembered.size + rows.length > MAX_REMEMBERED) remembered.clear();
    for (const row of rows) if (row.text_version) remembered.set(row.text_version, row.generated === true);
  }
  return new Set(wanted.filter((version) => remembered.get(version) === true));
}

import { sql, type Kysely } from 'kysely';
import { rulebookNamesFor } from '../../ai/gm-vocabulary';
import { isStopword } from '../../ai/terms';
import type { DB } from '../../db/schema';
import { scopeCondition, type SearchScope } from './scope';

/** A title shared by more chunks than this is a section label ("Actions"), not a unit's name. */
const MAX_CHUNKS_PER_TITLE = 12;
const MAX_WORDS = 5;
const QUESTION_WORDS = new Set(['what', 'who', 'how', 'does', 'do', 'is', 'are', 'much', 'many', 'far', 'long', 'can', 'get', 'give', 'work', 'mean']);

/** The title of a chunk: the last heading of its path, lowercased (the expression the title index holds). */
export const chunkTitle = sql<string>`lower(split_part(c.heading_path, ' > ', -1))`;

/**
 * What in the question could be the title of a unit of the rulebook (a spell, a monster, an
 * item, a condition, a rule): every run of up to five words, with and without a plural s, plus
 * the rulebook's names for the question's table talk. Longer runs first.
 */
export function titleCandidates(query: string): Array<{ title: string; words: number; fromVocabulary: boolean }> {
  const words = (
    query
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []
  ).map((w) => w.replace(/'s$/, ''));
  const found = new Map<string, { title: string; words: number; fromVocabulary: boolean }>();
  const add = (title: string, count: number, fromVocabulary: boolean) => {
    if (!found.has(title)) found.set(title, { title, words: count, fromVocabulary });
  };
  for (let size = Math.min(MAX_WORDS, words.length); size >= 1; size -= 1) {
    for (let i = 0; i + size <= words.length; i += 1) {
      const run = words.slice(i, i + size);
      if (isStopword(run[0]) || isStopword(run[size - 1]) || QUESTION_WORDS.has(run[0])) continue;
      if (size === 1 && (run[0].length < 4 || /^\d+$/.test(run[0]))) continue;
      const title = run.join(' ');
      add(title, size, false);
      add(title.endsWith('s') ? title.slice(0, -1) : `${title}s`, size, false);
      if (title.endsWith('ed')) add(title, size, false);
    }
  }
  for (const name of rulebookNamesFor(query)) add(name.toLowerCase(), name.split(/\s+/).length, true);
  return [...found.values()];
}

/**
 * Chunks in scope whose title is named by the question, best first: the longest name, then
 * the document order (a spell's first chunk holds its casting time, range and components).
 */
export async function titleCandidatesIn(db: Kysely<DB>, scope: SearchScope, query: string, limit: number): Promise<Array<{ id: number; words: number }>> {
  const candidates = titleCandidates(query);
  if (candidates.length === 0) return [];
  const rows = await db
    .selectFrom('chunks as c')
    .select(['c.id', 'c.document_id', 'c.ordinal', chunkTitle.as('title')])
    .where(scopeCondition(scope))
    .where(
      chunkTitle,
      'in',
      candidates.map((c) => c.title),
    )
    .orderBy('c.id')
    .limit(MAX_CHUNKS_PER_TITLE * candidates.length)
    .execute();
  const perTitle = new Map<string, number>();
  for (const row of rows) perTitle.set(row.title, (perTitle.get(row.title) ?? 0) + 1);
  const wordsOf = new Map(candidates.map((c) => [c.title, c.words]));
  return rows
    .filter((row) => (perTitle.get(row.title) ?? 0) <= MAX_CHUNKS_PER_TITLE)
    .map((row) => ({ id: Number(row.id), words: wordsOf.get(row.title) ?? 1, ordinal: row.ordinal }))
    .sort((a, b) => b.words - a.words || a.ordinal - b.ordinal || a.id - b.id)
    .slice(0, limit)
    .map(({ id, words }) => ({ id, words }));
}

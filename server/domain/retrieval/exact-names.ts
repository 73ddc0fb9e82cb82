import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { scopeCondition, type SearchScope } from './scope';

/**
 * Names a GM asks about: quoted phrases, and runs of capitalised words ("Ardent Vael",
 * "Bag of Holding"). Invented names have no meaning an embedding could know, and a near miss
 * ("Ardent Vale") is a different person, so chunks holding the name verbatim go first.
 */
const QUESTION_WORDS = new Set(
  `a an the what who whom whose which where when why how is are was were do does did can could should would will
  shall may might must has have had tell describe explain list give show please summarise summarize compare
  i i'm we you my our in on at of for to and or but if so`.split(/\s+/),
);
/** A question word, contracted ones too ("What's", "I'd"). */
const isQuestionWord = (word: string) => QUESTION_WORDS.has(word.toLowerCase().replace(/['’](?:s|d|ll|re|ve|m)$/, ''));
const CONNECTORS = new Set(['of', 'the', 'de', 'du', 'von', 'van', 'der', 'la', 'le']);
const CAPITALISED = /^\p{Lu}[\p{L}\p{N}'’-]*$/u;

export function namesIn(query: string): string[] {
  const names = new Set<string>();
  for (const match of query.matchAll(/["“]([^"“”]{2,80})["”]/g)) names.add(match[1].trim());

  // Words with their sentence-start flag; punctuation other than an apostrophe or hyphen ends a run.
  const tokens = query.match(/[\p{L}\p{N}'’-]+|[^\s\p{L}\p{N}'’-]+/gu) ?? [];
  let run: string[] = [];
  let sentenceStart = true;
  let runStartsSentence = false;
  const flush = () => {
    while (run.length > 0 && CONNECTORS.has(run.at(-1)!)) run.pop();
    if (runStartsSentence) while (run.length > 0 && isQuestionWord(run[0])) run.shift();
    while (run.length > 0 && isQuestionWord(run[0]) && !CAPITALISED.test(run[0])) run.shift();
    if (run.length > 0 && !(run.length === 1 && run[0].length < 3)) names.add(run.join(' '));
    run = [];
  };
  for (const token of tokens) {
    if (!/[\p{L}\p{N}]/u.test(token)) {
      flush();
      if (/[.!?:;]/.test(token)) sentenceStart = true;
      continue;
    }
    if (CAPITALISED.test(token) || (run.length > 0 && CONNECTORS.has(token))) {
      if (run.length === 0) runStartsSentence = sentenceStart;
      run.push(token);
    } else {
      flush();
    }
    sentenceStart = false;
  }
  flush();
  return [...names];
}

/**
 * Chunks in scope that hold at least one of the names verbatim (case aside), with how many
 * of the names each holds; most names first. The phrase test finds them through the full-text
 * index: the name parsed as the passages are, stemmed, its stopwords leaving the same gaps, so
 * every passage holding it verbatim matches, and ILIKE then keeps only those (ADR 0255). A name
 * of stopwords only ("The Who") has no phrase to test and finds nothing. Each name brings at most
 * `limit` passages, the first the index gives: a name found all over the library (a
 * "Dexterity" in a stat block) then costs what a rare one does instead of a scan of every
 * passage holding it (ADR 0100). A passage holding two names is found through the rarer one.
 */
export async function exactNameCandidates(db: Kysely<DB>, scope: SearchScope, names: string[], limit: number): Promise<Array<{ id: number; hits: number }>> {
  if (names.length === 0) return [];
  const holds = names.map((name) => {
    const pattern = `%${name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return sql<boolean>`(c.search_vector @@ phraseto_tsquery('english', ${name}) and (c.content ilike ${pattern} or c.heading_path ilike ${pattern}))`;
  });
  const perName = holds.map((held) => sql`(select c.id from chunks c where ${scopeCondition(scope)} and ${held} limit ${limit})`);
  const hits = sql<number>`(${sql.join(
    holds.map((held) => sql`(case when ${held} then 1 else 0 end)`),
    sql` + `,
  )})`;
  const { rows } = await sql<{ id: string; hits: number }>`select c.id, ${hits} as hits
    from chunks c where c.id in (${sql.join(perName, sql` union `)})
    order by hits desc, c.id
    limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), hits: Number(row.hits) }));
}

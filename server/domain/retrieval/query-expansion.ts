/**
 * GM phrasing → the word rulebooks use, appended to the question for full-text search (which
 * stems but knows no synonyms). Deliberately small: only words that mean the same thing at
 * the table.
 */
const RULEBOOK_WORDS: Record<string, string> = {
  grab: 'grapple',
  grabs: 'grapple',
  grabbed: 'grapple',
  grabbing: 'grapple',
  leap: 'jump',
  leaps: 'jump',
  leaping: 'jump',
  zero: '0',
  sneak: 'stealth',
  sneaking: 'stealth',
  armour: 'armor',
  die: 'death',
  dies: 'death',
  dying: 'death',
  crit: 'critical',
  init: 'initiative',
  hp: 'hit points',
};

export function expandQuery(query: string): string {
  const extra = new Set<string>();
  for (const word of query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const mapped = RULEBOOK_WORDS[word];
    if (mapped) extra.add(mapped);
  }
  return extra.size > 0 ? `${query} ${[...extra].join(' ')}` : query;
}

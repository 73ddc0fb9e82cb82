/**
 * The offline engine's tokenisation, shared by the offline embedder and the offline
 * answer composer so that "matching words" means the same thing in both.
 */

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
  between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each either
  else ever every few for from further get gets got had hadn't has hasn't have haven't having he he'd he'll he's her
  here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just
  let's may me might more most must mustn't my myself neither no nor not now of off on once one only or other ought
  our ours ourselves out over own per same shall shan't she she'd she'll she's should shouldn't so some someone
  somebody something such than that that's the their theirs them themselves then there there's these they they'd
  they'll they're they've this those through thus to too under until up upon us very was wasn't we we'd we'll we're
  we've were weren't what what's when when's where where's whether which while who who's whom whose why why's will
  with within without won't would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * GM phrasing → the word rulebooks use. Deliberately small: only pairs that mean the
 * same thing at the table; the stemmer handles plain inflection.
 */
const SYNONYMS: Record<string, string> = {
  grab: 'grapple',
  grabs: 'grapple',
  grabbed: 'grapple',
  grabbing: 'grapple',
  fell: 'fall',
  fallen: 'fall',
  die: 'death',
  dies: 'death',
  died: 'death',
  dying: 'death',
  dead: 'death',
  sneak: 'stealth',
  sneaking: 'stealth',
  armour: 'armor',
  invisibility: 'invisible',
  suffocation: 'suffocate',
  dmg: 'damage',
  crit: 'critical',
  crits: 'critical',
  init: 'initiative',
};

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Lowercased words, possessives folded ("creature's" → "creature"). */
export function words(text: string): string[] {
  const found = text.toLowerCase().match(WORD) ?? [];
  return found.map((word) => word.replace(/['’]s$/, '').replace(/’/g, "'"));
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** Light suffix stripping: enough to meet "breathing" with "breath", "grappled" with "grapple". */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);

  if (w.endsWith('ing') && w.length - 3 >= 3) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = undouble(w.slice(0, -2));

  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-km-np-rtv-z])\1$/.test(w) ? w.slice(0, -1) : w;
}

/** The normalised form of one word: synonym first, then stem. */
export function normaliseWord(word: string): string {
  return stem(SYNONYMS[word] ?? word);
}

const WORDS_REMEMBERED = 50_000;

/**
 * A function of one word, remembered: searching, embedding and ingesting meet the same few
 * thousand words over and over, and working each one out again cost more than the rest of the
 * offline reranking and of the offline embedding. Cleared when full, so it stays a few megabytes.
 */
export function rememberedPerWord<T extends object | string | null>(compute: (word: string) => T): (word: string) => T {
  const remembered = new Map<string, T>();
  return (word) => {
    let value = remembered.get(word);
    if (value === undefined) {
      value = compute(word);
      if (remembered.size >= WORDS_REMEMBERED) remembered.clear();
      remembered.set(word, value);
    }
    return value;
  };
}

/** A lowercased word's term (folding, the stopword test, synonym, stem); null for a stopword. */
const termOf = rememberedPerWord((lowercased): string | null => {
  const [word] = words(lowercased);
  return isStopword(word) ? null : normaliseWord(word);
});

/** Content-bearing terms in order: stopwords dropped, synonyms applied, stemmed. */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const lowercased of text.toLowerCase().match(WORD) ?? []) {
    const term = termOf(lowercased);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/**
 * Word classes for the few words between two names, and verb forms for relationship labels.
 * Closed-class words come from fixed lists; open-class words from compromise's lexicon and
 * suffixes. Tagging whole sentences with compromise costs ~3 ms each, too slow for rulebooks.
 */

import nlp from 'compromise';

/** D det, P prep, Y 'by', B be, A aux/modal, R adverb, X negation, O pronoun, C conjunction,
 *  S subordinator, V verb, E past participle, G gerund, J adjective, N noun (and unknown). */
export type WordClass = 'D' | 'P' | 'Y' | 'B' | 'A' | 'R' | 'X' | 'O' | 'C' | 'S' | 'V' | 'E' | 'G' | 'J' | 'N';

const list = (text: string): string[] => text.split(/\s+/).filter(Boolean);

const CLOSED: Record<string, WordClass> = {};
const assign = (words: string, cls: WordClass) => {
  for (const word of list(words)) CLOSED[word] = cls;
};
assign(
  `a an the this these those its their our my your some any each every all no another several many few both either
  neither one two three four five six seven eight nine ten first second third fourth fifth last other such`,
  'D',
);
assign(
  `of in on at to for from with into onto upon under beneath below underneath above over near beside behind beyond
  across through toward towards against among amid around within without inside outside between about after before
  during until via throughout along past off out up down aboard atop as like despite except than per`,
  'P',
);
assign('by', 'Y');
assign(`is was are were be been being am`, 'B');
assign(`has have had will would shall should can could may might must do does did`, 'A');
assign(`not never`, 'X');
assign(`he she it they we i you him them us me her himself herself itself themselves ourselves yourself`, 'O');
assign(`and or but nor yet so`, 'C');
assign(
  `that which who whom whose when while where because if although though unless whereas whenever wherever whether
  since once`,
  'S',
);
assign(
  `also still then now secretly openly later soon often always already again even just only formerly currently
  reluctantly quietly`,
  'R',
);

// Irregular participles the lexicon files as adjectives or plain past tense.
assign(
  `bound born borne broken built buried chosen driven fallen forgotten frozen given hidden held kept known lost made
  slain stolen sworn taken torn woken written hung struck caught sent brought fought taught cursed`,
  'E',
);

const LEXICON = (nlp.model() as { one: { lexicon: Record<string, string | string[] | undefined> } }).one.lexicon;

export function lexiconTags(word: string): string[] {
  const tags = Object.hasOwn(LEXICON, word) ? LEXICON[word] : undefined;
  if (!tags) return [];
  return Array.isArray(tags) ? tags : [tags];
}

const VERB_TAGS = new Set(['Verb', 'PresentTense', 'Infinitive', 'Imperative', 'PhrasalVerb']);
const PAST_TAGS = new Set(['PastTense', 'Participle']);
const NOUN_TAGS = new Set(['Noun', 'Singular', 'Plural', 'Actor', 'Uncountable', 'ProperNoun', 'Person']);

export function wordClass(word: string): WordClass {
  const closed = Object.hasOwn(CLOSED, word) ? CLOSED[word] : undefined;
  if (closed) return closed;
  if (/^\d/.test(word)) return 'D';
  const tags = lexiconTags(word);
  // '-ed' words are participles even where the lexicon calls them adjectives ('sealed', 'bound' stays J).
  if (/[a-z]{3}ed$/.test(word) && !tags.some((tag) => NOUN_TAGS.has(tag))) return 'E';
  if (tags.some((tag) => PAST_TAGS.has(tag))) return 'E';
  if (tags.includes('Gerund') || (tags.length === 0 && /[a-z]{3}ing$/.test(word))) return 'G';
  if (tags.includes('Adverb') || (tags.length === 0 && /[a-z]{3}ly$/.test(word))) return 'R';
  if (tags.includes('Copula')) return 'B';
  if (tags.includes('Modal') || tags.includes('Auxiliary')) return 'A';
  if (tags.some((tag) => VERB_TAGS.has(tag))) return 'V';
  if (tags.includes('Adjective') || tags.includes('Comparable')) return 'J';
  if (tags.includes('Preposition')) return 'P';
  if (tags.includes('Determiner')) return 'D';
  if (tags.includes('Conjunction')) return 'C';
  if (tags.includes('Pronoun')) return 'O';
  return 'N';
}

/** Function words and verbs that start a sentence without being part of a name ('Led by…', 'When…'). */
export function isCommonNonName(word: string): boolean {
  if (Object.hasOwn(CLOSED, word)) return true;
  const tags = lexiconTags(word);
  if (tags.some((tag) => NAME_TAGS.has(tag))) return false;
  return tags.some((tag) => NON_NAME_TAGS.has(tag));
}

const NAME_TAGS = new Set([
  'FirstName',
  'MaleName',
  'FemaleName',
  'LastName',
  'Person',
  'Place',
  'City',
  'Country',
  'Region',
  'Organization',
  'Company',
  'ProperNoun',
  'Honorific',
]);
const NON_NAME_TAGS = new Set([
  'Verb',
  'PresentTense',
  'PastTense',
  'Infinitive',
  'Gerund',
  'Participle',
  'Copula',
  'Modal',
  'Auxiliary',
  'Imperative',
  'PhrasalVerb',
  'Adverb',
  'Preposition',
  'Conjunction',
  'Determiner',
  'Pronoun',
  'QuestionWord',
  'Negative',
  'Possessive',
  'Expression',
  'Condition',
]);

/** Known to compromise as a person, place or organisation name. */
export function isKnownName(word: string): boolean {
  return lexiconTags(word).some((tag) => NAME_TAGS.has(tag) && tag !== 'ProperNoun');
}

const presentCache = new Map<string, string>();

/** Third-person present: 'led' → 'leads', 'pay' → 'pays', 'rising' → 'rises'. */
export function presentTense(verb: string): string {
  const cached = presentCache.get(verb);
  if (cached !== undefined) return cached;
  let result = verb;
  try {
    const conjugated = nlp(verb).verbs().conjugate()[0] as { PresentTense?: string } | undefined;
    if (conjugated?.PresentTense && !conjugated.PresentTense.includes(' ')) result = conjugated.PresentTense;
  } catch {
    result = verb;
  }
  if (result === verb && wordClass(verb) === 'V' && !verb.endsWith('s')) result = addS(verb);
  presentCache.set(verb, result);
  return result;
}

function addS(verb: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

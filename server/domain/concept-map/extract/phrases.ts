/**
 * The relationship phrase between two names in a clause, read from the words between them:
 * 'X leads Y' → leads; 'X was sealed beneath Y' → sealed beneath; 'X, captain of the barge Y' →
 * captain of; 'X, captained by Y' → Y captains X; "X's leader, Y" → Y leader of X.
 * Word classes are matched as a string of one-letter codes (see WordClass) with regular expressions.
 */

import type { Token } from './document';
import { LOCATION_NOUNS } from './cue-words';
import { presentTense, wordClass, type WordClass } from './words';

export interface Phrase {
  label: string;
  /** The relationship reads from the second name to the first ('captained by' → captains). */
  reversed: boolean;
  /** For 'captain of', 'smugglers of': the role noun, which also tells the holder's type. */
  roleNoun?: string;
  /** The source does something ('leads', 'captains'), rather than being somewhere or something. */
  agentive?: boolean;
}

export interface PhraseContext {
  /** The first name ends in "'s", or is a possessive pronoun standing for the paragraph's subject. */
  possessive: boolean;
  /** The first name is the implied subject of a fragment ('Led by…', 'rivals of…'). */
  fragment: boolean;
  /** The first name stands for 'they': 'They pay Hollis Quenby' (a plural verb). */
  pluralPronoun?: boolean;
}

const MAX_WORDS = 8;
/** Verbs followed by what someone said or thought, not by the thing they act on: 'says the Lance was…'. */
const CLAUSE_VERBS = new Set(
  'say says said claim claims claimed believe believes believed think thinks thought know knows knew learn learns learned learnt hear hears heard report reports reported insist insists insisted admit admits admitted explain explains explained suspect suspects suspected hope hopes hoped note notes noted warn warns warned'.split(
    ' ',
  ),
);
const LEADING_PUNCTUATION = new Set([',', ':', '—', '–', '-']);
const ROLE_PREPOSITIONS = new Set(['of', 'to', 'for']);
const LOCATIVE_PREPOSITIONS = new Set([
  'in',
  'on',
  'at',
  'near',
  'beside',
  'beneath',
  'under',
  'below',
  'above',
  'within',
  'inside',
  'outside',
  'atop',
  'behind',
  'beyond',
  'across',
]);
const SPATIAL_PHRASES = [
  'north of',
  'south of',
  'east of',
  'west of',
  'northeast of',
  'northwest of',
  'southeast of',
  'southwest of',
  'beneath',
  'below',
  'under',
  'underneath',
  'above',
  'near',
  'beside',
  'inside',
  'within',
  'behind',
  'beyond',
  'atop',
].map((phrase) => phrase.split(' '));

export function relationBetween(between: Token[], context: PhraseContext): Phrase | null {
  let tokens = withoutParentheticals(between);
  if (context.possessive) return possessiveRole(tokens);
  let lead = false;
  if (tokens.length > 0 && LEADING_PUNCTUATION.has(tokens[0].text)) {
    lead = true;
    tokens = tokens.slice(1);
  }
  if (tokens.length === 0 || tokens.length > MAX_WORDS || tokens.some((token) => !token.isWord)) return null;
  const words = tokens.map((token) => token.lower);
  const code = classify(words, !lead && !context.fragment, context.pluralPronoun ?? false).join('');
  if (/[COX]/.test(code)) return null;
  const defining = lead || context.fragment;
  return passiveBy(words, code, defining) ?? relativeClause(words, code, defining) ?? role(words, code, defining) ?? verbPhrase(words, code, lead) ?? spatial(words);
}

function withoutParentheticals(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.text === '(') depth += 1;
    else if (token.text === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) kept.push(token);
  }
  return kept;
}

function classify(words: string[], rightAfterName: boolean, pluralSubject: boolean): WordClass[] {
  const classes = words.map(wordClass);
  // 'Tamsin picks', 'Hollis rules', 'They pay': a noun-looking word straight after a subject is its verb.
  if (rightAfterName && classes[0] === 'N' && (pluralSubject || /[^s]s$/.test(words[0]))) classes[0] = 'V';
  for (let i = 1; i < classes.length; i += 1) {
    // 'the ruined fortress', 'a flooded archive': a participle after a determiner is an adjective.
    if (classes[i] === 'E' && (classes[i - 1] === 'D' || classes[i - 1] === 'J')) classes[i] = 'J';
  }
  return classes;
}

/** 'captained by', 'ruled in name by', ': a harbour town ruled by' → the second name does it. */
function passiveBy(words: string[], code: string, defining: boolean): Phrase | null {
  const pattern = defining ? /^(?:D?[JE]*N+)?[BR]*E[PDNJ]{0,3}YD?[JNE]*$/ : /^[BR]*E[PDNJ]{0,3}YD?[JNE]*$/;
  if (!pattern.test(code)) return null;
  const participle = code.lastIndexOf('E', code.indexOf('Y'));
  return { label: presentTense(words[participle]), reversed: true, agentive: true };
}

/** ': zealots who want' → wants. */
function relativeClause(words: string[], code: string, defining: boolean): Phrase | null {
  if (!defining) return null;
  const match = code.match(/^D?[JE]*N+S/);
  if (!match || !['who', 'which', 'that'].includes(words[match[0].length - 1])) return null;
  const offset = match[0].length;
  return verbPhrase(words.slice(offset), code.slice(offset), false);
}

/** ', captain of the barge', ': corrupt magistrate of', ' is the sister of' → captain of, magistrate of, sister of. */
function role(words: string[], code: string, defining: boolean): Phrase | null {
  const match = code.match(/^(B?D?[JE]*)(N{1,3})P(D?[JEN]*)$/);
  if (!match || (!defining && !match[1].startsWith('B'))) return null;
  const nounStart = match[1].length;
  const nouns = words.slice(nounStart, nounStart + match[2].length);
  const preposition = words[nounStart + match[2].length];
  const head = nouns[nouns.length - 1];
  if (ROLE_PREPOSITIONS.has(preposition)) {
    return { label: `${nouns.slice(-2).join(' ')} ${preposition}`, reversed: false, roleNoun: head };
  }
  if (LOCATIVE_PREPOSITIONS.has(preposition) && LOCATION_NOUNS.has(head)) {
    return { label: `located ${preposition}`, reversed: false, roleNoun: head };
  }
  return null;
}

/** ' leads ', ' was sealed beneath ', ' will meet ', ' buys passage on the barge ' → leads, sealed beneath, meets, buys passage on. */
function verbPhrase(words: string[], code: string, appositive: boolean): Phrase | null {
  const simple = code.match(/^([BAR]*)([VEG])(R?)(P{0,2})D?[JEN]*$/);
  const withObject = code.match(/^([BAR]*)([VEG])(D?)(N{1,2}P)D?[JEN]*$/);
  const match = simple ?? withObject;
  if (!match) return possession(words, code);
  const verbIndex = match[1].length;
  if (CLAUSE_VERBS.has(words[verbIndex])) return null;
  const verb = verbForm(words[verbIndex], match[2] as WordClass, words.slice(0, verbIndex), appositive);
  const restStart = verbIndex + 1 + match[3].length;
  let rest = words.slice(restStart, restStart + match[4].length);
  // 'rules the city of Amberlight': 'city of' describes the second name, it is not part of the relationship.
  if (withObject && !simple && rest.length === 2 && rest[1] === 'of' && LOCATION_NOUNS.has(rest[0])) rest = [];
  return { label: [verb, ...rest].join(' '), reversed: false, agentive: verb !== words[verbIndex] || match[2] === 'V' };
}

/** 'X has Y', 'X had the Y'. */
function possession(words: string[], code: string): Phrase | null {
  if (/^R?AD?[JEN]*$/.test(code) && ['has', 'have', 'had'].includes(words[code.indexOf('A')])) {
    return { label: 'has', reversed: false };
  }
  return null;
}

function verbForm(verb: string, cls: WordClass, auxiliaries: string[], appositive: boolean): string {
  const passive = auxiliaries.some((word) => wordClass(word) === 'B');
  // 'was sealed beneath', ', raised in': a state, kept as the participle.
  if (cls === 'E' && (passive || appositive)) return verb;
  return presentTense(verb);
}

/** ': a flooded archive under the marshes east of' → east of. */
function spatial(words: string[]): Phrase | null {
  let end = words.length;
  while (end > 0 && wordClass(words[end - 1]) === 'D') end -= 1;
  if (end === 0) return null;
  for (const phrase of SPATIAL_PHRASES) {
    const start = end - phrase.length;
    if (start >= 0 && phrase.every((word, i) => words[start + i] === word)) {
      return { label: phrase.join(' '), reversed: false };
    }
  }
  return null;
}

/** "Greywater's harbourmaster, Wenna Corlis", "Its guardian was the sage Omrel" → the second is harbourmaster of / guardian of the first. */
function possessiveRole(tokens: Token[]): Phrase | null {
  if (tokens.length === 0 || tokens.length > MAX_WORDS) return null;
  if (tokens.some((token) => !token.isWord && token.text !== ',')) return null;
  const words = tokens.map((token) => token.lower);
  const code = words.map((word) => (word === ',' ? 'K' : wordClass(word))).join('');
  const match = code.match(/^J*(N{1,2})(?:K|B)?D?[JEN]*$/);
  if (!match) return null;
  const start = code.indexOf('N');
  const head = words[start + match[1].length - 1];
  return { label: `${head} of`, reversed: true, roleNoun: head };
}

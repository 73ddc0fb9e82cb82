/**
 * Relationships inside one clause: each pair of neighbouring names is related by the words
 * between them. In a paragraph about one subject (a list item '**X**: …' or the first paragraph
 * under a heading 'X') a clause with no subject of its own is about that subject:
 * 'Led by the Veiled Abbess.', 'They pay Hollis Quenby…', 'Its harbourmaster is Wenna Corlis.'
 */

import type { Token } from './document';
import { PRONOUN_SUBJECTS } from './cue-words';
import { relationBetween } from './phrases';
import { presentTense, wordClass } from './words';

export interface ClauseMention {
  key: string;
  start: number;
  end: number;
  possessive: boolean;
  /** Stands in for the paragraph's subject at the start of a subjectless clause. */
  implied?: 'fragment' | 'pronoun';
  listedCharacter?: boolean;
}

export interface DirectRelation {
  sourceKey: string;
  targetKey: string;
  label: string;
  roleNoun?: string;
  /** The source acts ('leads', 'captains'): a person or a faction. */
  agentive?: boolean;
}

/** Token ranges [start, end) of the clauses of a sentence, split at semicolons. */
export function clauseRanges(tokens: Token[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  tokens.forEach((token, index) => {
    if (token.text === ';') {
      ranges.push([start, index]);
      start = index + 1;
    }
  });
  ranges.push([start, tokens.length]);
  return ranges.filter(([from, to]) => to > from);
}

/** The paragraph's subject, implied at the start of a clause that lacks one; null when the clause has its own. */
export function impliedSubject(tokens: Token[], [from, to]: [number, number], firstMentionStart: number, topicKey: string): ClauseMention | null {
  let first = from;
  while (first < to && !tokens[first].isWord) first += 1;
  if (first >= to || first === firstMentionStart) return null;
  const word = tokens[first].lower;
  const pronoun = Object.hasOwn(PRONOUN_SUBJECTS, word) ? PRONOUN_SUBJECTS[word] : undefined;
  if (pronoun) {
    return { key: topicKey, start: first, end: first + 1, possessive: pronoun === 'possessive', implied: 'pronoun' };
  }
  const cls = wordClass(word);
  if (cls === 'V' || cls === 'E' || cls === 'G') {
    return { key: topicKey, start: first, end: first, possessive: false, implied: 'fragment' };
  }
  if (cls !== 'D' && cls !== 'N' && cls !== 'J') return null;
  // 'An artifact of the old Cinder Kings' is a definition; 'The party finds the shard' has its own subject.
  const until = firstMentionStart >= 0 ? firstMentionStart : to;
  for (let i = first + 1; i < until; i += 1) {
    if (!tokens[i].isWord) continue;
    const next = wordClass(tokens[i].lower);
    if (next === 'V' || next === 'B' || next === 'A' || next === 'G') return null;
    if (next === 'E' && !['D', 'J'].includes(wordClass(tokens[i - 1].lower))) return null;
  }
  return { key: topicKey, start: first, end: first, possessive: false, implied: 'fragment' };
}

/** Relationships between neighbouring names in a clause, in reading order. */
export function neighbourRelations(tokens: Token[], mentions: ClauseMention[]): DirectRelation[] {
  const relations: DirectRelation[] = [];
  for (let i = 0; i + 1 < mentions.length; i += 1) {
    const first = mentions[i];
    const second = mentions[i + 1];
    if (first.key === second.key) continue;
    const phrase = relationBetween(tokens.slice(first.end, second.start), {
      possessive: first.possessive,
      fragment: first.implied === 'fragment',
      pluralPronoun: first.implied === 'pronoun' && tokens[first.start]?.lower === 'they',
    });
    if (!phrase) continue;
    const subject = phrase.reversed ? first : (appositiveHead(tokens, mentions, i) ?? first);
    const [source, target] = phrase.reversed ? [second, subject] : [subject, second];
    relations.push({
      sourceKey: source.key,
      targetKey: target.key,
      label: phrase.label,
      roleNoun: phrase.roleNoun,
      agentive: phrase.agentive,
    });
  }
  return relations;
}

/**
 * 'John Smith, a merchant from Paris, sells maps': Paris sits inside an appositive about
 * John Smith, so what follows the appositive is said of John Smith. Not so for
 * "the Lantern's leader, the Veiled Abbess, will meet…", where the name is the appositive.
 */
function appositiveHead(tokens: Token[], mentions: ClauseMention[], index: number): ClauseMention | null {
  const mention = mentions[index];
  if (tokens[mention.end]?.text !== ',') return null;
  let comma = mention.start - 1;
  while (comma >= 0 && tokens[comma].text !== ',') {
    if (!tokens[comma].isWord) return null;
    comma -= 1;
  }
  const head = mentions.slice(0, index).findLast((earlier) => earlier.end === comma);
  if (!head) return null;
  const inside = tokens.slice(comma + 1, mention.start).map((token) => wordClass(token.lower));
  const describes = inside[0] === 'D' && inside.includes('N') && !inside.some((cls) => ['V', 'B', 'A'].includes(cls));
  return describes ? head : null;
}

const OBJECT_PRONOUNS = new Set(['them', 'it', 'him', 'her']);

/** 'Captain Mirela Voss owes them a debt', in the Salt Guild's paragraph → Mirela Voss owes Salt Guild. */
export function pronounObjectRelations(tokens: Token[], [, to]: [number, number], mentions: ClauseMention[], topicKey: string): DirectRelation[] {
  const relations: DirectRelation[] = [];
  for (const mention of mentions) {
    if (mention.key === topicKey || mention.implied) continue;
    let i = mention.end;
    while (i < to && ['A', 'R'].includes(wordClass(tokens[i].lower)) && tokens[i].isWord) i += 1;
    const verb = tokens[i];
    const object = tokens[i + 1];
    if (!verb?.isWord || !object || i + 1 >= to || !OBJECT_PRONOUNS.has(object.lower)) continue;
    const cls = wordClass(verb.lower);
    const isVerb = cls === 'V' || cls === 'E' || (cls === 'N' && /[^s]s$/.test(verb.lower));
    if (isVerb) relations.push({ sourceKey: mention.key, targetKey: topicKey, label: presentTense(verb.lower) });
  }
  return relations;
}

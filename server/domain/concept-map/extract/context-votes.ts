/** Type votes cast by the words around one mention of a name. */

import type { Token } from './document';
import { AGENCY_VERBS, LOCATION_NOUNS, SPEECH_VERBS, isGroupNoun, nounType } from './cue-words';
import { addVote, WEIGHT, type TypeVotes } from './typing';
import { wordClass } from './words';

const PLACE_WORDS = new Set(['into', 'toward', 'towards', 'near', 'reaches', 'reach', 'reached', 'across', 'within', 'beneath', 'under']);
// 'in' and 'at' are weaker: 'proficiency in Stealth'.
const WEAK_PLACE_WORDS = new Set(['in', 'at']);

/** Rules terms used as modifiers: 'Dexterity saving throw', '(Stealth) check'. */
const RULES_NOUNS = new Set(
  `check checks saving save saves throw throws score scores modifier modifiers bonus roll rolls damage level levels
  spell spells ability abilities proficiency skill skills point points test attack attacks cantrip cantrips die dice
  feature features slot slots class`
    .split(/\s+/)
    .filter(Boolean),
);

export function contextVotes(
  tokens: Token[],
  { start, end, possessive }: { start: number; end: number; possessive: boolean },
  votes: TypeVotes,
  opensClause: boolean,
): void {
  const previous = tokens[start - 1];
  if (previous?.isWord && !previous.isCapitalised) {
    // 'the lich Ardent Vael', 'the barge Gull's Promise'
    const type = nounType(previous.lower);
    if (type && wordClass(previous.lower) === 'N') addVote(votes, type, WEIGHT.neighbour);
    // 'the city of Greywater'
    const ofIndex = previous.lower === 'the' && tokens[start - 2]?.lower === 'of' ? start - 2 : previous.lower === 'of' ? start - 1 : -1;
    const owner = ofIndex > 0 ? tokens[ofIndex - 1] : undefined;
    if (owner?.isWord && LOCATION_NOUNS.has(owner.lower)) addVote(votes, 'location', WEIGHT.neighbour);
    // 'reaches Greywater', 'at the Drowned Chapel'
    const place = previous.lower === 'the' ? tokens[start - 2] : previous;
    if (!possessive && place?.isWord && PLACE_WORDS.has(place.lower)) addVote(votes, 'location', WEIGHT.agency);
    if (!possessive && place?.isWord && WEAK_PLACE_WORDS.has(place.lower)) addVote(votes, 'location', WEIGHT.agency / 2);
  }

  const next = tokens[end];
  const modified = next?.text === ')' ? tokens[end + 1] : next;
  if (modified?.isWord && RULES_NOUNS.has(modified.lower)) addVote(votes, 'concept', WEIGHT.neighbour);
  if (next?.isWord && !next.isCapitalised) {
    if (isGroupNoun(next.lower))
      addVote(votes, 'organization', WEIGHT.neighbour); // 'Pale Lantern zealots'
    else if (LOCATION_NOUNS.has(next.lower))
      addVote(votes, 'location', WEIGHT.agency); // 'Greywater estuary'
    else if (SPEECH_VERBS.has(next.lower)) addVote(votes, 'character', WEIGHT.speech);
    else if (AGENCY_VERBS.has(next.lower)) addVote(votes, 'character', WEIGHT.agency);
    // 'X is a lich', 'X was the last queen'
    if (wordClass(next.lower) === 'B') addVote(votes, describedType(tokens, end + 1, true), WEIGHT.definition);
  } else if (next?.text === ',' && opensClause) {
    // 'Ardent Vael, the lich', 'Mirela Voss, captain of…'
    addVote(votes, describedType(tokens, end + 1, false), WEIGHT.role);
  }
}

/**
 * The type named by the noun phrase starting at `from` ('a fog-bound harbour town', 'zealots who…'):
 * the last cue noun before the phrase ends at a preposition, verb, clause word or name.
 */
export function describedType(tokens: Token[], from: number, needsDeterminer: boolean): ReturnType<typeof nounType> {
  let type: ReturnType<typeof nounType> = null;
  let sawDeterminer = false;
  for (let i = from; i < tokens.length && i < from + 6; i += 1) {
    const token = tokens[i];
    if (!token.isWord || (token.isCapitalised && i > from)) break;
    const cls = wordClass(token.lower);
    if (cls === 'D') {
      sawDeterminer = true;
      continue;
    }
    if (cls === 'E' && i > from) {
      const before = wordClass(tokens[i - 1].lower);
      if (before !== 'D' && before !== 'J') break;
      continue;
    }
    if (!['N', 'J', 'E'].includes(cls)) break;
    type = nounType(token.lower) ?? type;
  }
  return needsDeterminer && !sawDeterminer ? null : type;
}

/** Votes from the words of a definition: ': a flooded archive…', '(player character, rogue)'. */
export function definitionVotes(tokens: Token[], from: number, votes: TypeVotes): void {
  let i = from;
  while (i < tokens.length && tokens[i].text === '(') {
    const close = tokens.findIndex((token, index) => index > i && token.text === ')');
    if (close < 0) break;
    for (let j = i + 1; j < close; j += 1) addVote(votes, nounType(tokens[j].lower), WEIGHT.definition);
    i = close + 1;
  }
  while (i < tokens.length && !tokens[i].isWord) i += 1;
  addVote(votes, describedType(tokens, i, false), WEIGHT.definition);
}

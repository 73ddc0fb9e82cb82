/** Deciding a concept's type from weighted votes cast by the contexts it appears in. */

import nlp from 'compromise';
import { CONCEPT_TYPES, type ConceptType } from './types';
import { nameHeadType } from './cue-words';
import { HONORIFICS, nameTokens } from './names';

export type TypeVotes = Partial<Record<ConceptType, number>>;

/** Vote weights: what the author states outweighs what the words around a name suggest. */
export const WEIGHT = {
  declared: 5, // mission and event phrases built by pattern
  section: 4, // '## Places' above '**Greywater**: …'
  definition: 3, // '**Greywater**: a harbour town', 'X is a lich'
  nameHead: 3, // 'Cinderfall Keep', 'Salt Guild'
  honorific: 3, // 'Captain Mirela Voss'
  roster: 3, // 'Bram (Orrin Vale)'
  role: 2, // 'X, captain of…', "Y's harbourmaster, X"
  neighbour: 2, // 'the lich X', 'X zealots'
  speech: 2, // 'X says'
  library: 1.5, // compromise knows the name
  agency: 1, // 'X picks the lock'
} as const;

// When votes tie, the more specific reading wins.
const PRECEDENCE: ConceptType[] = ['character', 'location', 'organization', 'item', 'event', 'mission', 'lore', 'concept'];

export function addVote(votes: TypeVotes, type: ConceptType | null | undefined, weight: number): void {
  if (!type) return;
  votes[type] = (votes[type] ?? 0) + weight;
}

export function addVotes(into: TypeVotes, from: TypeVotes): void {
  for (const type of CONCEPT_TYPES) if (from[type]) addVote(into, type, from[type]!);
}

export function decideType(votes: TypeVotes): ConceptType {
  let best: ConceptType = 'concept';
  let bestScore = 0;
  for (const type of PRECEDENCE) {
    const score = votes[type] ?? 0;
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}

/** The decided type when the votes are strong enough to keep two names apart; otherwise 'concept'. */
export function confidentType(votes: TypeVotes): ConceptType {
  const type = decideType(votes);
  return (votes[type] ?? 0) >= WEIGHT.definition ? type : 'concept';
}

/** Votes a name casts by itself: its head word and a leading title. */
export function nameVotes(surface: string): TypeVotes {
  const votes: TypeVotes = {};
  const tokens = nameTokens(surface);
  const head = nameHeadType(tokens);
  // 'Orrin Vale', 'Tamsin Reed': two-word names ending in a surname-like place word only lean that way.
  const surnameLike = tokens.length === 2 && SURNAME_LIKE.has(tokens[1]);
  addVote(votes, head, surnameLike ? WEIGHT.agency : WEIGHT.nameHead);
  if (tokens.length > 1 && HONORIFICS.has(tokens[0])) addVote(votes, 'character', WEIGHT.honorific);
  return votes;
}

const SURNAME_LIKE = new Set(
  'vale wood woods hill hills ford field fields brook marsh moor cliff stone well hall ward gate bridge cross shore hollow grove lake'.split(' '),
);

/**
 * compromise's reading of each name (it knows real-world people, places and companies), from one
 * parse of all the names: parsing each name apart costs about a millisecond apiece.
 */
export function libraryTypes(names: string[]): Map<string, ConceptType> {
  const types = new Map<string, ConceptType>();
  if (names.length === 0) return types;
  const starts: number[] = [];
  let text = '';
  for (const name of names) {
    starts.push(text.length);
    text += `${name}.\n`;
  }
  const doc = nlp(text);
  const mark = (found: Array<{ offset?: { start: number } }>, type: ConceptType) => {
    for (const match of found) {
      const index = lastAtOrBefore(starts, match.offset?.start ?? -1);
      if (index >= 0 && !types.has(names[index])) types.set(names[index], type);
    }
  };
  mark(doc.people().json({ offset: true }), 'character');
  mark(doc.places().json({ offset: true }), 'location');
  mark(doc.organizations().json({ offset: true }), 'organization');
  return types;
}

function lastAtOrBefore(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

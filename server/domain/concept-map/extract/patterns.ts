/**
 * Concepts built from phrases rather than capitalised names: events ('the siege of Greywater')
 * and missions ('sworn to see Ardent Vael bound', 'the party must recover the Ember Crown').
 */

import type { Token } from './document';
import { EVENT_NOUNS } from './cue-words';
import { wordClass } from './words';

interface SpanLike {
  key: string;
  start: number;
  end: number;
}

export interface EventPhrase {
  start: number;
  end: number;
  name: string;
  /** The name the event is of. */
  innerKey: string;
}

/** 'the siege of Greywater', 'the fall of the Cinder Kings' → 'Siege of Greywater', 'Fall of the Cinder Kings'. */
export function eventPhrase(tokens: Token[], text: string, name: SpanLike): EventPhrase | null {
  let of = name.start - 1;
  if (tokens[of]?.text === 'the') of -= 1;
  const cue = tokens[of - 1];
  if (tokens[of]?.text !== 'of' || !cue?.isWord || cue.isCapitalised || !EVENT_NOUNS.has(cue.lower)) return null;
  if (tokens[of - 2]?.lower !== 'the') return null;
  const phrase = text.slice(cue.start, tokens[name.end - 1].end).replace(/['’]s$/u, '');
  return { start: of - 1, end: name.end, name: capitalise(phrase), innerKey: name.key };
}

const MISSION_VERBS = new Set(
  `find recover retrieve reclaim stop destroy rescue free bind seal protect escort deliver steal kill slay defeat reach
  return investigate uncover locate prevent save unite reunite gather collect reforge see avenge capture banish break
  restore warn bring hunt track expose overthrow unmask assemble`
    .split(/\s+/)
    .filter(Boolean),
);

/** Two-word cues, then one-word cues, and the relationship the pursuer gets. */
const MISSION_CUES: Array<[string[], string]> = [
  [['sworn', 'to'], 'sworn to'],
  [['vowed', 'to'], 'sworn to'],
  [['swore', 'to'], 'sworn to'],
  [['hired', 'to'], 'tasked with'],
  [['tasked', 'to'], 'tasked with'],
  [['tasked', 'with'], 'tasked with'],
  [['charged', 'with'], 'tasked with'],
  [['needs', 'to'], 'pursues'],
  [['need', 'to'], 'pursues'],
  [['has', 'to'], 'pursues'],
  [['have', 'to'], 'pursues'],
  [['seeks', 'to'], 'pursues'],
  [['seek', 'to'], 'pursues'],
  [['quest', 'to'], 'pursues'],
  [['must'], 'pursues'],
];

const CUE_STARTS = new Set(MISSION_CUES.map(([words]) => words[0]));

const PARTY_WORDS = new Set(['party', 'heroes', 'adventurers', 'group', 'company', 'we', 'pcs']);
const MAX_MISSION_WORDS = 8;

export interface MissionPhrase {
  name: string;
  /** Where the mission's words are, to tell which names it involves. */
  start: number;
  end: number;
  cueStart: number;
  relationship: string;
  /** The party is the pursuer: no concept of its own on the map. */
  pursuedByParty: boolean;
}

export function missionPhrase(tokens: Token[], text: string, [from, to]: [number, number]): MissionPhrase | null {
  for (let i = from; i < to; i += 1) {
    if (!CUE_STARTS.has(tokens[i].lower)) continue;
    const cue = MISSION_CUES.find(([words]) => words.every((word, k) => tokens[i + k]?.lower === word));
    if (!cue) continue;
    const verbIndex = i + cue[0].length;
    const verb = tokens[verbIndex];
    const stem = verb?.lower.replace(/ing$/, '');
    if (!verb || !(MISSION_VERBS.has(verb.lower) || (stem && MISSION_VERBS.has(stem)))) continue;
    let end = verbIndex + 1;
    while (end < to && end - verbIndex < MAX_MISSION_WORDS && continuesMission(tokens[end])) end += 1;
    const pursuedByParty = tokens.slice(from, i).some((token) => PARTY_WORDS.has(token.lower));
    return {
      name: capitalise(text.slice(verb.start, tokens[end - 1].end)),
      start: verbIndex,
      end,
      cueStart: i,
      relationship: cue[1],
      pursuedByParty,
    };
  }
  return null;
}

const MISSION_ENDS = new Set(['before', 'after', 'until', 'unless', 'while', 'or']);

function continuesMission(token: Token): boolean {
  return token.isWord && !MISSION_ENDS.has(token.lower) && !['C', 'S'].includes(wordClass(token.lower));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

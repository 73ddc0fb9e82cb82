import { type MetadataCategory } from '../../../contract/tomes';
import type { DatasetMetadata } from '../../db/schema';

export const DEFAULT_METADATA: DatasetMetadata = {
  type: 'custom_campaign',
  category: 'general',
  source: 'user_upload',
  tags: [],
  is_official_dnd: false,
  version: '1.0',
};

// Words that mark the official game's own material.
const OFFICIAL = [
  /\bd\s*&\s*d\b/,
  /\bdnd\b/,
  /\bdungeons\s*(?:&|and)\s*dragons\b/,
  /\bsrd\b/,
  /\bsystem reference document\b/,
  /\b5e\b/,
  /\b5th edition\b/,
  /\bfifth edition\b/,
  /\bplayer'?s handbook\b/,
  /\bphb\b/,
  /\bdungeon master'?s guide\b/,
  /\bdmg\b/,
  /\bmonster manual\b/,
  /\bbasic rules\b/,
  /\bwizards of the coast\b/,
  /\bofficial\b/,
];

// Words by which a GM says the material is their own.
const HOMEBREW = /\b(homebrew|home-brew|house rules?|custom|original setting|my own|our own)\b/;

const CATEGORY_WORDS: Array<[MetadataCategory, RegExp]> = [
  ['rules', /\b(rules?|rulebook|mechanics?|combat|spells?|spellcasting|conditions?|handbook|classes|feats?|equipment|srd)\b/g],
  ['lore', /\b(lore|history|histories|legends?|myths?|mythology|pantheon|gods?|deities|religions?|chronicles?|setting|world ?building)\b/g],
  ['characters', /\b(characters?|npcs?|heroes|hero|villains?|party|cast|personas?|factions?|monsters?|bestiary|creatures?)\b/g],
  ['locations', /\b(locations?|places?|maps?|cities|city|towns?|villages?|dungeons?|regions?|kingdoms?|realms?|taverns?|atlas|geography|planes?)\b/g],
];

// Topic words that become tags when the name or description mentions them.
const TOPICS: Array<[tag: string, pattern: RegExp]> = [
  ['combat', /\b(combat|battles?|fights?|initiative)\b/],
  ['magic', /\b(magic|magical|spells?|spellcasting|arcane|wizards?|sorcer\w*)\b/],
  ['monsters', /\b(monsters?|bestiary|creatures?|beasts?)\b/],
  ['dragons', /\bdragons?\b/],
  ['undead', /\b(undead|zombies?|skeletons?|vampires?|liches?|ghosts?)\b/],
  ['npcs', /\b(npcs?|non-player characters?)\b/],
  ['characters', /\b(characters?|heroes|villains?)\b/],
  ['classes', /\b(classes|class features?)\b/],
  ['races', /\b(races|species|ancestr(?:y|ies))\b/],
  ['equipment', /\b(equipment|gear|weapons?|armou?r)\b/],
  ['items', /\b(items?|artifacts?|artefacts?|treasure|loot)\b/],
  ['conditions', /\bconditions?\b/],
  ['dungeons', /\bdungeons?\b/],
  ['cities', /\b(cities|city|towns?|villages?)\b/],
  ['travel', /\b(travel|journeys?|wilderness|exploration)\b/],
  ['planes', /\b(planes?|planar|multiverse)\b/],
  ['gods', /\b(gods?|deities|pantheon|religions?)\b/],
  ['factions', /\b(factions?|guilds?|orders?|cults?)\b/],
  ['quests', /\b(quests?|missions?|adventures?|hooks?)\b/],
  ['history', /\b(history|histories|timeline|chronicles?)\b/],
  ['sessions', /\b(sessions?|session notes|recaps?|logs?)\b/],
  ['homebrew', /\bhomebrew\b/],
  ['rules', /\b(rules?|mechanics)\b/],
  ['lore', /\blore\b/],
  ['maps', /\bmaps?\b/],
];

/**
 * Metadata guessed from a new dataset's name and description (spec section 5): official game
 * words make it official_dnd; the most frequent group of keywords picks the category; topic
 * words become tags. Anything not suggested keeps the defaults.
 */
export function guessMetadata(name: string, description = ''): DatasetMetadata {
  const text = `${name}\n${description}`.toLowerCase().replace(/[’‘]/g, "'");
  const metadata: DatasetMetadata = { ...DEFAULT_METADATA, tags: [] };

  // A tome the GM calls their own (homebrew, house rules) is theirs, whatever game it is for.
  if (!HOMEBREW.test(text) && OFFICIAL.some((pattern) => pattern.test(text))) {
    metadata.type = 'official_dnd';
    metadata.source = 'official_dnd';
    metadata.is_official_dnd = true;
  }

  let best: { category: MetadataCategory; hits: number; tied: boolean } | undefined;
  for (const [category, pattern] of CATEGORY_WORDS) {
    const hits = text.match(pattern)?.length ?? 0;
    if (hits > 0 && (!best || hits >= best.hits)) best = { category, hits, tied: best?.hits === hits };
  }
  // Only a clear lead is evidence: a tie between two groups keeps the default.
  if (best && !best.tied) metadata.category = best.category;

  metadata.tags = TOPICS.filter(([, pattern]) => pattern.test(text)).map(([tag]) => tag);
  return metadata;
}

/** Stored metadata, read defensively: rows written before a field existed get its default. */
export function readMetadata(stored: unknown): DatasetMetadata {
  const parsed = typeof stored === 'string' ? parseJson(stored) : stored;
  const value = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<DatasetMetadata>;
  return {
    type: typeof value.type === 'string' ? value.type : DEFAULT_METADATA.type,
    category: typeof value.category === 'string' ? value.category : DEFAULT_METADATA.category,
    source: typeof value.source === 'string' ? value.source : DEFAULT_METADATA.source,
    tags: Array.isArray(value.tags) ? value.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    is_official_dnd: value.is_official_dnd === true,
    version: typeof value.version === 'string' ? value.version : DEFAULT_METADATA.version,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

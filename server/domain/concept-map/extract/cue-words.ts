/** Words that tell what kind of thing a name is, from the name itself or the words around it. */

import type { ConceptType } from './types';

const words = (list: string): Set<string> => new Set(list.split(/\s+/).filter(Boolean));

/** Nouns that make a name (or a definition) a place: 'Cinderfall Keep', 'a harbour town'. */
export const LOCATION_NOUNS = words(`
  city town village hamlet keep castle fortress fort citadel tower spire chapel temple shrine sanctuary sanctum
  abbey monastery priory cathedral library archive forest wood woods grove glade jungle river stream lake sea ocean
  isle island islands mountain mountains mount peak peaks ridge hill hills valley vale marsh marshes swamp fen bog moor
  moors heath desert plains plain steppe tundra wastes wilds harbour harbor port bay coast cove cape estuary cave caves
  cavern caverns mine mines dungeon crypt tomb tombs barrow catacombs ruins ruin gate gates bridge road pass market
  inn tavern hall palace manor estate district quarter kingdom empire realm province county duchy barony land lands
  plane fields falls vault vaults sewers docks square street well canyon gorge cliff cliffs reach lighthouse outpost
  camp hold capital ford shore shores springs glacier volcano oasis crossroads graveyard cemetery necropolis
  laboratory lair den warren hollow bastion stronghold prison gaol arena academy observatory garden gardens
  mansion house village ward borough settlement colony territory wilderness continent world
`);

/** Nouns that make a name a faction: 'Salt Guild', 'Order of the Pale Lantern'. */
export const ORGANIZATION_NOUNS = words(`
  order guild cult church company brotherhood sisterhood circle council court clan tribe legion army host watch band
  league society syndicate consortium cabal coven conclave faith college alliance union crew fleet knights covenant
  assembly senate dynasty family houses hand fist guards militia cartel gang faction sect parliament bank
`);

/** Nouns that make a name an object: 'Ember Crown', 'the barge Gull's Promise'. */
export const ITEM_NOUNS = words(`
  crown sword blade dagger axe hammer mace spear bow staff wand rod sceptre scepter amulet necklace pendant talisman
  tome book grimoire codex scroll relic artifact artefact orb gem jewel stone shard shards chalice cup grail shield helm
  helmet armor armour cloak mask key mirror potion idol statue horn harp banner map ledger ship barge boat vessel
  galleon skiff airship carriage ring gauntlet gauntlets boots circlet diadem tiara lens compass bell coin
  phylactery skull censer lamp
`);

/** Nouns that make a name an event: 'Siege of Greywater', 'the Festival of Lanterns'. */
export const EVENT_NOUNS = words(`
  battle siege festival war wars fall sack massacre rebellion revolt coronation wedding funeral feast tournament
  ritual ceremony plague sundering cataclysm uprising invasion conquest founding eclipse harvest ambush raid
  betrayal burning destruction liberation exodus schism crusade duel trial execution assassination
  catastrophe reckoning awakening night
`);

/** Nouns that make a name a quest: 'Quest for the Ember Crown'. */
export const MISSION_NOUNS = words(`quest mission task errand hunt search expedition journey contract bounty job pilgrimage`);

/** Nouns that make a name lore: gods, prophecies, legends, curses. */
export const LORE_NOUNS = words(`
  god goddess gods deity deities prophecy legend legends curse myth myths song tale saga pantheon oath blessing doom
  age era creed scripture doctrine religion belief omen vision dream tradition law laws ballad rite rites
`);

/** Roles of people: 'the lich Ardent Vael', 'captain of', 'the drowned sage Omrel'. */
export const PERSON_NOUNS = words(`
  lich sage wizard witch warlock sorcerer sorceress mage archmage priest priestess cleric paladin ranger druid monk
  bard rogue fighter barbarian thief assassin knight squire king queen prince princess lord lady duke duchess baron
  baroness count countess emperor empress captain magistrate harbourmaster harbormaster mayor merchant trader
  smuggler pirate sailor guard soldier mercenary sellsword zealot cultist noble innkeeper blacksmith smith scholar
  librarian oracle seer prophet prophetess hermit herald spy villain hero heroine apprentice master mistress
  brother sister father mother son daughter wife husband widow friend ally enemy rival servant healer necromancer
  vampire dragon giant hag abbess abbot bishop warlord chieftain chief commander general admiral sergeant lieutenant
  steward regent chancellor warden sheriff constable elder shaman artificer alchemist tinker bandit outlaw hunter
  guide scout courier agent leader founder patron tyrant usurper heir ghost spirit wraith man woman boy girl child
  elf dwarf halfling gnome orc goblin human tiefling dragonborn kobold npc character player guardian keeper protector
  ruler owner member advisor envoy emissary ambassador champion disciple acolyte novice mentor student
`);

/** Plural group nouns after a name ('Pale Lantern zealots') make it a faction. */
export function isGroupNoun(word: string): boolean {
  if (!word.endsWith('s')) return false;
  const singular = word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/e?s$/, '');
  return PERSON_NOUNS.has(singular) || PERSON_NOUNS.has(word.slice(0, -1)) || word === 'members' || word === 'followers';
}

/** Section headings that type the terms listed under them ('## Places' → location). */
const SECTION_TYPES: Array<[RegExp, ConceptType]> = [
  [/^(places?|locations?|geography|regions?|settlements?|cities|towns|sites|map|maps|dungeons?|realms?)$/, 'location'],
  [/^(factions?|organi[sz]ations?|guilds?|groups?|powers|houses|orders|cults|churches|religions)$/, 'organization'],
  [/^(people|persons?|characters?|npcs?|pcs?|cast|dramatis personae|the party|party|villains?|allies|enemies|personalities)$/, 'character'],
  [/^(items?|artifacts?|artefacts?|treasures?|loot|relics?|equipment|magic items?)$/, 'item'],
  [/^(events?|history|timeline|chronicle)$/, 'event'],
  [/^(quests?|missions?|hooks?|plot hooks?|adventure hooks?|tasks?|jobs?|objectives?|goals?)$/, 'mission'],
  [/^(lore|legends?|gods|deities|pantheon|prophec(y|ies)|myths?|religion|cosmology|curses?)$/, 'lore'],
];

/** Headings that name a section rather than a concept. */
export const GENERIC_HEADINGS = words(`
  overview introduction summary notes note background appendix contents index session recap setup start
  beginning end epilogue prologue chapter part general misc miscellaneous details description rules
`);

export function sectionType(heading: string): ConceptType | null {
  const text = heading.trim().toLowerCase();
  for (const [pattern, type] of SECTION_TYPES) if (pattern.test(text)) return type;
  return null;
}

export function isSectionHeading(heading: string): boolean {
  const text = heading.trim().toLowerCase();
  return sectionType(text) !== null || GENERIC_HEADINGS.has(text);
}

/** The type a lowercase noun suggests for the name it describes ('harbour town' → location). */
export function nounType(word: string): ConceptType | null {
  if (isGroupNoun(word)) return 'organization';
  if (PERSON_NOUNS.has(word)) return 'character';
  const singular = word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  return thingType(word) ?? (singular !== word ? thingType(singular) : null);
}

function thingType(word: string): ConceptType | null {
  if (LOCATION_NOUNS.has(word)) return 'location';
  if (ORGANIZATION_NOUNS.has(word)) return 'organization';
  if (ITEM_NOUNS.has(word)) return 'item';
  if (EVENT_NOUNS.has(word)) return 'event';
  if (MISSION_NOUNS.has(word)) return 'mission';
  if (LORE_NOUNS.has(word)) return 'lore';
  return null;
}

/** Types read from a name's own head word: 'Cinderfall Keep', 'Order of the Pale Lantern', 'Mount Hollow'. */
const NAME_PREFIX_TYPES: Record<string, ConceptType> = {
  mount: 'location',
  lake: 'location',
  castle: 'location',
  fort: 'location',
  isle: 'location',
  port: 'location',
  cape: 'location',
  house: 'organization',
  clan: 'organization',
};

export function nameHeadType(tokens: string[]): ConceptType | null {
  if (tokens.length === 0) return null;
  const ofIndex = tokens.indexOf('of');
  const head = ofIndex > 0 ? tokens[ofIndex - 1] : tokens[tokens.length - 1];
  // A single word is its own head: 'Greywater' says nothing, 'Keep' alone is still a keep.
  const fromHead = PERSON_NOUNS.has(head) ? 'character' : nounType(head);
  if (fromHead) return fromHead;
  if (tokens.length > 1 && NAME_PREFIX_TYPES[tokens[0]]) return NAME_PREFIX_TYPES[tokens[0]];
  return null;
}

/** Verbs after a name that only people do. */
export const SPEECH_VERBS = words(`
  said says asks asked tells told replies replied whispers whispered shouts shouted smiles smiled nods nodded laughs
  laughed warns warned promises promised begs begged explains explained insists insisted admits admitted
`);

export const AGENCY_VERBS = words(`
  picks finds found attunes attuned stabilises stabilizes stabilised stabilized escapes escaped wants wanted knows
  knew believes believed fights fought kills killed decides decided travels travelled traveled hides hid
  owes owed loves loved hates hated fears feared remembers remembered dreams dreamed dreamt prays prayed casts cast
  sneaks snuck buys bought sells sold steals stole meets met joins joined serves served betrays betrayed
`);

export const PRONOUN_SUBJECTS: Record<string, 'subject' | 'possessive'> = {
  it: 'subject',
  they: 'subject',
  he: 'subject',
  she: 'subject',
  its: 'possessive',
  their: 'possessive',
  his: 'possessive',
  her: 'possessive',
};

/** Capitalised words that are never names on their own. */
export const NOT_NAMES = words(`
  i i'm i'd i'll i've gm dm pc pcs npc npcs xp hp ac dc gp sp cp ep pp cr ok srd ogl dnd tbd todo
  monday tuesday wednesday thursday friday saturday sunday
`);

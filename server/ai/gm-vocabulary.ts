/**
 * How game masters say things at the table, mapped to how the rulebook names them (its section
 * titles and terms: "Short Rest", "Opportunity Attacks", "Difficult Terrain"). A question that
 * says "take a breather" is searched for "short rest" too, both as words and as a section title.
 *
 * Each entry: table phrasings (whole words, lowercase; a trailing * allows any ending) and the
 * rulebook's own names for the thing. Add phrasings freely; keep the targets to the rulebook's
 * titles and terms.
 */
const VOCABULARY: Array<[string[], string[]]> = [
  [
    [
      'breather',
      'catch our breath',
      'catch their breath',
      'catch his breath',
      'catch her breath',
      'short break',
      'patch up',
      'patch themselves up',
      'patch ourselves up',
      'take five',
      'spend hit dice',
    ],
    ['Short Rest'],
  ],
  [['crash for the night', 'sleep*', 'overnight', 'camp for the night', 'bed down', 'night of rest', 'full rest', 'turn in for the night', 'crash'], ['Long Rest']],
  [
    ['nat 20', 'natural 20', 'nat twenty', 'natural twenty', 'crit', 'crits', 'critted', 'crit*'],
    ['Critical Hits', 'Rolling 1 or 20'],
  ],
  [['nat 1', 'natural 1', 'nat one', 'natural one', 'fumble*'], ['Rolling 1 or 20']],
  [
    ['bleeding out', 'bleed out', 'death save*', 'death roll*', 'on death’s door', "on death's door", 'pulls through', 'pull through', 'dying'],
    ['Death Saving Throws', 'Dropping to 0 Hit Points'],
  ],
  [
    ['downed', 'goes down', 'went down', 'drops to zero', 'drop to zero', 'knocked out cold', 'out cold', 'at zero hp', 'at 0 hp'],
    ['Dropping to 0 Hit Points', 'Falling Unconscious'],
  ],
  [
    [
      'lights out',
      'nonlethal',
      'non-lethal',
      'subdue',
      'spare',
      'instead of killing',
      'instead of finishing',
      'knock him out',
      'knock her out',
      'knock them out',
      'knock out',
      'knock someone out',
    ],
    ['Knocking a Creature Out'],
  ],
  [
    [
      'ran off',
      'runs off',
      'run off',
      'runs away',
      'ran away',
      'run away',
      'flee*',
      'walks away',
      'walked away',
      'free swing',
      'free hit',
      'free attack',
      'attack of opportunity',
      'attacks of opportunity',
      'aoo',
      'leaves my reach',
      'leave my reach',
      'moves away',
    ],
    ['Opportunity Attacks'],
  ],
  [['duck and weave', 'bob and weave', 'sidestep', 'full defense', 'full defence', 'go defensive', 'fight defensively', 'just defend'], ['Dodge']],
  [
    [
      'duck out of sight',
      'out of sight',
      'stay hidden',
      'lose track',
      'unseen',
      'hide',
      'hides',
      'hiding',
      'sneak*',
      'behind some crates',
      'behind a barrel',
      'behind the barrel',
    ],
    ['Hiding', 'Hide', 'Stealth'],
  ],
  [
    ['run-up', 'run up', 'running start', 'running jump', 'leap*', 'vault*', 'across a chasm', 'across the chasm', 'sail across', 'jump*'],
    ['Jumping', 'long jump', 'high jump'],
  ],
  [
    [
      'slog*',
      'mud',
      'muck',
      'rubble',
      'swamp',
      'bog',
      'marsh',
      'undergrowth',
      'rough ground',
      'slow her down',
      'slow him down',
      'slow them down',
      'slows down',
      'heavy snow',
      'ice',
    ],
    ['Difficult Terrain'],
  ],
  [
    ['jumped the', 'ambush*', 'caught off guard', 'off guard', 'by surprise', 'from the bushes', 'got the drop', 'get the drop', 'sneak attack them', 'first round'],
    ['Surprise'],
  ],
  [['buffer hp', 'buffer hit points', 'temp hp', 'temp hit points', 'bonus hp', 'extra hp', 'shield hp', 'temporary hp'], ['Temporary Hit Points']],
  [
    ['dagger in each', 'sword in each', 'in each fist', 'in each hand', 'dual wield*', 'dual-wield*', 'two weapons', 'off-hand', 'offhand', 'off hand'],
    ['Two-Weapon Fighting'],
  ],
  [
    ['cramped', 'narrow', 'tight space', 'tight corridor', 'squeeze*', 'fit through', 'get down a', 'fit down'],
    ['Squeezing into a Smaller Space', 'Creature Size'],
  ],
  [
    [
      'in her face',
      'in his face',
      'in their face',
      'in my face',
      'point-blank',
      'point blank',
      'up close',
      'right next to',
      'firing her bow',
      'firing his bow',
      'shoot in melee',
      'shooting in melee',
    ],
    ['Ranged Attacks in Close Combat'],
  ],
  [
    ['nobody’s actively looking', "nobody's actively looking", 'not actively looking', 'without rolling', 'notice', 'notices', 'spot', 'spots'],
    ['Passive Checks', 'passive Wisdom (Perception)'],
  ],
  [
    ['grab*', 'wrestle*', 'pin', 'pins', 'pinned', 'hold down', 'bear hug', 'headlock'],
    ['Grappling', 'Grappled'],
  ],
  [['shove*', 'push him', 'push her', 'push them', 'trip', 'trips', 'knock over', 'knock prone', 'knock him down', 'knock her down'], ['Shoving a Creature']],
  [['behind a wall', 'behind cover', 'arrow slit', 'duck behind', 'take cover'], ['Cover']],
  [['stabilise*', 'stabilize*', 'first aid', 'bandage*'], ['Stabilizing a Creature']],
  [['drown*', 'underwater', 'hold breath', 'holding breath', 'hold their breath', 'hold his breath', 'hold her breath', 'choke*', 'choking'], ['Suffocating']],
  [['falls off', 'fell off', 'fall off', 'plummet*', 'drop off'], ['Falling']],
  [['starv*', 'hungry', 'no food', 'without food', 'go without eating'], ['Food']],
  [['thirst*', 'no water', 'without water', 'without a drink', 'go without drinking'], ['Water']],
  [
    ['lug', 'how much can i carry', 'how much can he carry', 'how much can she carry', 'encumber*', 'weighed down'],
    ['Lifting and Carrying', 'Variant: Encumbrance'],
  ],
  [['see in the dark', 'night vision', 'see at night'], ['Darkvision']],
  [['hold my action', 'hold his action', 'hold her action', 'readied action', 'ready an action', 'wait until', 'wait for the'], ['Ready']],
  [['go first', 'goes first', 'turn order', 'who acts first', 'order of turns'], ['Initiative']],
  [['keep the spell up', 'lose the spell', 'drop the spell', 'keep a spell going', 'maintain the spell', 'concentrat*'], ['Concentration']],
  [
    ['upcast*', 'higher slot', 'bigger slot', 'higher-level slot', 'cast it higher', 'cast at a higher level'],
    ['At Higher Levels', 'Casting a Spell at a Higher Level'],
  ],
  [['level up', 'levelling up', 'leveling up', 'next level'], ['Character Advancement']],
  [['multiclass*'], ['Multiclassing']],
  [['ac'], ['Armor Class']],
  [['hp', 'health'], ['Hit Points']],
  [['heal', 'heals', 'healed', 'how much healing'], ['regains hit points']],
  [['xp', 'exp'], ['Experience Points']],
  [['dc'], ['Difficulty Class']],
  [['save', 'saves'], ['saving throw']],
  [
    ['how heavy', 'weigh', 'weighs'],
    ['weight', 'lb.'],
  ],
  // The fields of a spell's or an item's entry, as a table asks for them.
  [['lasts', 'last?', 'last for', 'stay up', 'stays up', 'how long is it up'], ['Duration']],
  [['how far away', 'how far off', 'how far can i cast', 'how far can he cast', 'how far can she cast', 'how far can they cast'], ['Range']],
  [['how long to cast', 'long does it take to cast', 'take to cast', 'takes to cast', 'cast time', 'as a bonus action', 'as a reaction'], ['Casting Time']],
  [['need to cast', 'needs to cast', 'ingredients', 'ingredient', 'what do i need for', 'spell focus'], ['Components']],
  [['wear off', 'wears off', 'wore off', 'early', 'prematurely', 'cut short'], ['ends']],
  [['faster', 'quicker', 'how fast', 'how quick', 'move further', 'move farther'], ['speed']],
  [
    [
      'knockback',
      'knock back',
      'knocks back',
      'knocked back',
      'knock people back',
      'knock them back',
      'knock it back',
      'blast back',
      'blasts back',
      'push back',
      'pushes back',
      'pushed back',
    ],
    ['pushed'],
  ],
  [
    ['how much is', 'how much does', 'price', 'cost'],
    ['cost', 'gp'],
  ],
  [['help out', 'lend a hand', 'assist*', 'team up'], ['Help']],
  [['dash', 'sprint*', 'run flat out', 'double move'], ['Dash']],
  [['disengag*', 'back off', 'back away', 'retreat*', 'withdraw*'], ['Disengage']],
  [
    ['stand up', 'get up', 'on the ground', 'knocked down', 'lying down'],
    ['Being Prone', 'Prone'],
  ],
  [['mount*', 'horseback', 'riding'], ['Mounted Combat']],
  [['underwater fight*', 'fight underwater', 'fighting underwater'], ['Underwater Combat']],
  [['sneak peek', 'search the room', 'look around', 'search'], ['Search']],
  [['poison*', 'venom*', 'toxin*'], ['Poisoned']],
  [['scared', 'afraid', 'fear', 'terrified', 'spooked'], ['Frightened']],
  [['knocked prone', 'flat on'], ['Prone']],
  [['tired', 'fatigue*', 'worn out', 'forced march'], ['Exhaustion']],
  [['blind', "can't see", 'cannot see'], ['Blinded']],
  [['stuck in place', 'tangled', 'tied up', 'held in place', 'webbed'], ['Restrained']],
  [['stunned', 'dazed'], ['Stunned']],
  [['frozen stiff', 'paralysed', 'paralyzed', 'cannot move'], ['Paralyzed']],
  [['turned to stone', 'stoned', 'statue'], ['Petrified']],
  [['inspired', 'inspiration', 'good roleplay*', 'reward for roleplay*'], ['Inspiration']],
  [['advantage', 'roll twice'], ['Advantage and Disadvantage']],
  [['buy stuff', 'shopping', 'gear', 'equipment'], ['Adventuring Gear']],
  [['resist', 'resists', 'half damage', 'halved damage'], ['Damage Resistance and Vulnerability']],
  // Session 4: the rules chapters walked section by section (06 mechanics, 07 combat, 08 casting,
  // 09 running the game, 03 beyond 1st level, 04 equipment's rules), each section's name given
  // the ways a table says it. Targets are the sections' own titles.
  [
    ['team up', 'work together', 'working together', 'together as a group', 'as a group', 'all of us', 'everyone in the party', 'everybody'],
    ['Working Together', 'Group Checks'],
  ],
  [['arm wrestl*', 'tug of war', 'tug-of-war', 'against each other', 'versus', 'opposed roll*', 'opposed check*', 'roll off'], ['Contests']],
  [['which skill', 'what skill', 'skill check', 'skill roll'], ['Skills']],
  [['proficiency bonus', 'proficient', 'trained in', 'good at'], ['Proficiency Bonus']],
  [['ability modifier', 'stat modifier', 'stat bonus', 'ability score'], ['Ability Scores and Modifiers']],
  [['how hard is the check', 'target number', 'what number do'], ['Typical Difficulty Classes']],
  [['resist the', 'shake it off', 'shrug it off', 'roll to resist', 'roll to avoid', 'dodge the blast'], ['Saving Throws']],
  [
    ['travel*', 'hike*', 'march*', 'walk all day', 'on the road', 'miles a day', 'miles per day', 'journey'],
    ['Travel Pace', 'Forced March'],
  ],
  [['climb*', 'swim*', 'crawl*'], ['Climbing, Swimming, and Crawling']],
  [['pitch dark', 'dark room', 'in the dark', 'darkness', 'dim light', 'fog', 'foggy', 'shadows', 'can see in', 'torchlight', 'light source'], ['Vision and Light']],
  [
    [
      'open a door',
      'pull a lever',
      'draw a weapon',
      'draw my sword',
      'draw his sword',
      'draw her sword',
      'draw their',
      'sheathe',
      'pick up',
      'hand over',
      'pass an item',
      'pull out',
      'grab an item',
    ],
    ['Interacting with Objects Around You', 'Use an Object'],
  ],
  [['talk', 'speak', 'speaking', 'yell*', 'call out', 'say something', 'chat'], ['Other Activity on Your Turn']],
  [['on their turn', 'out of turn', "on someone else's turn", 'interrupt*', 'react', 'reaction'], ['Reactions']],
  [['bonus action', 'extra action', 'quick action', 'swift action', 'minor action'], ['Bonus Actions']],
  [
    [
      'move before',
      'move after',
      'keep moving',
      'split my move*',
      'split his move*',
      'split her move*',
      'split movement',
      'walk some',
      'part of my move',
      'rest of my move',
      'rest of his move',
      'rest of her move',
    ],
    ['Breaking Up Your Move'],
  ],
  [
    ['between attacks', 'between swings', 'between his attacks', 'between her attacks', 'between strikes', 'extra attack'],
    ['Moving between Attacks', 'Extra Attack'],
  ],
  [['fly speed', 'swim speed', 'climb speed', 'switch speeds', 'different speeds'], ['Using Different Speeds']],
  [
    [
      'through an enemy',
      'past an enemy',
      'through the enemy',
      'past the enemy',
      'through an ally',
      'past an ally',
      "enemy's space",
      "ally's space",
      'through his space',
      'through her space',
      'through their space',
      'move through',
      'walk through',
      'squeeze past',
      'slip past',
      'get past',
    ],
    ['Moving Around Other Creatures'],
  ],
  [['knocked out of the sky', 'knocked out of the air', 'falls out of the sky', 'fall out of the sky', 'flying creature', 'while flying'], ['Flying Movement']],
  [
    ['how much room', 'how many squares', 'how much space', 'take up', 'takes up', 'how big is'],
    ['Size Categories', 'Space'],
  ],
  [
    ['attack bonus', 'hit bonus', 'chance to hit'],
    ['Modifiers to the Roll', 'Attack Rolls'],
  ],
  [["can't see", 'cannot see', "couldn't see", 'invisible enemy', 'invisible target', 'unseen', 'guess where', 'blindfold*'], ['Unseen Attackers and Targets']],
  [['long range', 'max range', 'maximum range', 'beyond range', 'out of range', 'too far away'], ['Range']],
  [['in the way', 'between me and', 'blocking the shot', 'blocked shot', 'obstacle'], ['Cover']],
  [['kinds of damage', 'types of damage', 'damage type*'], ['Damage Types']],
  [['massive damage', 'killed outright', 'die instantly', 'dies instantly', 'instant kill', 'outright'], ['Instant Death']],
  [
    ['heal up', 'recover hp', 'get hp back', 'get health back'],
    ['Healing', 'regains hit points'],
  ],
  [
    ['get on a horse', 'get off a horse', 'hop on', 'hop off', 'climb onto', 'saddle up', 'dismount*'],
    ['Mounting and Dismounting', 'Controlling a Mount'],
  ],
  [['same spell', 'two castings', 'cast twice', 'double up', 'stack', 'stacks', 'stacking', 'add up'], ['Combining Magical Effects']],
  [['ritual*', 'without a slot', 'without using a slot', 'without spending a slot', 'without burning a slot', 'save a slot', 'slot-free'], ['Rituals']],
  [['cantrip*', 'at-will', 'at will', 'as often as', 'unlimited times'], ['Cantrips']],
  [
    ['two spells', 'second spell', 'another spell', 'cast again', 'another big spell', 'both spells'],
    ['Bonus Action', 'Casting Time'],
  ],
  [
    [
      'wearing armor',
      'wearing armour',
      'in armor',
      'in armour',
      'in heavy armor',
      'armored',
      'armoured',
      "isn't proficient",
      'not proficient',
      'lack proficiency',
      'without proficiency',
    ],
    ['Casting in Armor', 'Armor Proficiency'],
  ],
  [['spell slot*', 'out of slots', 'run out of spells', 'out of spells', 'spells per day'], ['Spell Slots']],
  [
    ['prepare*', 'swap spells', 'swap out spells', 'change spells', 'change his spells', 'change her spells', 'change my spells', 'spellbook'],
    ['Known and Prepared Spells'],
  ],
  [['gagged', "can't talk", "can't speak", 'silenced', 'mouth covered', 'magic words', 'say the words'], ['Verbal (V)']],
  [['hands tied', 'hands full', 'hand free', 'free hand', 'tied hands', 'gesture*'], ['Somatic (S)']],
  [['component pouch', 'focus', 'holy symbol', 'arcane focus'], ['Material (M)']],
  [['permanent', 'permanently', 'undo', 'instant', 'instantly'], ['Instantaneous']],
  [['line of sight', 'line of effect', 'clear path', 'through a window', 'around a corner', 'around the corner'], ['A Clear Path to the Target']],
  [['target myself', 'on myself', 'cast on himself', 'cast on herself', 'cast on themselves'], ['Targeting Yourself']],
  [['cone', 'cube', 'cylinder', 'blast radius', 'area of effect', 'aoe', 'radius', 'how wide'], ['Areas of Effect']],
  [
    ['spell save', 'save dc', 'resist my spell', 'resist the spell'],
    ['Spell Saving Throws', 'Spell save DC'],
  ],
  [['spell attack', 'magic attack', 'roll to hit with a spell'], ['Spell Attack Rolls']],
  [
    ['trap*', 'booby*', 'tripwire', 'pressure plate', 'pit'],
    ['Traps', 'Detecting and Disabling a Trap'],
  ],
  [
    ['sick', 'ill', 'illness', 'ill with', 'plague', 'fever', 'infect*', 'catch something', 'caught something', 'disease*'],
    ['Diseases', 'Recuperating'],
  ],
  [
    ['crazy', 'insane', 'insanity', 'lose his mind', 'lose her mind', 'lose their mind', 'lost his mind', 'lost her mind', 'freak* out', 'sanity', 'mad'],
    ['Madness', 'Short-Term Madness', 'Long-Term Madness'],
  ],
  [
    ['break down', 'breaking down', 'smash*', 'break through', 'bash down', 'destroy the', 'chop down', 'object'],
    ['Statistics for Objects', 'Object Armor Class', 'Object Hit Points'],
  ],
  [
    ['downtime', 'time off', 'days off', 'spare time', 'few days in town', 'week off'],
    ['Between Adventures', 'Downtime Activities'],
  ],
  [['get better', 'get over', 'recover*', 'rest up', 'convalesc*', 'nurse'], ['Recuperating']],
  [['job', 'work at', 'working at', 'day job', 'earn*', 'make money', 'side job', 'profession'], ['Practicing a Profession']],
  [['craft*', 'build', 'brew'], ['Crafting']],
  [['study', 'studying', 'research*', 'library', 'look into', 'dig up information'], ['Researching']],
  [['learn a language', 'learn a new', 'learn to use', 'pick up a language', 'teach'], ['Training']],
  [['cost of living', 'upkeep', 'live like', 'live as', 'standard of living', 'per day to live'], ['Lifestyle Expenses']],
  [['room at the inn', 'inn', 'tavern', 'ale', 'drinks', 'meal', 'lodging'], ['Food, Drink, and Lodging']],
  [['hire*', 'hireling*', 'mercenar*', 'porter', 'messenger'], ['Services']],
  [['pay a priest', 'pay a cleric', 'pay for a spell', 'buy a spell', 'temple'], ['Spellcasting Services']],
  [['sell*', 'fence', 'loot value', 'cash in'], ['Selling Treasure']],
  [['coin*', 'exchange rate', 'copper', 'silver piece*', 'gold piece*', 'platinum', 'electrum'], ['Standard Exchange Rates']],
  [
    ['put on armor', 'take off armor', 'put on armour', 'take off armour', 'strip off', 'get out of armor', 'get into armor', 'don', 'doff'],
    ['Getting Into and Out of Armor', 'Donning and Doffing Armor'],
  ],
  [['chair leg', 'bottle', 'table leg', 'improvis*', 'whatever is at hand', 'bare-handed', 'throw a rock'], ['Improvised Weapons']],
  [['silvered', 'werewolf', 'lycanthrope'], ['Silvered Weapons']],
  [['finesse', 'heavy weapon', 'light weapon', 'two-handed', 'versatile', 'reach weapon', 'thrown', 'loading', 'ammunition'], ['Weapon Properties']],
  [['crowbar', 'lever'], ['Crowbar']],
  [['flask of oil', 'set it alight', 'set alight', 'set on fire', 'burning'], ['Oil']],
  [['alignment', 'good or evil', 'lawful', 'chaotic', 'neutral'], ['Alignment']],
  [
    ['language*', 'speak elvish', 'speak dwarvish', 'speak common'],
    ['Languages', 'Standard Languages'],
  ],
  [['more hit points', 'hit dice', 'hit die', 'max hp'], ['Hit Points and Hit Dice']],
  [
    ['reward', 'rewarded', 'bennie*', 'hero point*', 'spend it', 'bond', 'personality trait*'],
    ['Inspiration', 'Using Inspiration', 'Gaining Inspiration'],
  ],
  [['background', 'backstory perk', 'origin'], ['Backgrounds']],
];

interface Phrasing {
  pattern: RegExp;
  targets: string[];
}

/** A pattern matching any of the phrasings as whole words (a trailing * allows any ending). */
export function phrasingPattern(phrasings: string[]): RegExp {
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${phrasings
      .map((p) =>
        p
          .replace(/[.?+^$()[\]{}|\\]/g, '\\$&')
          .replace(/\*$/, '[\\p{L}]*')
          .replace(/\s+/g, '\\s+'),
      )
      .join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
}

const PHRASINGS: Phrasing[] = VOCABULARY.map(([phrasings, targets]) => ({ pattern: phrasingPattern(phrasings), targets }));

/** The rulebook's names for what the question says in table talk (each once, in vocabulary order). */
export function rulebookNamesFor(question: string): string[] {
  const found = new Set<string>();
  const text = question.replace(/’/g, "'");
  for (const { pattern, targets } of PHRASINGS) {
    if (pattern.test(text) || pattern.test(question)) for (const target of targets) found.add(target);
  }
  return [...found];
}

/** Every table phrasing of the vocabulary, for checks over it. */
export function tablePhrasings(): string[] {
  return VOCABULARY.flatMap(([phrasings]) => phrasings);
}

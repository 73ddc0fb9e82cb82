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
];

interface Phrasing {
  pattern: RegExp;
  targets: string[];
}

const PHRASINGS: Phrasing[] = VOCABULARY.map(([phrasings, targets]) => ({
  pattern: new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${phrasings
      .map((p) =>
        p
          .replace(/[.?+^$()[\]{}|\\]/g, '\\$&')
          .replace(/\*$/, '[\\p{L}]*')
          .replace(/\s+/g, '\\s+'),
      )
      .join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  ),
  targets,
}));

/** The rulebook's names for what the question says in table talk (each once, in vocabulary order). */
export function rulebookNamesFor(question: string): string[] {
  const found = new Set<string>();
  const text = question.replace(/’/g, "'");
  for (const { pattern, targets } of PHRASINGS) {
    if (pattern.test(text) || pattern.test(question)) for (const target of targets) found.add(target);
  }
  return [...found];
}

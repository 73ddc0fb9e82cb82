/**
 * Reading stat blocks out of rulebook passages, for the offline engine: it cannot write one,
 * but it can lay out the closest one the game master's tomes hold, in the usual order.
 */

export const STAT_FIELDS = [
  'Armor Class',
  'Hit Points',
  'Speed',
  'Saving Throws',
  'Skills',
  'Damage Vulnerabilities',
  'Damage Resistances',
  'Damage Immunities',
  'Condition Immunities',
  'Senses',
  'Languages',
  'Challenge',
  'Proficiency Bonus',
] as const;
export type StatField = (typeof STAT_FIELDS)[number];

export const ABILITIES = ['STR', 'DEX', 'CON', 'INT', 'WIS', 'CHA'] as const;

export interface StatBlock {
  /** The creature's name where the passage gives it (a heading, or the line before the type line). */
  name: string | null;
  /** "Medium humanoid (any race), any alignment" */
  typeLine: string | null;
  fields: Partial<Record<StatField, string>>;
  /** Scores with their modifiers, in STR..CHA order, when all six were found. */
  abilities: Array<{ ability: (typeof ABILITIES)[number]; score: number; modifier: string }> | null;
  /** "Name. text" lines of traits and actions, in the order found. */
  actions: Array<{ name: string; text: string }>;
}

const SIZE_LINE =
  /\b(Tiny|Small|Medium|Large|Huge|Gargantuan)\s+(aberration|beast|celestial|construct|dragon|elemental|fey|fiend|giant|humanoid|monstrosity|ooze|plant|undead|swarm)[^\n.]*?(?:,\s*[a-z][a-z -]*?alignment|,\s*(?:lawful|neutral|chaotic|unaligned|any)[a-z -]*)?(?=[\n.*_]|$)/i;
const SCORE = /(\d{1,2})\s*\(\s*([+\-−–]\s*\d{1,2})\s*\)/g;
const ACTION =
  /(?:^|\n|\*\*\*?|\s)((?:[A-Z][\w'’-]*)(?:\s+(?:of|the|[A-Z(][\w'’()/-]*))*?)\.\*{0,3}\s*\*{0,2}\s*((?:Multiattack|Melee|Ranged|The |It |This |When |If |As |Recharge)[^\n]*)/g;

const clean = (text: string) => text.replace(/[*_]+/g, '').replace(/\s+/g, ' ').trim();

export function readStatBlock(text: string, headingPath = ''): StatBlock {
  const fields: StatBlock['fields'] = {};
  const positions = STAT_FIELDS.flatMap((field) => {
    const found = findLabel(text, field);
    return found ? [{ field, ...found }] : [];
  });
  positions.sort((a, b) => a.at - b.at);
  const abilitiesAt = text.search(/\bSTR\b/);
  positions.forEach(({ field, end: start }, index) => {
    const nextLabel = positions[index + 1]?.at ?? text.length;
    let end = Math.min(nextLabel, newlineAfter(text, start));
    if (abilitiesAt > start && abilitiesAt < end) end = abilitiesAt;
    const value = trimValue(field, clean(text.slice(start, end).replace(/^[\s*:_]+/, '')).replace(/[\s|]+$/, ''));
    if (value) fields[field] = value;
  });

  let abilities: StatBlock['abilities'] = null;
  if (abilitiesAt >= 0) {
    const scores = [...text.slice(abilitiesAt, abilitiesAt + 400).matchAll(SCORE)].slice(0, 6);
    if (scores.length === 6) {
      abilities = scores.map((match, i) => ({
        ability: ABILITIES[i],
        score: Number(match[1]),
        modifier: match[2].replace(/\s+/g, '').replace(/[−–]/, '-'),
      }));
    }
  }

  const typeMatch = SIZE_LINE.exec(text);
  const typeLine = typeMatch
    ? clean(typeMatch[0])
        .split(/\s(?=Armor Class|Hit Points|Speed\b)/)[0]
        .replace(/[.,]$/, '')
    : null;
  let name: string | null = null;
  if (typeMatch) {
    const before = text.slice(0, typeMatch.index).trim().split('\n').pop() ?? '';
    const candidate = clean(before.replace(/^#+\s*/, '').replace(/[.:]$/, ''));
    if (candidate && candidate.length <= 60 && /^[\p{Lu}]/u.test(candidate)) name = candidate;
  }
  if (!name && headingPath) name = headingPath.split('>').pop()?.trim() || null;

  const actions: StatBlock['actions'] = [];
  const seen = new Set<string>();
  const afterFields = Math.max(abilitiesAt, ...positions.map((p) => p.at));
  // Flat (PDF) text runs actions together: "...attacks. Longsword. Melee Weapon Attack: ..." gets a line of its own.
  const tail = text
    .slice(Math.max(0, afterFields))
    .replace(/\s(?=[A-Z][\w'’-]*(?:\s+[A-Z(][\w'’()/-]*){0,3}\.\s+\*{0,2}(?:Melee|Ranged) (?:Weapon|Spell) Attack)/g, '\n');
  for (const match of tail.matchAll(ACTION)) {
    const actionName = clean(match[1]);
    if (!actionName || seen.has(actionName) || (STAT_FIELDS as readonly string[]).includes(actionName)) continue;
    seen.add(actionName);
    actions.push({ name: actionName, text: clean(match[2]) });
  }
  return { name, typeLine, fields, abilities, actions };
}

/** How much of a stat block a passage holds: its fields, the ability line and the type line. */
export function statBlockScore(block: StatBlock): number {
  return Object.keys(block.fields).length + (block.abilities ? 2 : 0) + (block.typeLine ? 1 : 0);
}

export const looksLikeStatBlock = (block: StatBlock) => statBlockScore(block) >= 3;

/** Fills what one part of a stat block lacks from another part (a stat block split over passages). */
export function mergeStatBlocks(base: StatBlock, extra: StatBlock): StatBlock {
  const actions = [...base.actions];
  for (const action of extra.actions) if (!actions.some((a) => a.name === action.name)) actions.push(action);
  return {
    name: base.name ?? extra.name,
    typeLine: base.typeLine ?? extra.typeLine,
    fields: { ...extra.fields, ...base.fields },
    abilities: base.abilities ?? extra.abilities,
    actions,
  };
}

/** The stat block in the game's usual layout, in Markdown (hard line breaks, no tables). */
export function renderStatBlock(block: StatBlock): string {
  const parts: string[] = [];
  if (block.typeLine) parts.push(`*${block.typeLine}*`);
  const defence = (['Armor Class', 'Hit Points', 'Speed'] as const).filter((field) => block.fields[field]).map((field) => `**${field}** ${block.fields[field]}`);
  if (defence.length > 0) parts.push(defence.join('\\\n'));
  if (block.abilities) parts.push(block.abilities.map((a) => `**${a.ability}** ${a.score} (${a.modifier})`).join(' · '));
  const details = STAT_FIELDS.filter((field) => !['Armor Class', 'Hit Points', 'Speed'].includes(field) && block.fields[field]).map(
    (field) => `**${field}** ${block.fields[field]}`,
  );
  if (details.length > 0) parts.push(details.join('\\\n'));
  if (block.actions.length > 0) {
    parts.push(`### Actions and Traits\n\n${block.actions.map((a) => `- ***${a.name}.*** ${a.text}`).join('\n')}`);
  }
  return parts.join('\n\n');
}

/** Fields with a fixed shape stop where the shape ends, so a one-line passage does not run on into the traits. */
const FIELD_SHAPES: Partial<Record<StatField, RegExp>> = {
  'Armor Class': /^\d+(?:\s*\([^)]*\))?/,
  'Hit Points': /^\d+(?:\s*\([^)]*\))?/,
  Speed: /^\d+\s*ft\.?(?:,\s*[a-z]+\s+\d+\s*ft\.?(?:\s*\([^)]*\))?)*/,
  Challenge: /^[\d/]+(?:\s*\([\d,]+\s*XP\))?/,
  'Proficiency Bonus': /^[+\-−]\d+/,
};
const MAX_FIELD_CHARACTERS = 200;

function trimValue(field: StatField, value: string): string {
  const shape = FIELD_SHAPES[field];
  if (shape) return shape.exec(value)?.[0] ?? value.slice(0, 40);
  const sentenceEnd = value.search(/\.\s+(?=\p{Lu}[\w'’ ]{0,30}\.)/u);
  const cut = sentenceEnd > 0 ? value.slice(0, sentenceEnd) : value;
  return cut.length > MAX_FIELD_CHARACTERS ? `${cut.slice(0, MAX_FIELD_CHARACTERS - 1)}…` : cut.replace(/\.$/, '');
}

/** Where a field's label starts and ends in the text (labels may be bold or wrapped), or null. */
function findLabel(text: string, label: string): { at: number; end: number } | null {
  const match = new RegExp(`(^|[\\s*|_])(${label.replace(/ /g, '\\s+')})(?=[\\s*:_|]|$)`).exec(text);
  if (!match) return null;
  const at = match.index + match[1].length;
  return { at, end: at + match[2].length };
}

function newlineAfter(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at < 0 ? text.length : at;
}

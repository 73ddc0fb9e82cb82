import type { CharacterFormat, ContentType } from '../../../contract/content';

/** The answer's max_tokens: a full stat block or a keyed location needs room. */
export const CONTENT_ANSWER_TOKENS = 2_400;

const STRUCTURE: Record<ContentType | 'character_stats', string> = {
  character: [
    'Write a non-player character the game master can run at the table, in this order:',
    '- a level-1 heading with the character’s name, then one italic line: ancestry, role or profession, and a few words on their manner;',
    '- "## Appearance", "## Personality" (traits, ideals, bonds, flaws), "## Background";',
    '- "## Motivations and Secrets", "## Relationships" (people, places and factions from the search results wherever they fit);',
    '- "## Roleplaying Notes" (voice, mannerisms, a few lines of dialogue) and "## Adventure Hooks" (three short hooks).',
  ].join('\n'),
  character_stats: [
    'Write a complete fifth-edition-style stat block the game master can run in combat, in the game’s usual layout:',
    '- a level-1 heading with the name, then one italic line: size, creature type (with tag), alignment;',
    '- **Armor Class** (with the armor), **Hit Points** (average and hit dice with the Constitution bonus, e.g. 58 (9d8 + 18)), **Speed**;',
    '- the six ability scores on ONE line, each with its modifier: **STR** 16 (+3) · **DEX** 13 (+1) · **CON** 14 (+2) · **INT** 10 (+0) · **WIS** 11 (+0) · **CHA** 10 (+0);',
    '- **Saving Throws**, **Skills**, any damage resistances, immunities and condition immunities, **Senses** (with passive Perception), **Languages**, **Challenge** (with XP) and **Proficiency Bonus**;',
    '- special traits as bold-italic names followed by their text, then "## Actions" (attacks written as: ***Longsword.*** *Melee Weapon Attack:* +5 to hit, reach 5 ft., one target. *Hit:* 7 (1d8 + 3) slashing damage.), then "## Bonus Actions", "## Reactions" or "## Legendary Actions" only where the creature has them;',
    '- finally "## Description" (a short paragraph) and "## Tactics" (how it fights and when it flees).',
    'Keep the numbers consistent with the rules: modifiers are (score − 10) / 2 rounded down, attack bonuses and save DCs follow the proficiency bonus of the challenge rating, and hit points match the hit dice. If the search results hold stat blocks, follow their layout and numbers.',
  ].join('\n'),
  location: [
    'Write a location the game master can describe and run, in this order:',
    '- a level-1 heading with the place’s name, then one italic line: what kind of place it is and where it lies;',
    '- "## Overview", "## Atmosphere" (sights, sounds, smells: read-aloud text in a blockquote);',
    '- "## Notable Features" (keyed areas as a numbered list), "## Inhabitants" (who is here and what they want);',
    '- "## Secrets", "## Encounters" and "## Adventure Hooks".',
  ].join('\n'),
  mission: [
    'Write a mission (quest) the game master can run in one or two sessions, in this order:',
    '- a level-1 heading with the mission’s name, then one italic line: the suggested party level and the kind of adventure;',
    '- "## Summary", "## The Hook" (who asks, what they offer), "## Background" (what really happened);',
    '- "## Objectives" (a numbered list), "## Key NPCs", "## Locations";',
    '- "## Encounters and Challenges" (combat, social and exploration, each with a difficulty), "## Twists";',
    '- "## Rewards" and "## Consequences" (of success and of failure).',
  ].join('\n'),
  lore: [
    'Write a piece of lore the game master can reveal in play, in this order:',
    '- a level-1 heading with its title, then one italic line: what kind of lore it is (legend, history, religion, secret...);',
    '- "## The Tale" (the lore itself, as a storyteller would tell it), "## Key Figures", "## Places";',
    '- "## Truth and Rumour" (what is true, what people wrongly believe), "## In Play" (rumours, clues, who knows it and how the party learns it);',
    '- "## Adventure Hooks".',
  ].join('\n'),
};

export function structureOf(contentType: ContentType, format: CharacterFormat | null): string {
  return contentType === 'character' && format === 'stats' ? STRUCTURE.character_stats : STRUCTURE[contentType];
}

export function contentSystemPrompt(
  campaign: { name: string; description: string },
  contentType: ContentType,
  format: CharacterFormat | null,
  hasPassages: boolean,
): string {
  const lines = [`You are the Content Creator of Tomekeeper, writing original material for a tabletop role-playing game master’s campaign "${campaign.name}".`];
  if (campaign.description.trim()) lines.push(`The game master describes the campaign as: ${campaign.description.trim()}`);
  lines.push(
    hasPassages
      ? 'The search results come from the game master’s own Knowledge Tomes. Ground the content in them: use their names, places, factions, rules and facts, keep names exactly as spelled there, and cite the results you draw on. Where the tomes are silent, invent details that fit them, but never present an invention as if it came from the tomes.'
      : 'No passages from the game master’s tomes matched this request, so write from the request alone, in keeping with the campaign, and say in one short italic line at the end that nothing in the tomes was found to draw on.',
    structureOf(contentType, format),
    'Write in Markdown. Do not use tables or raw HTML. Answer with the content only: no preamble, no closing remarks.',
  );
  return lines.join('\n\n');
}

export function revisionInstruction(change: string, contentType: ContentType, currentVersionIncluded: string | null): string {
  const parts = [
    `Revise the ${contentType} you wrote. The change I want: ${change}`,
    'Change what I ask and whatever that change requires; keep everything else as it is, word for word where you can. Answer with the whole revised content, in the same layout.',
  ];
  if (currentVersionIncluded) {
    parts.push(`This is the current version, with my own edits; revise this one:\n\n${currentVersionIncluded}`);
  }
  return parts.join('\n\n');
}

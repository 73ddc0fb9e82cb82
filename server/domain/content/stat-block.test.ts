import { describe, expect, it } from 'vitest';
import { looksLikeStatBlock, readStatBlock, renderStatBlock } from './stat-block';

const FLAT =
  'Bandit Captain Medium humanoid (any race), any non-lawful alignment Armor Class 15 (studded leather) Hit Points 65 (10d8 + 20) Speed 30 ft. STR DEX CON INT WIS CHA 15 (+2) 16 (+3) 14 (+2) 14 (+2) 11 (+0) 14 (+2) Saving Throws Str +4, Dex +5, Wis +2 Skills Athletics +4, Deception +4 Senses passive Perception 10 Languages any two languages Challenge 2 (450 XP) Multiattack. The captain makes three melee attacks. Scimitar. Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 6 (1d6 + 3) slashing damage.';

describe('reading stat blocks out of passages', () => {
  it('reads a stat block extracted flat from a PDF, in the usual layout', () => {
    const block = readStatBlock(FLAT);
    expect(looksLikeStatBlock(block)).toBe(true);
    expect(block.name).toBe('Bandit Captain');
    expect(block.typeLine).toBe('Medium humanoid (any race), any non-lawful alignment');
    expect(block.fields).toMatchObject({
      'Armor Class': '15 (studded leather)',
      'Hit Points': '65 (10d8 + 20)',
      Speed: '30 ft.',
      'Saving Throws': 'Str +4, Dex +5, Wis +2',
      Challenge: '2 (450 XP)',
    });
    expect(block.abilities?.map((a) => `${a.ability} ${a.score} (${a.modifier})`)).toEqual([
      'STR 15 (+2)',
      'DEX 16 (+3)',
      'CON 14 (+2)',
      'INT 14 (+2)',
      'WIS 11 (+0)',
      'CHA 14 (+2)',
    ]);
    expect(block.actions.map((a) => a.name)).toEqual(['Multiattack', 'Scimitar']);
    expect(renderStatBlock(block)).toContain('**STR** 15 (+2) · **DEX** 16 (+3)');
  });

  it('does not take rules prose for a stat block', () => {
    expect(looksLikeStatBlock(readStatBlock("Your Armor Class is how hard you are to hit. A character's speed is 30 feet."))).toBe(false);
  });
});

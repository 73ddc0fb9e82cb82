import { describe, expect, it } from 'vitest';
import { passageScores, questionTermsOf, runInLabels, scoreSentences, tableRows } from './sentence-scoring';

const GEAR = `***Manacles.*** These metal restraints can bind a Small or Medium creature. Escaping the manacles requires a successful DC 20 Dexterity check.

Healer’s Kit. This kit is a leather pouch containing bandages, salves, and splints. The kit has ten uses.

**Armor Class** 13 (natural armor)`;

function best(question: string, passages: Array<{ content: string; headingPath?: string; title?: string }>) {
  const scored = scoreSentences(questionTermsOf(question), passages).filter((s) => !s.heading);
  scored.sort((a, b) => b.score - a.score);
  return scored[0];
}

describe('run-in labels', () => {
  it('finds bold and plain run-in names, each holding for its own paragraph, and not a bold stat line', () => {
    const labels = runInLabels(GEAR);
    expect(labels.map((l) => l.label)).toEqual(['Manacles', 'Healer’s Kit']);
    expect(GEAR.slice(labels[0].start, labels[0].end)).toContain('Escaping the manacles');
    expect(GEAR.slice(labels[0].start, labels[0].end)).not.toContain('Healer');
    expect(GEAR.slice(labels[1].start, labels[1].end)).toContain('ten uses');
    expect(GEAR.slice(labels[1].start, labels[1].end)).not.toContain('Armor Class');
  });

  it('names a stat block attack by its run-in name (three stars, then two)', () => {
    const block =
      '***Multiattack.*** The mummy makes one attack with its rotting fist.\n\n***Rotting Fist.** Melee Weapon Attack:* +5 to hit, reach 5 ft., one target. *Hit:* 10 (2d6 + 3) bludgeoning damage.';
    expect(runInLabels(block).map((l) => l.label)).toEqual(['Multiattack', 'Rotting Fist']);
  });

  it('finds the names of a lore list', () => {
    const lore = '- **Greywater**: a fog-bound harbour town.\n- **Tamsin Reed** (player character, rogue): raised in the docks.';
    expect(runInLabels(lore).map((l) => l.label)).toEqual(['Greywater', 'Tamsin Reed']);
  });

  it('does not take an ordinary opening sentence for a label', () => {
    expect(runInLabels('Roll a d20. If the roll is 10 or higher, you succeed.')).toEqual([]);
  });
});

describe('scoring sentences of the unit the question names', () => {
  it('reads a sentence under a run-in label as about the labelled thing', () => {
    const lead = best('How many uses does a healer’s kit have?', [
      { content: 'Healer’s kit | 5 gp | 3 lb.', headingPath: 'Equipment > Adventuring Gear' },
      { content: GEAR, headingPath: 'Equipment > Adventuring Gear' },
    ]);
    expect(lead.span.text).toBe('The kit has ten uses.');
  });

  it('prefers the unit named in full over one that only shares its name', () => {
    const passages = [
      {
        content: 'When you drink it, you become invisible for 1 hour. The effect ends early if you attack or cast a spell.',
        headingPath: 'Magic Items > Potion of Invisibility',
      },
      {
        content: 'A creature you touch becomes invisible until the spell ends. The spell ends for a target that attacks or casts a spell.',
        headingPath: 'Spell Descriptions > Invisibility',
      },
    ];
    const [potion, spell] = passageScores(questionTermsOf('When does invisibility end?'), passages);
    expect(spell).toBeGreaterThan(potion);
  });

  it('names a passage without headings by its document', () => {
    const log = '[2026-03-14 21:30] Session ends. XP: 1,800 each.';
    const other = {
      content: 'The number of experience points (XP) a monster is worth is based on its challenge rating.',
      headingPath: 'Monsters > Experience Points',
    };
    const question = questionTermsOf('What XP did session 12 give?');
    const [, named] = passageScores(question, [other, { content: log, title: 'session-12.log' }]);
    const [, unnamed] = passageScores(question, [other, { content: log, title: 'notes.log' }]);
    expect(named).toBeGreaterThan(unnamed * 2);
  });

  it('weighs a name the question says itself above one only the vocabulary supplies', () => {
    const passages = [
      { content: 'A monster’s Armor Class (AC) is based on its Dexterity modifier and natural armor.', headingPath: 'Monsters > Armor Class' },
      { content: '**Armor Class** 25 (natural armor)', headingPath: 'Monsters > Tarrasque' },
    ];
    const [rules, tarrasque] = passageScores(questionTermsOf('What’s the tarrasque’s AC?'), passages);
    expect(tarrasque).toBeGreaterThan(rules);
  });

  it('puts a sentence stating an amount first when the question asks how many', () => {
    const deck = {
      content:
        'Usually found in a box or pouch, this deck contains a number of cards made of ivory or vellum. Most (75 percent) of these decks have only thirteen cards.',
      headingPath: 'Magic Items > Deck of Many Things',
    };
    expect(questionTermsOf('How many cards are in the deck?').wantsAmount).toBe(true);
    expect(questionTermsOf('What do the cards of the deck do?').wantsAmount).toBe(false);
    expect(best('How many cards are in the deck?', [deck]).span.text).toContain('thirteen cards');
    expect(best('What are the cards of the deck made of?', [deck]).span.text).toContain('ivory or vellum');
  });
  it('reads a table row under its header and names it by its first cell', () => {
    const weapons = {
      content:
        'Name | Cost | Damage | Weight | Properties\nBlowgun | 10 gp | 1 piercing | 1 lb. | Ammunition (range 25/100), loading\nLongbow | 50 gp | 1d8 piercing | 2 lb. | Ammunition (range 150/600), heavy, two-handed',
      headingPath: 'Weapons List > Martial Ranged Weapons',
    };
    const rules = { content: 'Some ranged attacks, such as those made with a longbow or a shortbow, have two ranges.', headingPath: 'Combat > Making an Attack' };
    const lead = best('What’s the range on a longbow?', [rules, weapons]);
    expect(lead.span.text).toBe('Longbow | 50 gp | 1d8 piercing | 2 lb. | Ammunition (range 150/600), heavy, two-handed');
    // The header names columns only: never the answer.
    const header = scoreSentences(questionTermsOf('What weight and cost?'), [weapons]).find((s) => s.position === 0);
    expect(header?.heading).toBe(true);
  });

  it('finds a table’s header and group labels, and starts again after prose', () => {
    const content = 'Item | Cost | Weight\nAbacus | 2 gp | 2 lb.\n*Arcane focus*\nCrystal | 10 gp | 1 lb.\n\nSome prose follows.\nArmor | Cost\nPadded | 5 gp';
    const rows = tableRows(content);
    expect(rows.map((r) => [r.header, r.name])).toEqual([
      [true, ''],
      [false, 'Abacus'],
      [false, 'Crystal'],
      [true, ''],
      [false, 'Padded'],
    ]);
    expect(rows[2].context).toContain('Arcane focus');
    expect(rows[4].context).toContain('Armor | Cost');
  });

  it('goes further for a unit whose kind the question names too (the jump spell, not the jumping rule)', () => {
    const content = 'The creature’s jump distance is tripled until the spell ends.';
    const passages = [
      { content, headingPath: 'Movement > Jump' },
      { content, headingPath: 'Spell Descriptions > Jump' },
    ];
    const [rule, spell] = passageScores(questionTermsOf('How much further can you leap with the jump spell?'), passages);
    expect(spell).toBeGreaterThan(rule * 1.2);
    const [ruleUnsaid, spellUnsaid] = passageScores(questionTermsOf('How much further can you leap with jump?'), passages);
    expect(spellUnsaid).toBeCloseTo(ruleUnsaid);
  });
  it('quotes a named unit’s rule when it shares nothing with the question but the name, and never its stat lines for it', () => {
    const resistance = {
      content:
        '**Range:** Touch\n\nYou touch one willing creature. Once before the spell ends, the target can roll a d4 and add the number rolled to one saving throw of its choice.',
      headingPath: 'Spell Descriptions > Resistance',
    };
    const lead = best('What does the resistance cantrip do?', [resistance]);
    expect(lead.score).toBeGreaterThan(0);
    expect(lead.span.text).not.toContain('**Range:**');
    // Not named, nothing shared: nothing to quote.
    expect(best('What does the guidance cantrip do?', [resistance]).score).toBe(0);
  });
});

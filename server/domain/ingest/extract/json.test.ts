import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';

const enc = (s: string) => new TextEncoder().encode(s);

describe('json extraction', () => {
  it('renders keys as headings, prose as paragraphs, fields as lines and tables as rows', async () => {
    const json = {
      'Appendix PH-A: Conditions': {
        content: ['Conditions alter a creature’s capabilities in a variety of ways and can arise as a result of a spell.'],
        Exhaustion: {
          content: ['Exhaustion is measured in six levels. An effect can give a creature one or more levels of exhaustion.'],
          table: { Level: ['1', '2'], Effect: ['Disadvantage on ability checks', 'Speed halved'] },
        },
      },
      monsters: [
        { name: 'Orc', hp: 15, tags: ['humanoid', 'orc'] },
        { name: 'Goblin', hp: 7, notes: { alignment: 'neutral evil' } },
      ],
    };
    const doc = await extractDocument(enc(JSON.stringify(json)), 'srd.json');
    expect(doc.blocks.map((b) => `${b.kind}:${b.kind === 'heading' ? b.level : ''}:${b.text}`)).toEqual([
      'heading:1:Appendix PH-A: Conditions',
      'paragraph::Conditions alter a creature’s capabilities in a variety of ways and can arise as a result of a spell.',
      'heading:2:Exhaustion',
      'paragraph::Exhaustion is measured in six levels. An effect can give a creature one or more levels of exhaustion.',
      'table-row::Level | Effect',
      'table-row::1 | Disadvantage on ability checks',
      'table-row::2 | Speed halved',
      'heading:1:monsters',
      'heading:2:Orc',
      'paragraph::hp: 15\ntags: humanoid, orc',
      'heading:2:Goblin',
      'paragraph::hp: 7',
      'heading:3:notes',
      'paragraph::alignment: neutral evil',
    ]);
  });

  it('turns a list of flat records into a table', async () => {
    const doc = await extractDocument(enc('[{"name":"Club","cost":"1 sp"},{"name":"Dagger","cost":"2 gp"}]'), 'weapons.json');
    expect(doc.text).toBe('name | cost\nClub | 1 sp\nDagger | 2 gp');
  });

  it('reads broken JSON as text rather than failing', async () => {
    const doc = await extractDocument(enc('{"name": "Orc", "hp": 15, '), 'broken.json');
    expect(doc.text).toBe('{"name": "Orc", "hp": 15,');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultContentFilename, splitFrontMatter } from './content';
import { contentFilename } from './content-filename';

describe('content filenames', () => {
  it('defaults to the first 30 letters and digits of the prompt', () => {
    expect(defaultContentFilename('A weary dwarven blacksmith who secretly forges weapons')).toBe('A_weary_dwarven_blacksmith_who_secr');
    expect(defaultContentFilename('A weary dwarven blacksmith who secretly forges weapons').replace(/_/g, '')).toHaveLength(30);
    expect(defaultContentFilename('  Mira, the smith!  ')).toBe('Mira_the_smith');
    expect(defaultContentFilename('Élodie de Saint-Ombre')).toBe('Élodie_de_Saint_Ombre');
    expect(defaultContentFilename('?!')).toBe('generated_content');
  });

  it('saves with .md exactly once and without folders or forbidden characters', () => {
    expect(contentFilename('Mira')).toBe('Mira.md');
    expect(contentFilename('Mira.md')).toBe('Mira.md');
    expect(contentFilename('Mira.md.md')).toBe('Mira.md');
    expect(contentFilename('Mira.MD ')).toBe('Mira.md');
    expect(contentFilename('Mira.txt')).toBe('Mira.txt.md');
    expect(contentFilename('../../etc/passwd')).toBe('passwd.md');
    expect(contentFilename('C:\\tomes\\npc.md')).toBe('npc.md');
    expect(contentFilename('folder/')).toBe('folder.md');
    expect(contentFilename('what? <now>')).toBe('what_ _now_.md');
    expect(contentFilename('.hidden')).toBe('hidden.md');
    for (const blank of ['', '   ', '.md', '../..', '///', '...']) expect(contentFilename(blank)).toBeNull();
    expect(contentFilename('x'.repeat(500))!.length).toBe(123);
  });

  it('splits YAML front matter from the body', () => {
    expect(splitFrontMatter('---\ntitle: "A"\n---\n\n# A\n')).toEqual({ frontMatter: 'title: "A"', body: '# A\n' });
    expect(splitFrontMatter('# No front matter')).toEqual({ frontMatter: null, body: '# No front matter' });
  });
});

import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';

const enc = (s: string) => new TextEncoder().encode(s);
const shape = (blocks: { kind: string; text: string; level?: number }[]) => blocks.map((b) => `${b.kind}:${b.level ?? ''}:${b.text}`);

describe('markdown, text and log extraction', () => {
  it('markdown: # headings become heading blocks; the markdown itself stays as written', async () => {
    const md =
      '# Conditions\n\nIntro with **bold** and [a link](javascript:alert(1)).\n\n#### Exhaustion\n\n| Level | Effect |\n|---|---|\n| 1 | Disadvantage |\n\n```bash\n# not a heading\n```\n\nSetext Title\n------------\n\n<script>alert("xss")</script>\n';
    const doc = await extractDocument(enc(md), 'notes.md');
    expect(shape(doc.blocks)).toEqual([
      'heading:1:Conditions',
      'paragraph::Intro with **bold** and [a link](javascript:alert(1)).',
      'heading:4:Exhaustion',
      'table-row::Level | Effect',
      'table-row::1 | Disadvantage',
      'paragraph::```bash\n# not a heading\n```',
      'heading:2:Setext Title',
      'paragraph::<script>alert("xss")</script>',
    ]);
    expect(doc.text).toBe(md.trim());
  });

  it('plain text: paragraphs by blank lines, lone short lines taken for headings', async () => {
    const txt =
      'Appendix PH-A: Conditions\r\n\r\nConditions alter a creature.\r\n\r\nBlinded\r\n\r\n-   A blinded creature can’t see and\r\n    automatically fails.\r\n';
    const doc = await extractDocument(enc(txt), 'conditions.txt');
    expect(shape(doc.blocks)).toEqual([
      'heading:1:Appendix PH-A: Conditions',
      'paragraph::Conditions alter a creature.',
      'heading:2:Blinded',
      'paragraph::-   A blinded creature can’t see and\n    automatically fails.',
    ]);
  });

  it('log: every line kept, no headings guessed', async () => {
    const log = '[19:02] Session begins.\n[19:10] Recap.\n\n[21:30] Session ends.';
    const doc = await extractDocument(enc(log), 'session.log');
    expect(shape(doc.blocks)).toEqual(['paragraph::[19:02] Session begins.\n[19:10] Recap.', 'paragraph::[21:30] Session ends.']);
    expect(doc.text).toBe(log);
  });
});

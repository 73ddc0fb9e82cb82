import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../text/tokens';
import type { ExtractedBlock, ExtractedDocument } from '../extract/types';
import { chunkDocument } from './index';
import { splitSentences } from './split';

const doc = (blocks: ExtractedBlock[]): ExtractedDocument => ({ fileType: 'md', text: blocks.map((b) => b.text).join('\n\n'), blocks });
const h = (level: number, text: string, page?: number): ExtractedBlock => ({ kind: 'heading', text, level, ...(page ? { page } : {}) });
const p = (text: string, page?: number): ExtractedBlock => ({ kind: 'paragraph', text, ...(page ? { page } : {}) });
const row = (table: number, cells: string[], header = false): ExtractedBlock => ({ kind: 'table-row', text: cells.join(' | '), cells, table, header });
const sentence = (i: number) => `Sentence number ${i} tells the game master something useful about the rules of the game.`;

describe('chunkDocument', () => {
  it('starts a chunk at each heading and records the heading path', () => {
    const chunks = chunkDocument(
      doc([
        p('Before any heading.'),
        h(1, 'Combat'),
        p('Combat intro.'),
        h(2, 'Damage and Healing'),
        h(3, 'Instant Death'),
        p('Massive damage can kill you instantly.'),
        h(2, 'Movement'),
        p('You can move.'),
      ]),
    );
    expect(chunks.map((c) => [c.ordinal, c.headingPath, c.content, c.page])).toEqual([
      [0, '', 'Before any heading.', null],
      [1, 'Combat', 'Combat intro.', null],
      [2, 'Combat > Damage and Healing > Instant Death', 'Massive damage can kill you instantly.', null],
      [3, 'Combat > Movement', 'You can move.', null],
    ]);
    for (const c of chunks) expect(c.tokenCount).toBe(estimateTokens(c.content));
  });

  it('packs paragraphs up to the target and never spans two PDF pages', () => {
    const blocks: ExtractedBlock[] = [
      { kind: 'page-break', text: '', page: 1 },
      h(1, 'Spellcasting', 1),
      p('First page text.', 1),
      p('More on the first page.', 1),
      { kind: 'page-break', text: '', page: 2 },
      p('Second page continues the section.', 2),
    ];
    const chunks = chunkDocument({ ...doc(blocks), fileType: 'pdf', pageCount: 2 });
    expect(chunks.map((c) => [c.page, c.headingPath, c.content])).toEqual([
      [1, 'Spellcasting', 'First page text.\n\nMore on the first page.'],
      [2, 'Spellcasting', 'Second page continues the section.'],
    ]);
  });

  it('splits a long section between paragraphs, with sentence overlap, within the limits', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => p(`${sentence(i * 2)} ${sentence(i * 2 + 1)}`));
    const chunks = chunkDocument(doc([h(1, 'Rules'), ...paragraphs]), { targetTokens: 120, maxTokens: 200, overlapTokens: 30 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.headingPath).toBe('Rules');
      expect(c.tokenCount).toBeLessThanOrEqual(200);
    }
    // Each chunk after the first starts with the last sentence of the one before.
    for (let i = 1; i < chunks.length; i++) {
      const previousLast = splitSentences(chunks[i - 1].content).at(-1)!;
      expect(chunks[i].content.startsWith(previousLast)).toBe(true);
    }
    // Nothing lost: every sentence appears somewhere, in order.
    const all = chunks.map((c) => c.content).join(' ');
    for (let i = 0; i < 60; i++) expect(all).toContain(sentence(i));
  });

  it('cuts a single paragraph longer than the maximum at sentence boundaries', () => {
    const long = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkDocument(doc([p(long)]), { targetTokens: 100, maxTokens: 150, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(150);
      expect(c.content).toMatch(/^Sentence number \d+ .*game\.$/s);
    }
    expect(chunks.map((c) => c.content).join(' ')).toBe(long);
  });

  it('cuts a sentence with no boundaries by words as a last resort', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkDocument(doc([p(words)]), { targetTokens: 100, maxTokens: 120 });
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(120);
    expect(chunks.map((c) => c.content).join(' ')).toBe(words);
  });

  it('keeps a table together and repeats its header row when it must continue', () => {
    const rows = [
      row(0, ['Level', 'Effect'], true),
      ...Array.from({ length: 40 }, (_, i) => row(0, [`${i + 1}`, `Effect number ${i + 1} of the exhaustion table`])),
    ];
    const chunks = chunkDocument(doc([h(1, 'Exhaustion'), p('Exhaustion is measured in six levels.'), ...rows]), {
      targetTokens: 150,
      maxTokens: 250,
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0].content.startsWith('Exhaustion is measured in six levels.\n\nLevel | Effect\n1 | Effect number 1')).toBe(true);
    for (const c of chunks.slice(1)) expect(c.content.startsWith('Level | Effect\n')).toBe(true);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(250);
  });
});

describe('chunkDocument and :::gm blocks', () => {
  it('gives GM blocks chunks of their own, marked gmOnly, whose headings name no later chunk', async () => {
    const { extractDocument } = await import('../extract');
    const source = [
      '# Factions',
      '',
      'The Pale Lantern are zealots.',
      ':::gm',
      '## Secret payments',
      '',
      'They pay Magistrate Hollis Quenby to look away.',
      ':::',
      'The Salt Guild are smugglers.',
      '',
    ].join('\n');
    const extracted = await extractDocument(new TextEncoder().encode(source), 'lore.md');
    const chunks = chunkDocument(extracted);
    expect(chunks.map((c) => [c.gmOnly, c.headingPath, c.content])).toEqual([
      [false, 'Factions', 'The Pale Lantern are zealots.'],
      [true, 'Factions > Secret payments', 'They pay Magistrate Hollis Quenby to look away.'],
      [false, 'Factions', 'The Salt Guild are smugglers.'],
    ]);
    expect(extracted.text).toBe(source.trim());
    for (const chunk of chunks.filter((c) => !c.gmOnly)) expect(chunk.content).not.toContain(':::');
  });

  it('never carries overlap sentences across a GM block boundary', () => {
    const blocks: ExtractedBlock[] = [
      ...Array.from({ length: 6 }, (_, i) => ({ ...p(sentence(i)), gm: true }) as ExtractedBlock),
      ...Array.from({ length: 6 }, (_, i) => p(sentence(100 + i))),
    ];
    const chunks = chunkDocument(doc(blocks), { targetTokens: 60, maxTokens: 100, overlapTokens: 30 });
    const shown = chunks
      .filter((c) => !c.gmOnly)
      .map((c) => c.content)
      .join('\n');
    for (let i = 0; i < 6; i++) expect(shown).not.toContain(`number ${i} `);
    expect(chunks.filter((c) => c.gmOnly).length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { contentPreview } from './documents';

describe('a document preview reads as words', () => {
  it('reads Markdown as the text it formats and leaves a saved document’s front matter out', () => {
    const saved = '---\ntitle: Captain Mirela Voss\ntype: character\n---\n\nCombat\n======\n\n**Mirela** captains the _Gull’s Promise_.\n\n- Fast\n- Loyal\n';
    expect(contentPreview(saved, 'md')).toBe('Combat Mirela captains the Gull’s Promise. Fast Loyal');
  });

  it('leaves :::gm marker lines out, and a text file as written', () => {
    expect(contentPreview('Harbour.\n:::gm\nThe spy.\n:::\nFog.', 'md')).toBe('Harbour. The spy. Fog.');
    expect(contentPreview('Combat\n======\n**bold**', 'txt')).toBe('Combat ====== **bold**');
  });
});

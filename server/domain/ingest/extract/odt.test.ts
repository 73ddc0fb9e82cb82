import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';
import { buildOdt } from './test-fixtures';

describe('odt extraction', () => {
  it('reads outline headings, paragraphs with spans and spaces, lists, tables and footnotes', async () => {
    const body = `
      <text:h text:outline-level="1">Traps</text:h>
      <text:p>Traps can be found <text:span>almost</text:span> anywhere.<text:s text:c="3"/>Really.<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>A footnote.</text:p></text:note-body></text:note></text:p>
      <text:h text:outline-level="3">Trap Effects</text:h>
      <text:list><text:list-item><text:p>Setback traps</text:p></text:list-item></text:list>
      <table:table>
        <table:table-header-rows><table:table-row><table:table-cell><text:p>Trap Danger</text:p></table:table-cell><table:table-cell><text:p>Save DC</text:p></table:table-cell></table:table-row></table:table-header-rows>
        <table:table-row><table:table-cell><text:p>Setback</text:p></table:table-cell><table:table-cell><text:p>10–11</text:p></table:table-cell></table:table-row>
      </table:table>
      <text:p>characters aren’t driven mad<office:annotation><text:p>reviewer comment</text:p></office:annotation> by horrors.</text:p>`;
    const doc = await extractDocument(buildOdt(body), 'traps.odt');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => (b.kind === 'heading' ? `${b.level}:${b.text}` : ''));
    expect(headings).toEqual(['1:Traps', '3:Trap Effects']);
    expect(doc.text).toContain('Traps can be found almost anywhere. Really.\n\nA footnote.');
    expect(doc.text).toContain('- Setback traps');
    expect(doc.text).toContain('Trap Danger | Save DC\nSetback | 10–11');
    expect(doc.text).toContain('characters aren’t driven mad by horrors.');
    expect(doc.text).not.toContain('reviewer comment');
  });
});

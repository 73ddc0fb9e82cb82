import { BlockBuilder } from './blocks';
import { errors } from './errors';
import { ParagraphWalk } from './paragraph-walk';
import { SafeZip } from './safe-zip';

/**
 * OpenDocument text: content.xml. text:h (with its outline level) becomes a heading, text:p a
 * paragraph, table:table-row a row (header rows from table:table-header-rows). Spaces (text:s),
 * tabs and line breaks are honoured; annotations and change-tracking records are skipped.
 * Footnote bodies, which sit inside a paragraph, are emitted after it.
 */

const SKIPPED = new Set([
  'office:annotation',
  'text:tracked-changes',
  'text:note-citation',
  'office:automatic-styles',
  'office:font-face-decls',
  'office:forms',
  'draw:image',
]);

export function extractOdtXml(xml: string, out: BlockBuilder): void {
  let inHeaderRows = false;
  let listDepth = 0;
  ParagraphWalk.run(
    xml,
    SKIPPED,
    {
      onopen(name, attribs, walk) {
        switch (name) {
          case 'text:h':
            return walk.openParagraph(Number(attribs['text:outline-level'] ?? '1') || 1, listDepth > 0);
          case 'text:p':
            return walk.openParagraph(undefined, listDepth > 0);
          case 'text:s':
            return walk.append(' '.repeat(Math.min(100, Math.max(1, Number(attribs['text:c'] ?? '1') || 1))));
          case 'text:tab':
            return walk.append('\t');
          case 'text:line-break':
            return walk.append('\n');
          case 'text:list':
            listDepth++;
            return;
          case 'table:table':
            return walk.openTable();
          case 'table:table-header-rows':
            if (walk.inOuterTable) inHeaderRows = true;
            return;
          case 'table:table-row':
            return walk.openRow();
          case 'table:table-cell':
            return walk.openCell();
        }
      },
      text: (data) => data.replace(/[\n\r\t]+/g, ' '),
      onclose(name, walk) {
        switch (name) {
          case 'text:h':
          case 'text:p':
            return walk.closeParagraph();
          case 'text:list':
            listDepth--;
            return;
          case 'table:table-cell':
            return walk.closeCell();
          case 'table:table-row':
            return walk.closeRow(inHeaderRows);
          case 'table:table-header-rows':
            if (walk.inOuterTable) inHeaderRows = false;
            return;
          case 'table:table':
            return walk.closeTable();
        }
      },
    },
    out,
  );
}

export function extractOdt(zip: SafeZip, out: BlockBuilder): void {
  if (!zip.has('content.xml')) throw errors.typeMismatch('odt', 'a zip archive without OpenDocument content');
  extractOdtXml(zip.readText('content.xml') ?? '', out);
}

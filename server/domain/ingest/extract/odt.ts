import { Parser } from 'htmlparser2';
import { BlockBuilder } from './blocks';
import { errors } from './errors';
import { SafeZip } from './safe-zip';

/**
 * OpenDocument text: content.xml. text:h (with its outline level) becomes a heading, text:p a
 * paragraph, table:table-row a row (header rows from table:table-header-rows). Spaces (text:s),
 * tabs and line breaks are honoured; annotations and change-tracking records are skipped.
 * Footnote bodies, which sit inside a paragraph, are emitted after it.
 */

const SKIPPED = new Set(['office:annotation', 'text:tracked-changes', 'text:note-citation', 'office:automatic-styles', 'office:font-face-decls', 'office:forms', 'draw:image']);

interface Block {
  text: string;
  level: number | undefined;
}

export function extractOdtXml(xml: string, out: BlockBuilder): void {
  const open: Block[] = [];
  const deferred: Block[] = [];
  const stack: boolean[] = [];
  let skipDepth = 0;
  let tableDepth = 0;
  let inHeaderRows = false;
  let cells: string[] = [];
  let cell: string[] | undefined;
  let listDepth = 0;

  const emit = (b: Block) => {
    if (cell && tableDepth > 0) cell.push(b.text);
    else if (b.level !== undefined) out.heading(b.text, b.level);
    else out.paragraph((listDepth > 0 ? '- ' : '') + b.text);
  };
  const append = (s: string) => {
    const top = open[open.length - 1];
    if (top) top.text += s;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const skip = skipDepth > 0 || SKIPPED.has(name);
        stack.push(skip);
        if (skip) {
          skipDepth++;
          return;
        }
        switch (name) {
          case 'text:h':
            open.push({ text: '', level: Number(attribs['text:outline-level'] ?? '1') || 1 });
            break;
          case 'text:p':
            open.push({ text: '', level: undefined });
            break;
          case 'text:s':
            append(' '.repeat(Math.min(100, Math.max(1, Number(attribs['text:c'] ?? '1') || 1))));
            break;
          case 'text:tab':
            append('\t');
            break;
          case 'text:line-break':
            append('\n');
            break;
          case 'text:list':
            listDepth++;
            break;
          case 'table:table':
            if (tableDepth === 0) out.endTable();
            tableDepth++;
            break;
          case 'table:table-header-rows':
            if (tableDepth === 1) inHeaderRows = true;
            break;
          case 'table:table-row':
            if (tableDepth === 1) cells = [];
            break;
          case 'table:table-cell':
            if (tableDepth === 1) cell = [];
            break;
        }
      },
      ontext(data) {
        if (skipDepth === 0) append(data.replace(/[\n\r\t]+/g, ' '));
      },
      onclosetag(name) {
        if (stack.pop()) {
          skipDepth--;
          return;
        }
        switch (name) {
          case 'text:h':
          case 'text:p': {
            const block = open.pop();
            if (!block) break;
            if (open.length > 0) deferred.push(block);
            else {
              emit(block);
              for (const d of deferred.splice(0)) emit(d);
            }
            break;
          }
          case 'text:list':
            listDepth--;
            break;
          case 'table:table-cell':
            if (tableDepth === 1 && cell) {
              cells.push(cell.join(' '));
              cell = undefined;
            }
            break;
          case 'table:table-row':
            if (tableDepth === 1) out.tableRow(cells, inHeaderRows || undefined);
            break;
          case 'table:table-header-rows':
            if (tableDepth === 1) inHeaderRows = false;
            break;
          case 'table:table':
            tableDepth--;
            if (tableDepth === 0) out.endTable();
            break;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
}

export function extractOdt(zip: SafeZip, out: BlockBuilder): void {
  if (!zip.has('content.xml')) throw errors.typeMismatch('odt', 'a zip archive without OpenDocument content');
  extractOdtXml(zip.readText('content.xml') ?? '', out);
}

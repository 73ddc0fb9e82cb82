import { Parser } from 'htmlparser2';
import { BlockBuilder } from './blocks';

/**
 * HTML (and the XHTML of EPUB chapters) to blocks. Scripts, styles and the head are dropped;
 * headings h1-h6 become heading blocks; block elements end paragraphs; rows of a table become
 * rows with cells joined by ' | ' (a table nested in a cell is read as that cell's text).
 * Nothing is fetched: links and images are ignored.
 */

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe', 'object', 'embed', 'canvas', 'select', 'button']);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'main',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'caption',
  'hr',
  'address',
  'details',
  'summary',
  'form',
  'fieldset',
  'legend',
  'body',
  'html',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const HEADING = /^h([1-6])$/;

interface Row {
  cells: string[];
  cell: string | undefined;
  allHeaderCells: boolean;
}

export function extractHtml(html: string, out: BlockBuilder, options: { xhtml?: boolean } = {}): void {
  const stack: boolean[] = [];
  let skipDepth = 0;
  let text = '';
  let listPrefix = '';
  let preDepth = 0;
  let headingLevel = 0;
  let tableDepth = 0;
  let inHead = false;
  let row: Row | undefined;

  const inCell = () => row?.cell !== undefined;
  const append = (s: string) => {
    if (row && row.cell !== undefined) row.cell += s;
    else text += s;
  };
  const flush = () => {
    if (text.trim()) {
      if (headingLevel) out.heading(text, headingLevel);
      else out.paragraph(listPrefix + text, { keepLines: preDepth > 0 });
      listPrefix = '';
    }
    text = '';
  };
  const endCell = () => {
    if (row && row.cell !== undefined) row.cells.push(row.cell);
    if (row) row.cell = undefined;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const skip = skipDepth > 0 || SKIP.has(name) || attribs.hidden !== undefined;
        stack.push(skip);
        if (skip) {
          skipDepth++;
          return;
        }
        const nested = tableDepth > 1 || (tableDepth === 1 && name === 'table');
        if (name === 'br') append('\n');
        else if (nested || (inCell() && BLOCK.has(name))) append(' ');
        else if (name === 'table') {
          flush();
          out.endTable();
        } else if (name === 'thead' && tableDepth === 1) inHead = true;
        else if (name === 'tr' && tableDepth === 1) {
          flush();
          row = { cells: [], cell: undefined, allHeaderCells: true };
        } else if ((name === 'td' || name === 'th') && tableDepth === 1) {
          flush();
          row ??= { cells: [], cell: undefined, allHeaderCells: true };
          endCell();
          row.cell = '';
          if (name === 'td') row.allHeaderCells = false;
        } else if (BLOCK.has(name)) {
          flush();
          if (name === 'li') listPrefix = '- ';
          else if (name === 'pre') preDepth++;
          else {
            const h = HEADING.exec(name);
            if (h) headingLevel = Number(h[1]);
          }
        }
        if (name === 'table') tableDepth++;
      },
      ontext(data) {
        if (skipDepth === 0) append(preDepth > 0 ? data : data.replace(/\s+/g, ' '));
      },
      onclosetag(name) {
        if (stack.pop()) {
          skipDepth--;
          return;
        }
        if (name === 'table') tableDepth--;
        const nested = tableDepth > 1 || (tableDepth === 1 && name === 'table');
        if (nested || (inCell() && BLOCK.has(name))) append(' ');
        else if (name === 'table') {
          flush();
          row = undefined;
          inHead = false;
          out.endTable();
        } else if (name === 'thead') inHead = false;
        else if ((name === 'td' || name === 'th') && tableDepth === 1) endCell();
        else if (name === 'tr' && tableDepth === 1 && row) {
          endCell();
          if (row.cells.length) out.tableRow(row.cells, inHead || row.allHeaderCells ? true : undefined);
          row = undefined;
        } else if (BLOCK.has(name)) {
          flush();
          if (HEADING.test(name)) headingLevel = 0;
          if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
          if (name === 'li') listPrefix = '';
        }
      },
    },
    { decodeEntities: true, recognizeSelfClosing: options.xhtml ?? false, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  out.endTable();
}

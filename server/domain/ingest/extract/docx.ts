import { Parser } from 'htmlparser2';
import { BlockBuilder } from './blocks';
import { errors } from './errors';
import { SafeZip, resolveZipPath } from './safe-zip';
import { walkXml } from './xml-walk';

/**
 * Word documents: the main part (found through _rels/.rels, usually word/document.xml) is
 * parsed as XML. Paragraphs (w:p) are built from runs (w:t, w:tab, w:br); the paragraph style
 * or outline level makes headings (style names are read from styles.xml, so localised
 * "Überschrift 1" works too); tables become rows of cells joined by ' | '.
 * Relationships are only used to find parts inside the archive: external targets are never read.
 * Deleted or moved-away text (w:delText, w:moveFrom), field codes (w:instrText) and fallback
 * copies (mc:Fallback) are skipped.
 */

const MAIN_DOCUMENT = 'word/document.xml';
const SKIPPED = new Set(['w:delText', 'w:instrText', 'w:moveFrom', 'mc:Fallback', 'w:rPr', 'w:commentReference', 'v:imagedata']);

export function mainDocumentPath(zip: SafeZip): string | undefined {
  const rels = zip.find('_rels/.rels') ? zip.readText('_rels/.rels') : undefined;
  let found: string | undefined;
  if (rels) {
    walkXml(rels, {
      onopentag(name, attribs) {
        const target = attribs.Target;
        if (found || name !== 'Relationship' || !target || !(attribs.Type ?? '').endsWith('/officeDocument')) return;
        if (attribs.TargetMode === 'External' || /^[a-z][a-z0-9+.-]*:/i.test(target)) return;
        const path = resolveZipPath('', target);
        if (zip.has(path)) found = path;
      },
    });
  }
  return found ?? (zip.has(MAIN_DOCUMENT) ? MAIN_DOCUMENT : undefined);
}

/** Style id → heading level, from the style names ("heading 1", "Title") and outline levels in styles.xml. */
export function headingStyles(stylesXml: string | undefined): Map<string, number> {
  const levels = new Map<string, number>();
  if (!stylesXml) return levels;
  let id: string | undefined;
  let styleName = '';
  let outline: number | undefined;
  walkXml(stylesXml, {
    onopentag(name, attribs) {
      if (name === 'w:style') {
        id = attribs['w:styleId'];
        styleName = '';
        outline = undefined;
      } else if (id && name === 'w:name') styleName = (attribs['w:val'] ?? '').toLowerCase();
      else if (id && name === 'w:outlineLvl') outline = Number(attribs['w:val']);
    },
    onclosetag(name) {
      if (name !== 'w:style' || !id) return;
      const named = /^heading\s*([1-9])$/.exec(styleName);
      if (named) levels.set(id, Number(named[1]));
      else if (styleName === 'title') levels.set(id, 1);
      else if (outline !== undefined && outline >= 0 && outline < 9) levels.set(id, outline + 1);
      id = undefined;
    },
  });
  return levels;
}

function styleLevel(styleId: string, styles: Map<string, number>): number | undefined {
  const known = styles.get(styleId);
  if (known !== undefined) return known;
  const m = /^heading\s*([1-9])$/i.exec(styleId);
  if (m) return Number(m[1]);
  return /^title$/i.test(styleId) ? 1 : undefined;
}

interface Paragraph {
  text: string;
  level: number | undefined;
  list: boolean;
}

export function extractDocxXml(xml: string, styles: Map<string, number>, out: BlockBuilder): void {
  const paragraphs: Paragraph[] = [];
  /** Blocks found inside a paragraph (text boxes) are emitted after it. */
  const deferred: (() => void)[] = [];
  let skipDepth = 0;
  let inText = false;
  let tableDepth = 0;
  let cells: string[] = [];
  let cell: string[] | undefined;
  let headerRow = false;
  const stack: boolean[] = [];

  const current = () => paragraphs[paragraphs.length - 1];
  const emitParagraph = (p: Paragraph) => {
    if (cell && tableDepth > 0) {
      cell.push(p.text);
      return;
    }
    if (p.level !== undefined) out.heading(p.text, p.level);
    else out.paragraph((p.list ? '- ' : '') + p.text);
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
          case 'w:p':
            paragraphs.push({ text: '', level: undefined, list: false });
            break;
          case 'w:pStyle': {
            const p = current();
            if (p) p.level = styleLevel(attribs['w:val'] ?? '', styles) ?? p.level;
            break;
          }
          case 'w:outlineLvl': {
            const p = current();
            const lvl = Number(attribs['w:val']);
            if (p && lvl >= 0 && lvl < 9) p.level = lvl + 1;
            break;
          }
          case 'w:numPr':
            if (current()) current().list = true;
            break;
          case 'w:t':
            inText = true;
            break;
          case 'w:tab':
          case 'w:ptab':
            if (current()) current().text += '\t';
            break;
          case 'w:br':
          case 'w:cr':
            if (current()) current().text += '\n';
            break;
          case 'w:noBreakHyphen':
            if (current()) current().text += '-';
            break;
          case 'w:tbl':
            if (tableDepth === 0) out.endTable();
            tableDepth++;
            break;
          case 'w:tr':
            if (tableDepth === 1) {
              cells = [];
              headerRow = false;
            }
            break;
          case 'w:tblHeader':
            if (tableDepth === 1) headerRow = attribs['w:val'] !== '0' && attribs['w:val'] !== 'false';
            break;
          case 'w:tc':
            if (tableDepth === 1) cell = [];
            break;
        }
      },
      ontext(data) {
        if (inText && skipDepth === 0 && current()) current().text += data;
      },
      onclosetag(name) {
        if (stack.pop()) {
          skipDepth--;
          return;
        }
        switch (name) {
          case 'w:t':
            inText = false;
            break;
          case 'w:p': {
            const p = paragraphs.pop();
            if (!p) break;
            if (paragraphs.length > 0) deferred.push(() => emitParagraph(p));
            else {
              emitParagraph(p);
              for (const emit of deferred.splice(0)) emit();
            }
            break;
          }
          case 'w:tc':
            if (tableDepth === 1 && cell) {
              cells.push(cell.join(' '));
              cell = undefined;
            }
            break;
          case 'w:tr':
            if (tableDepth === 1) out.tableRow(cells, headerRow || undefined);
            break;
          case 'w:tbl':
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

export function extractDocx(zip: SafeZip, out: BlockBuilder): void {
  const main = mainDocumentPath(zip);
  if (!main) throw errors.typeMismatch('docx', 'a zip archive without a Word document inside');
  zip.checkDeclared(main);
  const stylesPath = resolveZipPath(main, 'styles.xml');
  const styles = headingStyles(zip.has(stylesPath) ? zip.readText(stylesPath) : undefined);
  extractDocxXml(zip.readText(main) ?? '', styles, out);
}

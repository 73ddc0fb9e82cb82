import { BlockBuilder } from './blocks';
import { errors } from './errors';
import { ParagraphWalk } from './paragraph-walk';
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

export function extractDocxXml(xml: string, styles: Map<string, number>, out: BlockBuilder): void {
  let inText = false;
  let headerRow = false;
  ParagraphWalk.run(
    xml,
    SKIPPED,
    {
      onopen(name, attribs, walk) {
        const p = walk.current;
        switch (name) {
          case 'w:p':
            return walk.openParagraph();
          case 'w:pStyle':
            if (p) p.level = styleLevel(attribs['w:val'] ?? '', styles) ?? p.level;
            return;
          case 'w:outlineLvl': {
            const lvl = Number(attribs['w:val']);
            if (p && lvl >= 0 && lvl < 9) p.level = lvl + 1;
            return;
          }
          case 'w:numPr':
            if (p) p.list = true;
            return;
          case 'w:t':
            inText = true;
            return;
          case 'w:tab':
          case 'w:ptab':
            return walk.append('\t');
          case 'w:br':
          case 'w:cr':
            return walk.append('\n');
          case 'w:noBreakHyphen':
            return walk.append('-');
          case 'w:tbl':
            return walk.openTable();
          case 'w:tr':
            if (walk.inOuterTable) headerRow = false;
            return walk.openRow();
          case 'w:tblHeader':
            if (walk.inOuterTable) headerRow = attribs['w:val'] !== '0' && attribs['w:val'] !== 'false';
            return;
          case 'w:tc':
            return walk.openCell();
        }
      },
      text: (data) => (inText ? data : undefined),
      onclose(name, walk) {
        switch (name) {
          case 'w:t':
            inText = false;
            return;
          case 'w:p':
            return walk.closeParagraph();
          case 'w:tc':
            return walk.closeCell();
          case 'w:tr':
            return walk.closeRow(headerRow);
          case 'w:tbl':
            return walk.closeTable();
        }
      },
    },
    out,
  );
}

export function extractDocx(zip: SafeZip, out: BlockBuilder): void {
  const main = mainDocumentPath(zip);
  if (!main) throw errors.typeMismatch('docx', 'a zip archive without a Word document inside');
  zip.checkDeclared(main);
  const stylesPath = resolveZipPath(main, 'styles.xml');
  const styles = headingStyles(zip.has(stylesPath) ? zip.readText(stylesPath) : undefined);
  extractDocxXml(zip.readText(main) ?? '', styles, out);
}

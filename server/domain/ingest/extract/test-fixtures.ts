/** Small documents built in memory for the unit tests (no access to ../shared needed). */
import { Deflate, strToU8, zipSync } from 'fflate';

const encode = (s: string) => new TextEncoder().encode(s);

/**
 * A minimal valid PDF: one text line per entry, Helvetica 12, correct xref offsets. A line
 * starting with "# " is a heading: Helvetica-Bold 18, with a blank line after it; one starting
 * with "**" is set in Helvetica-Bold 12, as a run-in title. Each line sets its font, so a page
 * meets its fonts in the order of its lines.
 */
export function buildPdf(pages: string[][]): Uint8Array {
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pages.map((_, i) => `${5 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, i) => {
    const escaped = lines.map((line) => {
      const [, mark = '', words] = /^(# |\*\*)?(.*)$/s.exec(line) ?? [];
      const text = `(${words.replace(/[\\()]/g, (c) => `\\${c}`)})`;
      if (mark === '# ') return `/F2 18 Tf ${text} Tj T* T*`;
      return `${mark ? '/F2' : '/F1'} 12 Tf ${text} Tj T*`;
    });
    const stream = `BT 72 720 Td 14 TL\n${escaped.join('\n')}\nET`;
    objects[5 + i * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + i * 2} 0 R >>`;
    objects[6 + i * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = out.length;
    out += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++) out += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encode(out);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

export function buildDocx(bodyXml: string, stylesXml?: string): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${bodyXml}</w:body></w:document>`),
  };
  if (stylesXml) files['word/styles.xml'] = strToU8(`<?xml version="1.0"?><w:styles ${W}>${stylesXml}</w:styles>`);
  return zipSync(files);
}

/** A w:p with an optional paragraph style and runs. */
export function wp(text: string, style?: string): string {
  const pPr = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${pPr}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

export function buildOdt(bodyXml: string): Uint8Array {
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"><office:body><office:text>${bodyXml}</office:text></office:body></office:document-content>`;
  return zipSync({
    mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
    'content.xml': strToU8(content),
    'META-INF/manifest.xml': strToU8('<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>'),
  });
}

export function buildEpub(chapters: { id: string; body: string }[], spineOrder = chapters.map((c) => c.id)): Uint8Array {
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>${chapters
        .map((c) => `<item id="${c.id}" href="text/${c.id}.xhtml" media-type="application/xhtml+xml"/>`)
        .join('')}</manifest><spine>${spineOrder.map((id) => `<itemref idref="${id}"/>`).join('')}</spine></package>`,
    ),
  };
  for (const c of chapters) {
    files[`OEBPS/text/${c.id}.xhtml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${c.id}</title></head><body>${c.body}</body></html>`,
    );
  }
  return zipSync(files);
}

interface RawEntry {
  name: string;
  method: 0 | 8;
  data: Uint8Array;
  declaredSize: number;
}

/** A zip written field by field, so tests can state any uncompressed size they like. CRCs are left at 0. */
export function rawZip(entries: RawEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, e.method, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.declaredSize, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const cd = new Uint8Array(46 + name.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, e.method, true);
    cv.setUint32(20, e.data.length, true);
    cv.setUint32(24, e.declaredSize, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    cd.set(name, 46);
    parts.push(local, e.data);
    central.push(cd);
    offset += local.length + e.data.length;
  }
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  return concat([...parts, ...central, eocd]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Raw DEFLATE data that inflates to `megabytes` MB of 'A': one megabyte is compressed once,
 * sync-flushed to a byte boundary, repeated, and closed with an empty final block. Building a
 * 1 GiB bomb this way takes milliseconds and about one megabyte of memory.
 */
export function deflatedRepeats(megabytes: number): Uint8Array {
  const pieces: Uint8Array[] = [];
  const deflate = new Deflate({ level: 6 }, (chunk) => pieces.push(chunk));
  deflate.push(new Uint8Array(1024 * 1024).fill(0x41));
  deflate.flush(true);
  const unit = concat(pieces);
  const out = new Uint8Array(unit.length * megabytes + 2);
  for (let i = 0; i < megabytes; i++) out.set(unit, i * unit.length);
  out.set([0x03, 0x00], unit.length * megabytes);
  return out;
}

/** A docx whose word/document.xml inflates to `megabytes` MB but declares `declaredSize` (default: the truth). */
export function buildZipBombDocx(megabytes: number, declaredSize = megabytes * 1024 * 1024): Uint8Array {
  const stored = (name: string, text: string): RawEntry => ({ name, method: 0, data: encode(text), declaredSize: encode(text).length });
  return rawZip([
    stored('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    stored('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
    { name: 'word/document.xml', method: 8, data: deflatedRepeats(megabytes), declaredSize },
  ]);
}

/** A copy of a zip whose central directory (and local header) claim another uncompressed size for one entry. */
export function withDeclaredSize(zip: Uint8Array, entryName: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const name = encode(entryName);
  for (let p = 0; p + 46 < out.length; p++) {
    const sig = view.getUint32(p, true);
    if (sig !== 0x02014b50 && sig !== 0x04034b50) continue;
    const central = sig === 0x02014b50;
    const nameLength = view.getUint16(p + (central ? 28 : 26), true);
    const nameAt = p + (central ? 46 : 30);
    if (nameLength !== name.length || !name.every((b, i) => out[nameAt + i] === b)) continue;
    view.setUint32(p + (central ? 24 : 22), size, true);
  }
  return out;
}

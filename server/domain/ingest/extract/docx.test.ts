import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from './errors';
import { extractDocument, validateUpload } from './index';
import { buildDocx, buildZipBombDocx, wp } from './test-fixtures';

const styles = `
  <w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>
  <w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/></w:style>
  <w:style w:type="paragraph" w:styleId="Kapitel"><w:name w:val="Kapitel"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>`;

describe('docx extraction', () => {
  it('reads headings (from style names and outline levels), runs, tabs, breaks and tables', async () => {
    const body = [
      wp('Combat', 'berschrift1'),
      wp('Damage and Healing', 'berschrift2'),
      wp('Instant Death', 'Kapitel'),
      '<w:p><w:r><w:t>Massive damage can kill you </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>instantly</w:t></w:r><w:r><w:t>.</w:t></w:r></w:p>',
      '<w:p><w:r><w:t>Name</w:t><w:tab/><w:t>Value</w:t><w:br/><w:t>Second line</w:t></w:r></w:p>',
      '<w:p><w:r><w:delText>deleted words</w:delText><w:instrText>HYPERLINK "http://evil.invalid"</w:instrText><w:t>Kept words</w:t></w:r></w:p>',
      '<w:tbl><w:tr><w:tc>' + wp('Level') + '</w:tc><w:tc>' + wp('Effect') + '</w:tc></w:tr>',
      '<w:tr><w:tc>' + wp('1') + '</w:tc><w:tc>' + wp('Disadvantage on ability checks') + '</w:tc></w:tr></w:tbl>',
      wp('After the table.', 'Heading3'),
    ].join('');
    const doc = await extractDocument(buildDocx(body, styles), 'combat.docx');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.kind === 'heading' && b.level])).toEqual([
      ['Combat', 1],
      ['Damage and Healing', 2],
      ['Instant Death', 3],
      ['After the table.', 3],
    ]);
    expect(doc.text).toContain('Massive damage can kill you instantly.');
    expect(doc.text).toContain('Name Value Second line');
    expect(doc.text).toContain('Kept words');
    expect(doc.text).not.toContain('deleted words');
    expect(doc.text).not.toContain('HYPERLINK');
    const rows = doc.blocks.filter((b) => b.kind === 'table-row');
    expect(rows.map((r) => r.text)).toEqual(['Level | Effect', '1 | Disadvantage on ability checks']);
    expect(rows.map((r) => r.kind === 'table-row' && r.header)).toEqual([true, false]);
  });

  it('finds the main part through _rels/.rels and ignores external targets', async () => {
    const base = unzipSync(buildDocx(wp('Moved body text.')));
    const files = {
      ...base,
      '_rels/.rels': strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="x" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="http://attacker.invalid/doc.xml" TargetMode="External"/><Relationship Id="y" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/main.xml"/></Relationships>',
      ),
      'word/main.xml': base['word/document.xml'],
    };
    delete (files as Record<string, Uint8Array>)['word/document.xml'];
    const doc = await extractDocument(zipSync(files), 'moved.docx');
    expect(doc.text).toBe('Moved body text.');
  });

  it('refuses a zip bomb at upload from its declared size, without inflating', async () => {
    const bomb = buildZipBombDocx(100);
    let error: unknown;
    try {
      validateUpload(bomb, 'bomb.docx');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).code).toBe('archive_limits');
    expect((error as ExtractionError).rejectAtUpload).toBe(true);
    expect((error as ExtractionError).message).toBe('The archive expands to more than 50 MB; it looks like a zip bomb and was refused.');
  });

  it('stops a zip bomb that lies about its size while inflating', async () => {
    const liar = buildZipBombDocx(1024, 20_000);
    const error = await extractDocument(liar, 'liar.docx').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).code).toBe('archive_limits');
    expect((error as ExtractionError).rejectAtUpload).toBe(false);
  });

  it('refuses a zip that is not a Word document, and an old .doc', () => {
    expect(() => validateUpload(zipSync({ 'notes.txt': strToU8('hi') }), 'notes.docx')).toThrow(
      /does not match the \.docx type: this is not a Word document \(it looks like a zip archive without a Word document inside\)/,
    );
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(() => validateUpload(ole, 'old.docx')).toThrow(/old-style Office file such as \.doc; save it as \.docx/);
  });
});

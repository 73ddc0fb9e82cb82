import { strToU8, zipSync } from 'fflate';

const MB = 1024 * 1024;

/** A .docx whose word/document.xml inflates to `inflatedMb` megabytes of zeros. */
export function zipBombDocx(inflatedMb: number, options: { declaredSize?: number } = {}): Uint8Array {
  const zip = zipSync(
    {
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      'word/document.xml': new Uint8Array(inflatedMb * MB),
    },
    { level: 9 },
  );
  if (options.declaredSize !== undefined) lieAboutSize(zip, 'word/document.xml', options.declaredSize);
  return zip;
}

/** Rewrites an entry's uncompressed size in its local header and its central directory record. */
function lieAboutSize(zip: Uint8Array, name: string, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const nameBytes = strToU8(name);
  const nameAt = (offset: number) => nameBytes.every((b, i) => zip[offset + i] === b);
  let patched = 0;
  for (let offset = 0; offset + 46 < zip.length; offset++) {
    const signature = view.getUint32(offset, true);
    if (signature === 0x04034b50 && view.getUint16(offset + 26, true) === nameBytes.length && nameAt(offset + 30)) {
      view.setUint32(offset + 22, size, true);
      patched++;
    } else if (signature === 0x02014b50 && view.getUint16(offset + 28, true) === nameBytes.length && nameAt(offset + 46)) {
      view.setUint32(offset + 24, size, true);
      patched++;
    }
  }
  if (patched !== 2) throw new Error(`expected to patch 2 headers, patched ${patched}`);
}

import { decodeText, looksBinary } from './decode';
import { mainDocumentPath } from './docx';
import { errors } from './errors';
import { type AcceptedExtension, extensionOf, isAcceptedExtension } from './file-types';
import { isPdf } from './pdf';
import { isRtf } from './rtf';
import { SafeZip, isZip } from './safe-zip';
import { type ExtractLimits, resolveLimits } from './types';

const TEXT_TYPES = new Set<AcceptedExtension>(['txt', 'md', 'log', 'csv', 'json', 'xml', 'html', 'htm', 'tex']);
const SAMPLE_BYTES = 1024 * 1024;

const startsWith = (bytes: Uint8Array, ...magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** What a file's first bytes say it is, in words for a message; undefined when they say nothing. */
export function describeContent(bytes: Uint8Array): string | undefined {
  if (isPdf(bytes)) return 'a PDF file';
  if (isZip(bytes)) return 'a zip archive';
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return 'an old-style Office file such as .doc; save it as .docx';
  if (startsWith(bytes, 0x7f, 0x45, 0x4c, 0x46)) return 'a Linux program';
  if (startsWith(bytes, 0x4d, 0x5a)) return 'a Windows program';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return 'a PNG image';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'a JPEG image';
  if (startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) return 'a GIF image';
  if (startsWith(bytes, 0x1f, 0x8b)) return 'a gzip archive';
  if (startsWith(bytes, 0x52, 0x61, 0x72, 0x21)) return 'a RAR archive';
  if (startsWith(bytes, 0x37, 0x7a, 0xbc, 0xaf)) return 'a 7-Zip archive';
  if (isRtf(bytes)) return 'an RTF document';
  return undefined;
}

/** The start of a large file, cut back to a UTF-8 character boundary. */
function sample(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= SAMPLE_BYTES) return bytes;
  let end = SAMPLE_BYTES;
  while (end > SAMPLE_BYTES - 4 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/**
 * Checks that the content is what the extension says, without extracting it: magic bytes for
 * PDF, RTF and the zip formats (and, for those, the archive directory: the expected part must be
 * there and must not declare more than the limits allow); for text formats, that it is text.
 */
export function sniffContent(bytes: Uint8Array, ext: AcceptedExtension, limits?: Partial<ExtractLimits>): void {
  const seen = describeContent(bytes);
  switch (ext) {
    case 'pdf':
      if (!isPdf(bytes)) throw errors.typeMismatch(ext, seen);
      return;
    case 'rtf':
      if (!isRtf(bytes)) throw errors.typeMismatch(ext, seen);
      return;
    case 'docx':
    case 'odt':
    case 'epub': {
      if (!isZip(bytes)) throw errors.typeMismatch(ext, seen);
      const zip = SafeZip.open(bytes, ext, resolveLimits(limits), { atUpload: true });
      const main = ext === 'docx' ? mainDocumentPath(zip) : ext === 'odt' ? 'content.xml' : 'META-INF/container.xml';
      if (!main || !zip.has(main))
        throw errors.typeMismatch(
          ext,
          `a zip archive without ${ext === 'docx' ? 'a Word document' : ext === 'odt' ? 'OpenDocument content' : 'an EPUB package'} inside`,
        );
      zip.checkDeclared(main);
      return;
    }
  }
  if (TEXT_TYPES.has(ext)) {
    const { text } = decodeText(sample(bytes));
    // Magic bytes alone are weak evidence for text types ("MZ" can start a sentence), so they only name what binary data is.
    if (looksBinary(text)) throw seen ? errors.typeMismatch(ext, seen) : errors.notText(ext);
    if (text.trim() === '' && bytes.length <= SAMPLE_BYTES) throw errors.emptyFile();
  }
}

/** The cheap checks an upload can be refused on at once (type, emptiness, size, content sniffing). */
export function validateUpload(bytes: Uint8Array, filename: string, limits?: Partial<ExtractLimits>): AcceptedExtension {
  const ext = extensionOf(filename);
  if (!isAcceptedExtension(ext)) throw errors.unsupportedType(ext);
  if (bytes.length === 0) throw errors.emptyFile();
  const { maxFileBytes } = resolveLimits(limits);
  if (bytes.length > maxFileBytes) throw errors.tooLarge(bytes.length, maxFileBytes);
  sniffContent(bytes, ext, limits);
  return ext;
}

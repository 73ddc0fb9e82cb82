/**
 * Bytes to text for the text formats: UTF-8 (BOM stripped), UTF-16 with a BOM,
 * and otherwise Windows-1252, which is what "Latin-1" files from Windows really are.
 */

// The WHATWG decoder maps the five bytes Windows-1252 leaves undefined to their C1 code points, as browsers do.
const CP1252 = new TextDecoder('windows-1252');

export function decodeCp1252(bytes: Uint8Array): string {
  return CP1252.decode(bytes);
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function detectBom(bytes: Uint8Array): { encoding: TextEncodingName; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

function decodeUtf16(bytes: Uint8Array, bigEndian: boolean): string {
  const even = bytes.length - (bytes.length % 2);
  let data = bytes.subarray(0, even);
  if (bigEndian) {
    const swapped = new Uint8Array(even);
    for (let i = 0; i < even; i += 2) {
      swapped[i] = data[i + 1];
      swapped[i + 1] = data[i];
    }
    data = swapped;
  }
  return new TextDecoder('utf-16le').decode(data);
}

/** UTF-16 without a BOM: most ASCII characters leave a zero byte at every other position. */
function guessBomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return undefined;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) zeroEven++;
    if (bytes[i + 1] === 0) zeroOdd++;
  }
  const pairs = n / 2;
  if (zeroOdd > pairs * 0.4 && zeroEven < pairs * 0.05) return 'utf-16le';
  if (zeroEven > pairs * 0.4 && zeroOdd < pairs * 0.05) return 'utf-16be';
  return undefined;
}

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const bom = detectBom(bytes);
  const body = bom ? bytes.subarray(bom.length) : bytes;
  const encoding = bom?.encoding ?? guessBomlessUtf16(bytes);
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    return { text: decodeUtf16(body, encoding === 'utf-16be'), encoding };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: decodeCp1252(body), encoding: 'windows-1252' };
  }
}

/** UTF-8 unless a BOM says otherwise; for XML parts inside archives. */
export function decodeXml(bytes: Uint8Array): string {
  const bom = detectBom(bytes);
  if (bom?.encoding === 'utf-16le' || bom?.encoding === 'utf-16be') return decodeUtf16(bytes.subarray(2), bom.encoding === 'utf-16be');
  return new TextDecoder('utf-8').decode(bom ? bytes.subarray(bom.length) : bytes);
}

/**
 * True when decoded text is really binary: a NUL, or more than 2% control characters
 * (C0 other than tab/newline/CR/form feed/escape, C1, or replacement characters).
 */
export function looksBinary(text: string): boolean {
  const sample = text.length > 1_048_576 ? text.slice(0, 1_048_576) : text;
  if (sample.length === 0) return false;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) {
      bad++;
    }
  }
  return bad / sample.length > 0.02;
}

import { Inflate } from 'fflate';
import { decodeXml } from './decode';
import { ExtractionError, errors } from './errors';
import type { AcceptedExtension } from './file-types';
import type { ExtractLimits } from './types';

/**
 * A zip reader for untrusted archives (docx, odt, epub). It reads the central directory
 * itself, refuses archives with too many entries or entries that declare too much before
 * inflating anything, and while inflating it counts real output bytes, aborting as soon as an
 * entry exceeds its declared size or a limit (declared sizes can lie). Compressed input is fed
 * to fflate in 1 kB slices, so one step can produce at most about a megabyte (deflate's ratio is
 * bounded near 1032:1).
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

type ZipLimits = Pick<ExtractLimits, 'maxArchiveEntries' | 'maxEntryBytes' | 'maxTotalInflatedBytes'>;

/** The signatures that open each zip record (little-endian): the end of the central directory (and its zip64 form and locator), a central directory entry, a local header. */
const SIGNATURE = { eocd: 0x06054b50, eocd64Locator: 0x07064b50, eocd64: 0x06064b50, central: 0x02014b50, local: 0x04034b50 };
const INPUT_SLICE = 1024;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

export class SafeZip {
  readonly entries = new Map<string, ZipEntry>();
  /** Bytes inflated so far across all reads (for tests and logs). */
  inflatedBytes = 0;
  private reservedBytes = 0;
  private readonly view: DataView;

  private constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits,
    private readonly fileType: AcceptedExtension,
    private readonly atUpload: boolean,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Reads the central directory only: cheap enough to run on upload. */
  static open(bytes: Uint8Array, fileType: AcceptedExtension, limits: ZipLimits, options: { atUpload?: boolean } = {}): SafeZip {
    const zip = new SafeZip(bytes, limits, fileType, options.atUpload ?? false);
    zip.readDirectory();
    return zip;
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  find(name: string): ZipEntry | undefined {
    const exact = this.entries.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    for (const [key, entry] of this.entries) if (key.toLowerCase() === lower) return entry;
    return undefined;
  }

  /** Refuses, without inflating, an entry that declares more than the limits allow. */
  checkDeclared(name: string): void {
    const entry = this.find(name);
    if (!entry) return;
    if (entry.declaredSize > this.limits.maxEntryBytes) throw errors.archiveTooBig(this.limits.maxEntryBytes, this.atUpload);
    if (this.reservedBytes + entry.declaredSize > this.limits.maxTotalInflatedBytes) {
      throw errors.archiveTooBig(this.limits.maxTotalInflatedBytes, this.atUpload);
    }
  }

  read(name: string): Uint8Array | undefined {
    const entry = this.find(name);
    if (!entry) return undefined;
    this.checkDeclared(entry.name);
    this.reservedBytes += entry.declaredSize;
    if (entry.flags & 1) throw errors.encrypted(this.fileType);
    const data = this.compressedData(entry);
    if (entry.method === 0) {
      if (data.length > entry.declaredSize) throw errors.archiveSizeLie(entry.name);
      this.inflatedBytes += data.length;
      return data;
    }
    if (entry.method !== 8) throw errors.parse(this.fileType, new Error(`compression method ${entry.method}`));
    return this.inflate(entry, data);
  }

  readText(name: string): string | undefined {
    const data = this.read(name);
    return data && decodeXml(data);
  }

  private inflate(entry: ZipEntry, data: Uint8Array): Uint8Array {
    const chunks: Uint8Array[] = [];
    let produced = 0;
    let finished = false;
    const inflater = new Inflate((chunk, final) => {
      produced += chunk.length;
      this.inflatedBytes += chunk.length;
      if (produced > entry.declaredSize) throw errors.archiveSizeLie(entry.name);
      if (produced > this.limits.maxEntryBytes) throw errors.archiveTooBig(this.limits.maxEntryBytes, false);
      if (this.inflatedBytes > this.limits.maxTotalInflatedBytes) throw errors.archiveTooBig(this.limits.maxTotalInflatedBytes, false);
      if (chunk.length) chunks.push(chunk);
      if (final) finished = true;
    });
    try {
      for (let offset = 0; offset < data.length; offset += INPUT_SLICE) {
        const end = Math.min(offset + INPUT_SLICE, data.length);
        inflater.push(data.subarray(offset, end), end === data.length);
      }
      if (data.length === 0) inflater.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof ExtractionError) throw error;
      throw errors.damaged(this.fileType, error);
    }
    if (!finished || produced !== entry.declaredSize) throw errors.damaged(this.fileType);
    const out = new Uint8Array(produced);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  private compressedData(entry: ZipEntry): Uint8Array {
    const at = entry.localHeaderOffset;
    if (at + 30 > this.bytes.length || this.view.getUint32(at, true) !== SIGNATURE.local) throw errors.damaged(this.fileType);
    const start = at + 30 + this.view.getUint16(at + 26, true) + this.view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length) throw errors.damaged(this.fileType);
    return this.bytes.subarray(start, end);
  }

  private readDirectory(): void {
    const { bytes, view } = this;
    let eocd = -1;
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
      if (view.getUint32(i, true) === SIGNATURE.eocd) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw errors.damaged(this.fileType);
    let count = view.getUint16(eocd + 10, true);
    let dirSize = view.getUint32(eocd + 12, true);
    let dirOffset = view.getUint32(eocd + 16, true);
    if (count === 0xffff || dirOffset === 0xffffffff || dirSize === 0xffffffff) {
      const locator = eocd - 20;
      if (locator < 0 || view.getUint32(locator, true) !== SIGNATURE.eocd64Locator) throw errors.damaged(this.fileType);
      const at = Number(view.getBigUint64(locator + 8, true));
      if (at + 56 > bytes.length || view.getUint32(at, true) !== SIGNATURE.eocd64) throw errors.damaged(this.fileType);
      count = Number(view.getBigUint64(at + 32, true));
      dirSize = Number(view.getBigUint64(at + 40, true));
      dirOffset = Number(view.getBigUint64(at + 48, true));
    }
    if (count > this.limits.maxArchiveEntries) throw errors.archiveTooManyEntries(count, this.limits.maxArchiveEntries, this.atUpload);
    if (dirOffset + dirSize > bytes.length) throw errors.damaged(this.fileType);

    const names = new TextDecoder('utf-8');
    let p = dirOffset;
    for (let k = 0; k < count; k++) {
      if (p + 46 > bytes.length || view.getUint32(p, true) !== SIGNATURE.central) throw errors.damaged(this.fileType);
      const flags = view.getUint16(p + 8, true);
      const method = view.getUint16(p + 10, true);
      let compressedSize = view.getUint32(p + 20, true);
      let declaredSize = view.getUint32(p + 24, true);
      const nameLength = view.getUint16(p + 28, true);
      const extraLength = view.getUint16(p + 30, true);
      const commentLength = view.getUint16(p + 32, true);
      let localHeaderOffset = view.getUint32(p + 42, true);
      if (p + 46 + nameLength + extraLength > bytes.length) throw errors.damaged(this.fileType);
      const name = names.decode(bytes.subarray(p + 46, p + 46 + nameLength)).replace(/\\/g, '/');
      // Zip64: the real sizes live in extra field 0x0001, in this order, for the fields that overflowed.
      let e = p + 46 + nameLength;
      const extraEnd = e + extraLength;
      while (e + 4 <= extraEnd) {
        const id = view.getUint16(e, true);
        const size = view.getUint16(e + 2, true);
        if (id === 0x0001) {
          let f = e + 4;
          const read64 = () => {
            const value = f + 8 <= e + 4 + size ? Number(view.getBigUint64(f, true)) : 0;
            f += 8;
            return value;
          };
          if (declaredSize === 0xffffffff) declaredSize = read64();
          if (compressedSize === 0xffffffff) compressedSize = read64();
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = read64();
        }
        e += 4 + size;
      }
      if (!name.endsWith('/')) this.entries.set(name, { name, method, flags, compressedSize, declaredSize, localHeaderOffset });
      p = extraEnd + commentLength;
    }
  }
}

/** A path inside the archive, resolved against the folder of the part that refers to it. */
export function resolveZipPath(base: string, href: string): string {
  let target = href.split('#')[0].split('?')[0];
  try {
    target = decodeURIComponent(target);
  } catch {
    // A stray '%' is taken literally.
  }
  const parts = target.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

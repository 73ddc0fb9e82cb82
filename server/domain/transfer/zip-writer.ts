import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A zip written entry by entry into a stream, waiting whenever the reader is behind: memory
 * holds one part of one entry, however large the archive (fflate's Zip streams; the waiting is
 * ours). `write` is handed the writer and runs once the stream is being read.
 */
export class ZipStreamWriter {
  private readonly zip: Zip;
  private failed: Error | null = null;

  private constructor(private readonly out: PassThrough) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failed = error;
        out.destroy(error);
        return;
      }
      if (!out.destroyed) out.write(chunk);
      if (final) out.end();
    });
  }

  static stream(write: (zip: ZipStreamWriter) => Promise<void>, onError: (error: unknown) => void): Readable {
    const out = new PassThrough();
    const writer = new ZipStreamWriter(out);
    write(writer)
      .then(() => writer.zip.end())
      .catch((error: unknown) => {
        onError(error);
        // The reader sees a broken stream, never a zip that looks whole.
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return out;
  }

  /** A small entry (JSON), compressed. */
  async add(name: string, content: string | Uint8Array): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    entry.push(typeof content === 'string' ? new TextEncoder().encode(content) : content, true);
    await this.drained();
  }

  /**
   * A large entry from parts: stored as it is (originals such as PDFs are compressed already),
   * or compressed (a backup's rows).
   */
  async addParts(name: string, parts: AsyncIterable<Uint8Array>, options: { compress?: boolean; onPart?: (part: Uint8Array) => void } = {}): Promise<void> {
    const entry = options.compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(entry);
    for await (const part of parts) {
      options.onPart?.(part);
      entry.push(part);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    await this.drained();
  }

  private async drained(): Promise<void> {
    if (this.failed) throw this.failed;
    if (this.out.destroyed) throw new Error('the archive was no longer being read');
    if (this.out.writableNeedDrain) await Promise.race([once(this.out, 'drain'), once(this.out, 'close')]);
    if (this.out.destroyed) throw new Error('the archive was no longer being read');
  }
}

import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../extract/errors';
import { buildPdf } from '../extract/test-fixtures';
import { OfflineEmbedder } from '../../../ai/offline-embedder';
import { EMBEDDING_DIMENSIONS } from '../../../ai/types';
import { embeddingText } from '../vectors';
import { KEEP_READER_MAX_BYTES, keptReaderCount, largestMessageReceived, prepareOffThread, readersAtWork } from './off-thread';
import { PIECE_BYTES } from './packed';
import { prepareDocument } from './prepare';

const pdf = buildPdf([['The Vault of Ashes', 'Dragons sleep beneath the mountain.'], ['Page two speaks of the Ember Crown.']]);

describe('reading an upload in a child process', () => {
  it('gives back the text, the passages and the page progress', async () => {
    const pages: number[] = [];
    const prepared = await prepareOffThread(pdf, 'vault.pdf', { onProgress: (page) => pages.push(page) });
    expect(prepared.pageCount).toBe(2);
    expect(prepared.text).toContain('Ember Crown');
    expect(prepared.chunks.map((c) => c.page)).toEqual([1, 2]);
    expect(pages).toEqual([1, 2]);
  });

  it('embeds the passages with the offline embedder there when asked, as the server would have, and only then', async () => {
    const notes = Array.from(
      { length: 40 },
      (_, i) => `## Note ${i}\n\nThe ${i % 2 ? 'lich' : 'dragon'} keeps hoard number ${i} under the ${i % 3 ? 'keep' : 'marsh'}.`,
    ).join('\n\n');
    const bytes = new TextEncoder().encode(notes);
    const embedded = await prepareOffThread(bytes, 'notes.md', { embedOffline: true });
    const expected = await new OfflineEmbedder().embed(embedded.chunks.map(embeddingText), 'document');
    expect(embedded.chunks.length).toBeGreaterThan(1);
    const embedding = await embedded.offlineEmbedding;
    expect(embedding?.tokens).toBe(expected.tokens);
    expect(embedding?.vectors).toEqual(Float32Array.from(expected.vectors.flat()));
    expect(embedding?.vectors.length).toBe(embedded.chunks.length * EMBEDDING_DIMENSIONS);
    expect((await prepareOffThread(bytes, 'notes.md')).offlineEmbedding).toBeUndefined();
  });

  // Issue 39 item 8: a 50 MB text sent back as one message was held two or three times over on
  // each side (1.9 GB together). The document and its vectors cross in bounded pieces, whole.
  it('hands a large document and its vectors back in pieces of bounded size, nothing lost', { timeout: 180_000 }, async () => {
    const sections = Array.from(
      { length: 9000 },
      (_, i) => `## Hall ${i}\n\nThe warden of hall ${i} keeps the ${i}th key — «clé» ${'of the drowned keep '.repeat(50)}`,
    );
    const text = sections.join('\n\n');
    const bytes = new TextEncoder().encode(text);
    expect(bytes.byteLength).toBeGreaterThan(2 * PIECE_BYTES);
    const prepared = await prepareOffThread(bytes, 'halls.md', { embedOffline: true });
    const embedding = await prepared.offlineEmbedding;
    expect(largestMessageReceived()).toBeGreaterThan(0);
    expect(largestMessageReceived()).toBeLessThanOrEqual(PIECE_BYTES);
    // Exactly what reading it here gives.
    const direct = await prepareDocument(bytes, 'halls.md');
    expect(prepared.text).toBe(direct.text);
    expect([...prepared.textParts()]).toEqual([...direct.textParts()]);
    expect(prepared.chunks.length).toBeGreaterThan(1000);
    expect(prepared.chunks).toEqual(direct.chunks);
    expect(embedding?.vectors.length).toBe(prepared.chunks.length * EMBEDDING_DIMENSIONS);
    const last = prepared.chunks.length - 1;
    const expected = await new OfflineEmbedder().embed([embeddingText(prepared.chunks[last])], 'document');
    expect(embedding?.vectors.subarray(last * EMBEDDING_DIMENSIONS)).toEqual(Float32Array.from(expected.vectors[0]));
  });

  it('reuses its kept process for many jobs without piling up listeners on it', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 14; i++) {
        const prepared = await prepareOffThread(new TextEncoder().encode(`# Note ${i}\n\nThe ferryman owes ${i} silver.`), `note-${i}.md`);
        expect(prepared.text).toContain(`owes ${i} silver`);
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('keeps the process after a small file, and ends the one that read a large file', async () => {
    await prepareOffThread(new TextEncoder().encode('# Note\n\nThe ferryman owes silver.'), 'note.md');
    // Files that ran earlier in this test file may have left spares: count from what is kept now.
    const kept = keptReaderCount();
    expect(kept).toBeGreaterThanOrEqual(1);
    const line = 'The ferryman owes the river a silver coin for every crossing.\n';
    const large = new TextEncoder().encode(line.repeat(Math.ceil(KEEP_READER_MAX_BYTES / line.length) + 1));
    const prepared = await prepareOffThread(large, 'ledger.txt');
    expect(prepared.chunks.length).toBeGreaterThan(1);
    expect(keptReaderCount()).toBe(kept - 1);
  });

  it('ends a reading that runs past its time limit, and the next file is read by a fresh process', async () => {
    const error = await prepareOffThread(pdf, 'vault.pdf', { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toMatch(/^Reading the PDF file took longer than 1 ms and was stopped/);
    const again = await prepareOffThread(pdf, 'vault.pdf');
    expect(again.pageCount).toBe(2);
  });

  it('carries a reader error back with its code and message', async () => {
    const error = await prepareOffThread(new TextEncoder().encode('%PDF-1.7\nnot really a pdf'), 'broken.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).code).toBe('damaged');
  });

  it('ends the process when the job is cancelled', async () => {
    const controller = new AbortController();
    const pending = prepareOffThread(pdf, 'vault.pdf', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('Reading the file was cancelled.');
  });

  it('reads one file at a time: the next waits, is told so, and is read when the first is done', async () => {
    const events: string[] = [];
    let mostAtWork = 0;
    const watch = setInterval(() => (mostAtWork = Math.max(mostAtWork, readersAtWork())), 1);
    try {
      const note = new TextEncoder().encode('# The Ferry\n\nThe ferryman owes silver.');
      const [first, second] = await Promise.all([
        prepareOffThread(pdf, 'vault.pdf', { embedOffline: true, onWaiting: () => events.push('vault waits') }).then(async (prepared) => {
          await prepared.offlineEmbedding;
          events.push('vault read');
          return prepared;
        }),
        prepareOffThread(note, 'ferry.md', { onWaiting: () => events.push('ferry waits') }).then((prepared) => {
          events.push('ferry read');
          return prepared;
        }),
      ]);
      expect(first.text).toContain('Ember Crown');
      expect(second.text).toContain('owes silver');
      expect(events).toEqual(['ferry waits', 'vault read', 'ferry read']);
      expect(mostAtWork).toBe(1);
    } finally {
      clearInterval(watch);
    }
  });

  it('drops a file cancelled while it waits for its turn, and reads the ones behind it', async () => {
    const controller = new AbortController();
    const first = prepareOffThread(pdf, 'vault.pdf');
    const cancelled = prepareOffThread(pdf, 'vault-again.pdf', { signal: controller.signal, onWaiting: () => controller.abort() });
    const third = prepareOffThread(new TextEncoder().encode('# Ferry\n\nThe ferryman owes silver.'), 'ferry.md');
    await expect(cancelled).rejects.toThrow('Reading the file was cancelled.');
    expect((await first).pageCount).toBe(2);
    expect((await third).text).toContain('owes silver');
    expect(readersAtWork()).toBe(0);
  });

  it('stops a reading that needs more than its heap limit, and says so', async () => {
    const line = 'The ferryman owes the river a silver coin for every crossing.\n';
    const ledger = new TextEncoder().encode(line.repeat(Math.ceil((24 * 1024 * 1024) / line.length)));
    const error = await prepareOffThread(ledger, 'ledger.txt', { maxHeapMb: 32 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toBe(
      'Reading the text file needed more than 32 MB of memory and was stopped. Split it into smaller files and upload them separately.',
    );
  }, 120_000);
});

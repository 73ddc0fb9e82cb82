import { ExtractionError } from '../extract';
import { packDocument } from './packed';
import { offlineEmbeddingBatches, prepareDocument } from './prepare';
import type { FromReader, ToReader } from './messages';

/** The reading process's side (started by reader-process.ts): one request at a time, answered with the prepared document (then its offline vectors) or the error. */
const send = (message: FromReader) => process.send!(message);
/**
 * Resolves once the message has left. A large one is written over several turns of the event
 * loop, so work that holds the loop after it (making the vectors) would hold it up too: about
 * 50 ms for a 199-page PDF's document.
 */
const sent = (message: FromReader) => new Promise<void>((resolve) => process.send!(message, undefined, undefined, () => resolve()));
process.on('message', async (request: ToReader) => {
  try {
    const prepared = await prepareDocument(request.bytes, request.filename, {
      maxFileBytes: request.maxFileBytes,
      // The server ends this process when the time is up; PDF.js's own deadline is a second net.
      pdfTimeoutMs: request.timeoutMs,
      pdfReadingThreads: request.pdfReadingThreads,
      onProgress: (page, pageCount) => send({ kind: 'page', page, pageCount }),
      onChunking: () => send({ kind: 'chunking' }),
    });
    // The document goes first, in pieces (packed.ts): the server writes its passages while their vectors are made.
    const { head, pieces } = packDocument(prepared);
    await sent({ kind: 'prepared', head });
    for (const bytes of pieces()) await sent({ kind: 'bytes', bytes });
    if (request.embedOffline) for await (const embedding of offlineEmbeddingBatches(prepared.chunks)) await sent({ kind: 'vectors', embedding });
    send({ kind: 'done' });
  } catch (error) {
    if (error instanceof ExtractionError) {
      send({ kind: 'failed', code: error.code, message: error.message, rejectAtUpload: error.rejectAtUpload });
    } else {
      send({ kind: 'crashed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }
});
// The server went away (it stopped, or was killed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));

import { parentPort } from 'node:worker_threads';
import { ExtractionError } from '../extract';
import { packDocument } from './packed';
import { prepareDocument } from './prepare';
import type { FromWorker, ToWorker } from './messages';

/** The worker thread's side: one request at a time, answered with the prepared document or the error. */
const port = parentPort!;
port.on('message', async (request: ToWorker) => {
  const send = (message: FromWorker) => port.postMessage(message);
  try {
    const prepared = await prepareDocument(request.bytes, request.filename, {
      maxFileBytes: request.maxFileBytes,
      // The parent ends this thread when the time is up; PDF.js's own deadline is a second net.
      pdfTimeoutMs: request.timeoutMs,
      onProgress: (page, pageCount) => send({ kind: 'page', page, pageCount }),
      onChunking: () => send({ kind: 'chunking' }),
    });
    const { packed, transfer } = packDocument(prepared);
    port.postMessage({ kind: 'done', packed } satisfies FromWorker, transfer);
  } catch (error) {
    if (error instanceof ExtractionError) {
      send({ kind: 'failed', code: error.code, message: error.message, rejectAtUpload: error.rejectAtUpload });
    } else {
      send({ kind: 'crashed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  }
});

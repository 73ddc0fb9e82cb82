/**
 * The second thread reading a PDF (pdf-page-helper.ts starts it): it opens its own copy of the
 * document and reads the pages it is given, beside the thread that asked, which reads the others.
 */
import '../packages-as-published';
import { parentPort } from 'node:worker_threads';
import { type FromPageThread, SECOND_THREAD_FONTS, type ToPageThread } from './pdf-page-helper';
import { openPdf, type PdfTask, readPageLines } from './pdf-pages';

const port = parentPort!;
const send = (message: FromPageThread) => port.postMessage(message);

port.on('message', async (job: ToPageThread) => {
  let task: PdfTask | undefined;
  try {
    task = await openPdf(job.bytes);
    const pdf = await task.promise;
    for (let page = job.from; page <= job.to; page++) send({ kind: 'page', page, lines: await readPageLines(pdf, page, { fontSuffix: SECOND_THREAD_FONTS }) });
  } catch {
    // The asking thread reads this thread's pages again, and reports their problem itself.
  } finally {
    await task?.destroy().catch(() => undefined);
    send({ kind: 'ended' });
  }
});

import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { serverMarkdownReady } from '~/components/markdown/markdown';
import { latePartsReady } from '~/lib/late-part';

const ABORT_DELAY = 5_000;

/**
 * Remix's default Node entry, plus one step: every late part's code and the Markdown renderer are
 * loaded before a page is rendered (app/lib/late-part.tsx, markdown.tsx), so the HTML is whole at once.
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  await Promise.all([latePartsReady(), serverMarkdownReady]);
  // Bots and crawlers get the whole document at once; browsers get it as soon as the shell is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />, {
      onShellReady: waitForAll ? undefined : ready,
      onAllReady: waitForAll ? ready : undefined,
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell reject and are logged by Remix; later ones only here.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadRenderedParts } from '~/lib/late-part';

/**
 * With single fetch, the page's loader data comes inside the HTML and RemixBrowser suspends until
 * it is decoded. A key press or click during that wait makes React hydrate synchronously, and a
 * synchronous render that suspends has nowhere to wait: React error #345, and the page stays as
 * the server sent it (ADR 0236; remix-run/remix#10214). So the decoding is started and waited for
 * before hydration: RemixBrowser's first call, made here, starts it and throws its promise, as it
 * would inside React. Only while the data stream is still unread, so that call never gets further.
 */
async function pageDataDecoded(): Promise<void> {
  if (!window.__remixContext?.stream) return;
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

// Hydration starts once every late part the server rendered has its code (ADR 0185): a click or
// a keystroke meanwhile then never meets a part that is still loading. If one cannot load, the
// page stays as the server sent it, which works as it does without JavaScript.
Promise.all([loadRenderedParts(), pageDataDecoded()]).then(
  () => {
    // bench/pages counts every script fetched before this mark as the screen's "at load" JavaScript.
    performance.mark('tomekeeper:hydrate');
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    });
  },
  (error: unknown) => console.error('A part of this page could not load; it stays as the server sent it.', error),
);

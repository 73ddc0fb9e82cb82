import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadRenderedParts } from '~/lib/late-part';

// Hydration starts once every late part the server rendered has its code (ADR 0185): a click or
// a keystroke meanwhile then never meets a part that is still loading. If one cannot load, the
// page stays as the server sent it, which works as it does without JavaScript.
loadRenderedParts().then(
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

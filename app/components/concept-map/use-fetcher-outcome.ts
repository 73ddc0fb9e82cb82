import { useEffect, useRef, useState } from 'react';
import type { MapActionResult } from './map-action';

interface FetcherLike {
  state: 'idle' | 'submitting' | 'loading';
  data?: MapActionResult;
}

/**
 * What a form's fetcher came back with: the failure it answered (cleared when it sends again;
 * `posted` is the same failure answered to a plain post without JavaScript), and a callback
 * once per submission that went through (after its redirect and the page's new data).
 */
export function useFetcherOutcome(fetcher: FetcherLike, posted: MapActionResult | undefined, onSuccess: () => void): string | null {
  const [failure, setFailure] = useState<string | null>(posted?.error ?? null);
  const sent = useRef(false);
  const success = useRef(onSuccess);
  success.current = onSuccess;

  useEffect(() => {
    if (fetcher.data?.error) setFailure(fetcher.data.error);
  }, [fetcher.data]);
  useEffect(() => {
    if (fetcher.state === 'submitting') {
      sent.current = true;
      setFailure(null);
    } else if (fetcher.state === 'idle' && sent.current) {
      sent.current = false;
      if (!fetcher.data?.error) success.current();
    }
  }, [fetcher.state, fetcher.data]);
  return failure;
}

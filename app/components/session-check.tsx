import { useEffect, useState } from 'react';
import { apiFetch } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * The stored session is validated when the app starts in the browser; while it is, the
 * spec's message shows. A rejected session sends the user to /login (apiFetch does that).
 */
export function SessionCheck() {
  const hydrated = useHydrated();
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    let alive = true;
    apiFetch('/api/campaigns')
      .catch(() => {})
      .finally(() => alive && setChecking(false));
    return () => {
      alive = false;
    };
  }, []);
  // Without JavaScript nothing is checked in the browser (the server already did), so nothing shows.
  if (!hydrated || !checking) return null;
  return (
    <div className="session-check" role="status" aria-live="polite">
      Checking your adventurer credentials…
    </div>
  );
}

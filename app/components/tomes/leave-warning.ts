import { useBlocker } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * While uploads are pending, leaving the page (closing it, or a link to another page) asks for
 * confirmation. Drawn by the upload tracker only while something is pending, its code loading with
 * the first upload or job (ADR 0239).
 */
export function LeaveWarning({ pending }: { pending: number }): null {
  useEffect(() => {
    if (pending === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => pending > 0 && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm('Documents are still being processed. If you leave, you will not see when they finish. Leave this page?')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}

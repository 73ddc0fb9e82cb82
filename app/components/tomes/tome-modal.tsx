import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * A modal whose open state lives in the address: with JavaScript a native <dialog> (Escape or
 * × go back to `closeTo`), without it the same content as a section of the page.
 */
export function TomeModal({
  title,
  closeTo,
  className = '',
  testId,
  children,
}: {
  title: ReactNode;
  closeTo: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    if (hydrated && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [hydrated]);

  if (!hydrated) {
    return (
      <section className={`card tome-section ${className}`} aria-labelledby={titleId} data-testid={testId}>
        <div className="tome-section-header">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeTo} className="button secondary" preventScrollReset>
            Close
          </Link>
        </div>
        {children}
      </section>
    );
  }
  return (
    <dialog
      ref={dialog}
      className={`modal tome-modal ${className}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={() => navigate(closeTo, { replace: true, preventScrollReset: true })}
    >
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="close-button" aria-label="Close" onClick={() => dialog.current?.close()}>
          ×
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}

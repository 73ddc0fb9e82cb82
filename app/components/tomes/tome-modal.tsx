import { Link, useNavigate } from '@remix-run/react';
import { useCallback, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { readTypedFields, restoreTypedFields, type TypedFields } from '~/lib/typed-fields';
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

  // What was typed into the section before the page went live, read as the section leaves the page.
  const typed = useRef<TypedFields | null>(null);
  const section = useCallback((node: HTMLElement | null) => {
    if (node) sectionNode.current = node;
    else if (sectionNode.current) typed.current = readTypedFields(sectionNode.current);
  }, []);
  const sectionNode = useRef<HTMLElement | null>(null);

  // In the commit that swaps the section for the modal, so no keystroke falls between the two.
  useLayoutEffect(() => {
    if (!hydrated || !dialog.current) return;
    if (!dialog.current.open) dialog.current.showModal();
    // The modal replaces the section: the same fields, given back what was typed and the focus.
    if (typed.current) restoreTypedFields(dialog.current, typed.current);
    typed.current = null;
  }, [hydrated]);

  if (!hydrated) {
    return (
      <section ref={section} className={`card tome-section ${className}`} aria-labelledby={titleId} data-testid={testId}>
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

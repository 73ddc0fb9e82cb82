import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { mapHref } from './map-href';

interface MapDialogProps {
  /** Open while the address names it (…&select=1); closing goes to `closeHref`. */
  open: boolean;
  title: string;
  closeHref: string;
  testId: string;
  children: ReactNode;
}

/**
 * A panel of the concept map, opened by its address so links, the back button and the plain
 * forms all agree: a modal dialog with JavaScript, a card in the page without it.
 */
export function MapDialog({ open, title, closeHref, testId, children }: MapDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const id = `cm-dialog-${testId}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog element exists only once hydrated, so it opens then
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, hydrated]);

  if (!hydrated) {
    return open ? (
      <section className="card cm-panel" aria-labelledby={id} data-testid={testId}>
        <h2 id={id}>{title}</h2>
        {children}
      </section>
    ) : null;
  }
  return (
    <dialog
      ref={ref}
      className="modal cm-modal"
      aria-labelledby={id}
      data-testid={testId}
      onClose={() => open && navigate(closeHref, { preventScrollReset: true, replace: true })}
    >
      <div className="modal-header">
        <h2 id={id}>{title}</h2>
        <button type="button" className="close-button" aria-label="Close" onClick={() => ref.current?.close()}>
          ×
        </button>
      </div>
      {open && children}
    </dialog>
  );
}

/** A map panel's form footer: Cancel back to the map, then the form's own submit button. */
export function MapDialogFooter({ campaignId, children }: { campaignId: string; children: ReactNode }) {
  return (
    <div className="modal-footer">
      <Link className="button secondary" to={mapHref(campaignId)} preventScrollReset replace>
        Cancel
      </Link>
      {children}
    </div>
  );
}

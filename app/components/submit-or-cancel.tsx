import { Link } from '@remix-run/react';

/** A form's closing row: its submit button, then Cancel back to the page the form was opened from. */
export function SubmitOrCancel({
  label,
  className = 'primary',
  disabled,
  cancelTo,
  cancelClassName = 'button secondary',
  preventScrollReset,
}: {
  /** The button's text, already the pending one while the form posts. */
  label: string;
  className?: string;
  disabled?: boolean;
  cancelTo: string;
  cancelClassName?: string;
  preventScrollReset?: boolean;
}) {
  return (
    <div className="row">
      <button type="submit" className={className} disabled={disabled}>
        {label}
      </button>
      <Link className={cancelClassName} to={cancelTo} preventScrollReset={preventScrollReset}>
        Cancel
      </Link>
    </div>
  );
}

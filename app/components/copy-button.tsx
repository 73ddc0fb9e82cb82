import { useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';

/** Copies a value to the clipboard. Shown only once JavaScript runs: without it, the field is selectable. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setCopied('yes'),
          () => setCopied('failed'),
        )
      }
    >
      {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed: select and copy it' : label}
    </button>
  );
}

/** A value shown only once: a read-only field to select (without JavaScript) and its Copy button. */
export function CopyField({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  return (
    <div className="copy-field">
      <label>
        {label}
        <input readOnly value={value} data-testid={testId} />
      </label>
      <CopyButton value={value} label={copyLabel} />
    </div>
  );
}

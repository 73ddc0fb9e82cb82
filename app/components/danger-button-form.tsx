import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A list row's one-button form (Revoke, Remove): posts its intent and the row's id to the page's action. */
export function DangerButtonForm({ intent, name, value, label, children }: { intent: string; name: string; value: string; label: string; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" className="button danger" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

import type { FieldMetadata, FormMetadata } from '~/lib/forms';

/** A field's first error, beside it, described by its control (getInputProps' aria-describedby). */
export function FieldError({ field }: { field: FieldMetadata }) {
  if (!field.errors) return null;
  return (
    <span id={field.errorId} className="field-error small" role="alert">
      {field.errors[0]}
    </span>
  );
}

/** The form's own error (the domain's refusal, from the action), described by the form (getFormProps). */
export function FormError({ form }: { form: FormMetadata }) {
  if (!form.errors) return null;
  return (
    <p id={form.errorId} className="notice error" role="alert">
      {form.errors[0]}
    </p>
  );
}

/** A refusal given as a message (an action's or a fetcher's error), where no form carries it. */
export function ErrorNotice({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <p className="notice error" role="alert">
      {error}
    </p>
  );
}

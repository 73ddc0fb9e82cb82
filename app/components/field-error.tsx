import type { FieldMetadata } from '~/lib/forms';

/** A field's first error, beside it, described by its control (getInputProps' aria-describedby). */
export function FieldError({ field }: { field: FieldMetadata }) {
  if (!field.errors) return null;
  return (
    <span id={field.errorId} className="field-error small" role="alert">
      {field.errors[0]}
    </span>
  );
}

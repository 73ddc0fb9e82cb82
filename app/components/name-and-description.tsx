import { FieldError } from '~/components/field-error';
import { type FieldMetadata, getInputProps, getTextareaProps } from '~/lib/forms';

/** A name and an optional description: the fields a campaign and a Knowledge Tome are made of. */
export function NameAndDescriptionFields({
  nameLabel,
  fields,
  namePlaceholder,
  descriptionPlaceholder,
  autoFocus,
}: {
  nameLabel: string;
  fields: Record<'name' | 'description', FieldMetadata>;
  namePlaceholder?: string;
  descriptionPlaceholder?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <label>
        {nameLabel}
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" placeholder={namePlaceholder} autoFocus={autoFocus} />
        <FieldError field={fields.name} />
      </label>
      <label>
        Description <span className="muted small">(optional)</span>
        <textarea {...getTextareaProps(fields.description)} rows={3} placeholder={descriptionPlaceholder} />
        <FieldError field={fields.description} />
      </label>
    </>
  );
}

import { NEVER_EXPIRES } from '../../contract/expiry';
import { FieldError } from '~/components/field-error';
import { type FieldMetadata, getSelectProps } from '~/lib/forms';

/** An invite's or an API token's lifetime: each one the page offers, then Never. */
export function ExpiresField({ field, lifetimes }: { field: FieldMetadata; lifetimes: readonly { days: number; label: string }[] }) {
  return (
    <label>
      Expires
      <select {...getSelectProps(field)}>
        {lifetimes.map((lifetime) => (
          <option key={lifetime.days} value={lifetime.days}>
            In {lifetime.label}
          </option>
        ))}
        <option value={NEVER_EXPIRES}>Never</option>
      </select>
      <FieldError field={field} />
    </label>
  );
}

import { Form } from '@remix-run/react';
import type { Dataset } from '../../../server/domain/tomes';
import { labelOf, METADATA_CATEGORIES, METADATA_SOURCES, METADATA_TYPES } from '../../../contract/tomes';
import { ErrorNotice } from '~/components/field-error';
import { NameAndDescriptionFields } from '~/components/name-and-description';
import { SubmitOrCancel } from '~/components/submit-or-cancel';
import { tomeForm } from '~/lib/form-schemas';
import { getFormProps, useIsPending, useSchemaForm } from '~/lib/forms';
import { tomesUrl } from './tome-urls';

/** One of the metadata's lists (type, category, source) as a select, each value by its label. */
function MetadataSelect({ label, name, values, value }: { label: string; name: string; values: readonly string[]; value: string }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        {values.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CreateDatasetForm({ error }: { error?: string | null }) {
  const submitting = useIsPending('create-dataset');
  const [form, fields] = useSchemaForm('create-dataset', tomeForm);
  return (
    <Form method="post" action={tomesUrl({ create: 1 })} className="stack" aria-label="Create Knowledge Tome" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create-dataset" />
      <NameAndDescriptionFields
        nameLabel="Name"
        fields={fields}
        namePlaceholder="e.g. Ember Crown campaign notes"
        descriptionPlaceholder="What goes in this tome?"
        autoFocus
      />
      <p className="muted small">Type, category and tags are guessed from the name and description; change them any time with Metadata.</p>
      <ErrorNotice error={error ?? form.errors?.[0]} />
      <SubmitOrCancel label={submitting ? 'Creating…' : 'Create Knowledge Tome'} disabled={submitting} cancelTo={tomesUrl()} preventScrollReset />
    </Form>
  );
}

/**
 * The Metadata modal's one form: name, description, type, category, source, tags and the Official
 * D&D box, saved together by one button (a changed name is never lost to a second form's save).
 */
export function TomeDetailsForm({ dataset }: { dataset: Dataset }) {
  const submitting = useIsPending('update-tome');
  const { metadata } = dataset;
  const [form, fields] = useSchemaForm('update-tome', tomeForm, {
    id: `update-tome-${dataset.id}`,
    defaultValue: { name: dataset.name, description: dataset.description },
  });
  return (
    <Form method="post" action={tomesUrl({ metadata: dataset.id })} className="stack" aria-label="Knowledge Tome details" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update-tome" />
      <input type="hidden" name="dataset_id" value={dataset.id} />
      <NameAndDescriptionFields nameLabel="Name" fields={fields} />
      <div className="metadata-grid">
        <MetadataSelect label="Type" name="type" values={METADATA_TYPES} value={metadata.type} />
        <MetadataSelect label="Category" name="category" values={METADATA_CATEGORIES} value={metadata.category} />
        <MetadataSelect label="Source" name="source" values={METADATA_SOURCES} value={metadata.source} />
        <label>
          Version
          <input value={metadata.version} readOnly aria-readonly="true" className="readonly" />
        </label>
      </div>
      <label>
        Tags <span className="muted small">(comma separated)</span>
        <input name="tags" defaultValue={metadata.tags.join(', ')} placeholder="dragons, undead, city" autoComplete="off" />
      </label>
      <label className="checkbox">
        <input type="checkbox" name="is_official_dnd" defaultChecked={metadata.is_official_dnd} />
        Official D&amp;D material
      </label>
      <ErrorNotice error={form.errors?.[0]} />
      <SubmitOrCancel label={submitting ? 'Saving…' : 'Save'} disabled={submitting} cancelTo={tomesUrl()} preventScrollReset />
    </Form>
  );
}

export function DeleteDatasetForm({ dataset, error }: { dataset: Dataset; error?: string | null }) {
  const submitting = useIsPending('delete-dataset');
  return (
    <Form method="post" action={tomesUrl({ delete: dataset.id })} className="stack" aria-label="Delete Knowledge Tome">
      <input type="hidden" name="intent" value="delete-dataset" />
      <input type="hidden" name="dataset_id" value={dataset.id} />
      <p>
        Delete <strong>{dataset.name}</strong>
        {dataset.document_count > 0 && (
          <>
            {' '}
            and its {dataset.document_count} {dataset.document_count === 1 ? 'document' : 'documents'}
          </>
        )}
        ? Campaigns linked to it lose it too. <strong>This cannot be undone.</strong>
      </p>
      <ErrorNotice error={error} />
      <SubmitOrCancel label={submitting ? 'Deleting…' : 'Delete Knowledge Tome'} className="danger" disabled={submitting} cancelTo={tomesUrl()} preventScrollReset />
    </Form>
  );
}

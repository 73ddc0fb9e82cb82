import { Form, Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { GeneratedContent } from '../../../contract/content';
import { contentFilename } from '../../../contract/content-filename';
import type { contentSaveSchema } from '../../../contract/content-forms';
import { ErrorNotice } from '~/components/field-error';
import { getFormProps, getSelectProps, getTextareaProps, type useSchemaForm } from '~/lib/forms';
import { ResultFields } from './result-fields';
import { ContentMarkdown, FrontMatterSummary } from './content-markdown';
import type { ContentDataset, ResultRequest } from './types';

export interface ContentPreviewProps {
  result: GeneratedContent;
  request: ResultRequest;
  datasets: ContentDataset[];
  form: ReturnType<typeof useSchemaForm<typeof contentSaveSchema>>;
  error: string | undefined;
  pending: boolean;
  onReject(): void;
  hydrated: boolean;
  /** Without JavaScript, Reject is a link back to the result. */
  rejectHref: string;
  /** Without JavaScript the form posts here (the result's own address, so a failure shows beside it). */
  formAction: string;
  idPrefix: string;
}

/** The preview and save form: editable filename (saved with .md), the tome to save into, the rendered document. */
function PreviewBody(props: ContentPreviewProps) {
  const { result, request, datasets, error, pending, hydrated } = props;
  const [form, fields] = props.form;
  const finalName = contentFilename(fields.filename.value ?? '');
  return (
    <Form method="post" action={props.formAction} preventScrollReset className="content-preview-form" {...getFormProps(form)}>
      <ResultFields intent="save-content" request={request} result={result} />
      <div className="modal-body stack">
        <ErrorNotice error={error} />
        <div className="content-save-fields">
          <label htmlFor={fields.filename.id}>
            Filename
            <span className="filename-input">
              {/* A text area, so a long name wraps and reads whole; Enter saves, as in a one-line field. */}
              <textarea
                {...getTextareaProps(fields.filename)}
                className="filename-field"
                rows={1}
                maxLength={130}
                autoComplete="off"
                spellCheck={false}
                enterKeyHint="done"
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }}
              />
              <span aria-hidden="true">.md</span>
            </span>
          </label>
          <label htmlFor={fields.dataset_id.id}>
            Save to Knowledge Tome
            <select {...getSelectProps(fields.dataset_id)}>
              <option value="">Choose a Knowledge Tome…</option>
              {datasets.map((dataset) => (
                <option key={dataset.id} value={dataset.id}>
                  {dataset.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="small muted" data-testid="save-as">
          {finalName ? (
            <>
              Will be saved as <strong className="save-as-name">{finalName}</strong> and indexed at once, so the assistant can search and cite it.
            </>
          ) : (
            'Enter a filename.'
          )}
        </p>
        <FrontMatterSummary markdown={result.markdown} />
        <div className="content-preview-scroll" data-testid="markdown-preview">
          <ContentMarkdown markdown={result.markdown} />
        </div>
      </div>
      <div className="modal-footer">
        {hydrated ? (
          <button type="button" className="secondary" onClick={props.onReject} disabled={pending}>
            Reject
          </button>
        ) : (
          <Link className="button" to={props.rejectHref}>
            Reject
          </Link>
        )}
        <button type="submit" className="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Accept & Save to Dataset'}
        </button>
      </div>
    </Form>
  );
}

/**
 * With JavaScript a native dialog (opened by Preview Markdown, or by Add to Tomes with the
 * filename focused); without, the same form as a section of the page (?preview=1).
 */
export function ContentPreview(props: ContentPreviewProps & { open: 'preview' | 'save' | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const filenameId = props.form[1].filename.id;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
    if (props.open === 'save') document.getElementById(filenameId)?.focus();
  }, [props.open, filenameId]);

  const heading = <h2 id={`${props.idPrefix}-preview-title`}>Preview Markdown</h2>;
  if (!props.hydrated) {
    if (!props.open) return null;
    return (
      <section className="card content-preview-inline" aria-labelledby={`${props.idPrefix}-preview-title`}>
        <div className="modal-header">{heading}</div>
        <PreviewBody {...props} />
      </section>
    );
  }
  return (
    <dialog
      ref={dialog}
      className="modal content-preview-dialog"
      aria-labelledby={`${props.idPrefix}-preview-title`}
      onCancel={(event) => {
        event.preventDefault();
        props.onReject();
      }}
    >
      <div className="modal-header">
        {heading}
        <button type="button" className="close-button" aria-label="Close" onClick={props.onReject}>
          ×
        </button>
      </div>
      {props.open && <PreviewBody {...props} />}
    </dialog>
  );
}

import { Form, Link, useActionData } from '@remix-run/react';
import { useRef, useState, type DragEvent } from 'react';
import type { Dataset, DocumentSummary, JobStatus } from '../../../server/domain/tomes';
import { formatTokens, formatUploadDate, isActiveJobStatus, UPLOAD_ACCEPT } from '../../../contract/tomes';
import { useHydrated } from '~/lib/use-hydrated';
import type { TomeFailure } from './tome-actions.server';
import { fileUrl, tomesUrl } from './tome-urls';
import { UploadList } from './upload-list';
import { useUploadTracker } from './upload-tracker';
import { VisibilityBadge } from './gm-blocks-view';

interface ManageProps {
  dataset: Dataset;
  documents: DocumentSummary[];
  jobs: Array<JobStatus & { filename: string }>;
  maxUploadMb: number;
  deleteDocumentId: string | null;
}

/** Manage Documents: single and bulk upload, the uploads in flight, and the tome's documents. */
export function ManageDocuments({ dataset, documents, jobs, maxUploadMb, deleteDocumentId }: ManageProps) {
  const hydrated = useHydrated();
  const tracker = useUploadTracker();
  const [busy, setBusy] = useState(false);
  const failure = useActionData<TomeFailure | undefined>();
  const refused = failure?.intent === 'upload-document' ? failure : null;
  const deleting = deleteDocumentId ? documents.find((d) => d.id === deleteDocumentId) : undefined;
  // The tome's count is its ready documents; failed ones are listed apart, with their reason.
  const listed = documents.filter((d) => d.status !== 'failed');
  const failed = documents.filter((d) => d.status === 'failed');

  async function send(files: File[]) {
    if (files.length === 0) return;
    setBusy(true);
    // The modal stays open: each file's progress shows below, and the list of documents refreshes as each is ready.
    await tracker.upload(dataset.id, files, maxUploadMb);
    setBusy(false);
  }

  return (
    <div className="manage-documents">
      <p className="muted">
        {dataset.document_count} {dataset.document_count === 1 ? 'document' : 'documents'} · {formatTokens(dataset.total_tokens)} tokens. Up to {maxUploadMb} MB per
        file: PDF, Word (.docx), OpenDocument (.odt), EPUB, RTF, Markdown, text, HTML, LaTeX, CSV, JSON, XML or log files.
      </p>

      {deleting && !hydrated && (
        <section className="inline-panel" aria-label="Delete document">
          <DeleteDocumentForm dataset={dataset} document={deleting} />
        </section>
      )}

      <div className="upload-areas">
        <form
          method="post"
          action={tomesUrl({ manage: dataset.id })}
          encType="multipart/form-data"
          className="single-upload"
          aria-label="Single upload"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement;
            void send(Array.from(input.files ?? []));
            event.currentTarget.reset();
          }}
        >
          <input type="hidden" name="intent" value="upload-document" />
          <input type="hidden" name="dataset_id" value={dataset.id} />
          <label>
            Upload a document
            <input type="file" name="file" accept={UPLOAD_ACCEPT} required />
          </label>
          {refused && (
            <p className="upload-error" role="alert">
              {refused.error}
            </p>
          )}
          {refused?.duplicate && (
            <fieldset className="duplicate-choice">
              <legend>Choose the file again, then:</legend>
              <label className="checkbox">
                <input type="radio" name="duplicate" value="replace" defaultChecked /> Replace the document already in the tome
              </label>
              <label className="checkbox">
                <input type="radio" name="duplicate" value="keep" /> Keep both
              </label>
            </fieldset>
          )}
          <button type="submit" className="primary" disabled={busy}>
            Upload
          </button>
        </form>
        {hydrated && <DropZone disabled={busy} onFiles={(files) => void send(files)} />}
      </div>

      <details className="gm-markup-help small">
        <summary>Players and GM secrets</summary>
        <p>
          New documents are GM-only. <strong>Show to players</strong> lets the players of every campaign using this tome read the document and ask the assistant
          about it. In a Markdown, text or log document, put a line <code>:::gm</code> before a passage and a line <code>:::</code> after it to keep that passage for
          yourself: players never see, search, cite or map it. A block left open runs to the end of the document.
        </p>
      </details>
      <UploadList datasetId={dataset.id} maxUploadMb={maxUploadMb} />
      {!hydrated && jobs.length > 0 && <ServerJobList jobs={jobs} refreshTo={tomesUrl({ manage: dataset.id })} />}

      <h3 className="document-list-title">Documents</h3>
      {listed.length === 0 ? (
        <p className="muted empty-documents">No documents yet. Upload one above.</p>
      ) : (
        <ul className="document-list" data-testid="document-list">
          {listed.map((document) => (
            <DocumentRow key={document.id} dataset={dataset} document={document} />
          ))}
        </ul>
      )}
      {failed.length > 0 && (
        <>
          <h3 className="document-list-title">Failed documents</h3>
          <p className="muted small">Not counted and not searched. Each says why; delete it to dismiss, or fix the file and upload it again.</p>
          <ul className="document-list" data-testid="failed-document-list">
            {failed.map((document) => (
              <DocumentRow key={document.id} dataset={dataset} document={document} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <div
      className={`drop-zone${over ? ' over' : ''}`}
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>
        <strong>Bulk upload:</strong> drop files here, or{' '}
        <button type="button" className="link-like" onClick={() => input.current?.click()} disabled={disabled}>
          choose several
        </button>
        .
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        aria-label="Choose files for bulk upload"
        tabIndex={-1}
        onChange={(event) => {
          onFiles(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}

/** Without JavaScript the page shows the jobs the server knows, and refreshes itself while any runs. */
function ServerJobList({ jobs, refreshTo }: { jobs: Array<JobStatus & { filename: string }>; refreshTo: string }) {
  const running = jobs.some((job) => isActiveJobStatus(job.status));
  return (
    <div className="server-jobs">
      {running && (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      )}
      <ul className="upload-list" aria-label="Processing jobs">
        {jobs.map((job) => {
          const state = job.status === 'completed' ? 'completed' : job.status === 'failed' ? 'failed' : 'processing';
          return (
            <li key={job.id} className={`upload-entry state-${state}`} data-testid="job-entry" data-state={state}>
              <div className="upload-entry-head">
                <span className="upload-filename">{job.filename}</span>
                <span className={`badge upload-state state-${state}`}>{state[0].toUpperCase() + state.slice(1)}</span>
              </div>
              {state === 'processing' && (
                <div className="progress" aria-hidden="true">
                  <span style={{ width: `${job.progress}%` }} />
                </div>
              )}
              <p className={state === 'failed' ? 'upload-error' : 'upload-message muted small'}>
                {state === 'failed' ? `Processing failed: ${job.error || 'Unknown error'}` : `${job.progress_message} (${job.status})`}
              </p>
            </li>
          );
        })}
      </ul>
      {running && (
        <Link to={refreshTo} className="button secondary">
          Refresh status
        </Link>
      )}
    </div>
  );
}

function DocumentRow({ dataset, document }: { dataset: Dataset; document: DocumentSummary }) {
  const hydrated = useHydrated();
  const confirm = useRef<HTMLDialogElement>(null);
  const details = [
    document.status === 'ready' ? `${formatTokens(document.token_count)} tokens` : null,
    document.page_count ? `${document.page_count} pages` : null,
    formatUploadDate(document.upload_date),
  ].filter(Boolean);
  return (
    <li className={`document-row status-${document.status}`} data-testid="document-row" aria-label={document.filename}>
      <span className="badge doc-type">{document.file_type.toUpperCase()}</span>
      <div className="document-main">
        <Link to={tomesUrl({ manage: dataset.id, dataset: dataset.id, document: document.id })} className="document-name" preventScrollReset>
          {document.filename}
        </Link>
        <span className="muted small">{details.join(' · ')}</span>
        <VisibilityBadge shown={document.player_visible} hasGmBlocks={document.has_gm_blocks} />
        {document.status === 'processing' && <span className="badge status-processing">Processing</span>}
        {document.status === 'failed' && (
          <span className="document-error small">
            <span className="badge status-failed">Failed</span> {document.error}
          </span>
        )}
        {document.content_preview && <span className="document-preview small">{document.content_preview}</span>}
      </div>
      <div className="document-actions">
        <VisibilityForm dataset={dataset} document={document} />
        <a href={fileUrl(dataset.id, document.id)} className="button secondary small-button" download>
          Download
        </a>
        {hydrated ? (
          <button type="button" className="danger small-button" onClick={() => confirm.current?.showModal()} aria-label={`Delete ${document.filename}`}>
            Delete
          </button>
        ) : (
          <Link
            to={tomesUrl({ manage: dataset.id, delete_document: document.id })}
            className="button danger small-button"
            aria-label={`Delete ${document.filename}`}
          >
            Delete
          </Link>
        )}
      </div>
      {hydrated && (
        <dialog ref={confirm} className="modal confirm-modal" aria-label="Delete document">
          <div className="modal-body">
            <DeleteDocumentForm dataset={dataset} document={document} onCancel={() => confirm.current?.close()} />
          </div>
        </dialog>
      )}
    </li>
  );
}

/** Shows the document to players or makes it GM-only again: a plain form, with JavaScript on or off. */
function VisibilityForm({ dataset, document }: { dataset: Dataset; document: DocumentSummary }) {
  const show = !document.player_visible;
  return (
    <Form method="post" action={tomesUrl({ manage: dataset.id })} preventScrollReset>
      <input type="hidden" name="intent" value="set-visibility" />
      <input type="hidden" name="dataset_id" value={dataset.id} />
      <input type="hidden" name="document_id" value={document.id} />
      <input type="hidden" name="player_visible" value={show ? 'true' : 'false'} />
      <button type="submit" className="secondary small-button" aria-label={`${show ? 'Show' : 'Hide'} ${document.filename} ${show ? 'to' : 'from'} players`}>
        {show ? 'Show to players' : 'Make GM-only'}
      </button>
    </Form>
  );
}

function DeleteDocumentForm({ dataset, document, onCancel }: { dataset: Dataset; document: DocumentSummary; onCancel?: () => void }) {
  return (
    <Form method="post" action={tomesUrl({ manage: dataset.id })} className="stack" preventScrollReset>
      <input type="hidden" name="intent" value="delete-document" />
      <input type="hidden" name="dataset_id" value={dataset.id} />
      <input type="hidden" name="document_id" value={document.id} />
      <p>
        Delete <strong>{document.filename}</strong> from {dataset.name}? Its passages leave the assistant’s search too.
      </p>
      <div className="row">
        <button type="submit" className="danger">
          Delete Document
        </button>
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to={tomesUrl({ manage: dataset.id })} className="button secondary">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

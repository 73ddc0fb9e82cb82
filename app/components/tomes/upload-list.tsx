import type { DuplicateChoice } from '../../../contract/tomes';
import { useUploadTracker, type TrackedUpload, type UploadState } from './upload-tracker';

const STATE_LABELS: Record<UploadState, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** The list of uploads (all, or one tome's), each with its state, progress bar and message. */
export function UploadList({ datasetId, names, maxUploadMb }: { datasetId?: string; names?: Map<string, string>; maxUploadMb?: number }) {
  const { entries, dismiss, upload } = useUploadTracker();
  const shown = datasetId ? entries.filter((entry) => entry.datasetId === datasetId) : entries;
  if (shown.length === 0) return null;
  const resend = (entry: TrackedUpload, choice: DuplicateChoice) => {
    dismiss(entry.key);
    void upload(entry.datasetId, [entry.duplicateOf!], maxUploadMb!, choice);
  };
  // Once every file is sent, leaving loses nothing: the server does the rest.
  const sent = shown.some((entry) => entry.state === 'processing') && !shown.some((entry) => entry.state === 'uploading');
  return (
    <>
      {datasetId && sent && (
        <p className="muted small" data-testid="upload-list-note">
          The files are on the server and processed there: you can close this window or leave the page, and the work continues.
        </p>
      )}
      <ul className="upload-list" aria-label="Uploads" data-testid="upload-list">
        {shown.map((entry) => (
          <li key={entry.key} className={`upload-entry state-${entry.state}`} data-testid="upload-entry" data-state={entry.state}>
            <div className="upload-entry-head">
              <span className="upload-filename">{entry.filename}</span>
              {names && !datasetId && <span className="muted small">in {names.get(entry.datasetId) ?? 'a tome'}</span>}
              <span className={`badge upload-state state-${entry.state}`}>{STATE_LABELS[entry.state]}</span>
            </div>
            {(entry.state === 'uploading' || entry.state === 'processing') && (
              <div
                className="progress"
                role="progressbar"
                aria-label={`${entry.filename} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={entry.progress}
              >
                <span style={{ width: `${entry.progress}%` }} />
              </div>
            )}
            {entry.state === 'failed' ? (
              <>
                <p className="upload-error" role="alert">
                  {entry.error}
                </p>
                {entry.jobId && (
                  <p className="muted small">It stays under Failed documents with its reason: delete it there, or fix the file and upload it again.</p>
                )}
                {!entry.jobId && (
                  <div className="row upload-choices">
                    {entry.duplicateOf && maxUploadMb && (
                      <>
                        <button type="button" className="secondary small-button" onClick={() => resend(entry, 'replace')}>
                          Replace
                        </button>
                        <button type="button" className="secondary small-button" onClick={() => resend(entry, 'keep')}>
                          Keep both
                        </button>
                      </>
                    )}
                    <button type="button" className="link-like small" onClick={() => dismiss(entry.key)} aria-label={`Dismiss ${entry.filename}`}>
                      Dismiss
                    </button>
                  </div>
                )}
              </>
            ) : (
              <p className="upload-message muted small">
                {entry.state === 'uploading' ? `Uploading… ${entry.progress}%` : entry.message}
                {entry.state === 'processing' && entry.status && <span className="upload-status"> · {entry.status}</span>}
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Above the dashboard's tabs: the processing banner and every upload in flight. */
export function UploadTrackerStatus({ names }: { names?: Map<string, string> }) {
  const { entries, pending } = useUploadTracker();
  if (entries.length === 0) return null;
  return (
    <section className="upload-status-panel" aria-label="Document processing">
      {pending > 0 && (
        <p className="notice info processing-banner" role="status" data-testid="processing-banner">
          <span className="spinner" aria-hidden="true" />
          Processing {pending} {pending === 1 ? 'document' : 'documents'} on the server: the work continues if you leave this page or close it.
        </p>
      )}
      <UploadList names={names} />
    </section>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Dataset, DocumentDetail, JobStatus } from '../../../server/domain/tomes';
import { wrapInGmBlock } from '../../../contract/gm-block-wrap';
import { isMarkdownType } from '../../../contract/tomes';
import { JOB_TIMING } from '../../../contract/job-timing';
import { ApiError, apiFetch } from '~/lib/api-client';
import { MarkdownView } from './markdown-view';
import { PlainText } from './plain-text';

type Save = { state: 'idle' } | { state: 'saving'; progress: number; message: string };

interface EditorProps {
  dataset: Dataset;
  document: DocumentDetail;
  /** The text shown in view mode: the draft starts from it, and Save is enabled once the draft differs. */
  shown: string;
  /** The name the edited text is saved under. */
  newName: string;
  gmBlocks: boolean;
  /** The viewer's notices and its editing notes, drawn in their places in edit mode. */
  notice: ReactNode;
  notes: ReactNode;
  onSaved(text: string): void;
  onCancel(): void;
}

/**
 * The text viewer's edit mode with JavaScript: the editor, Save (a new version through the
 * documents API, followed to the end of its job), Mark GM-only and Cancel. Its code loads when
 * Edit is pointed at or pressed (ADR 0239); the viewer keeps what is shown.
 */
export function DocumentEditor({ dataset, document, shown, newName, gmBlocks, notice, notes, onSaved, onCancel }: EditorProps) {
  const [draft, setDraft] = useState(shown);
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const changed = draft !== shown;

  /** Mark GM-only: the blocks the selection (or the cursor) touches go whole inside one `:::gm` block. */
  const markGmOnly = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const wrapped = wrapInGmBlock(draft, { start: editor.selectionStart, end: editor.selectionEnd }, document.file_type);
    if (!wrapped) return;
    setDraft(wrapped.text);
    selectAfterRender.current = wrapped.selection;
  };
  const selectAfterRender = useRef<{ start: number; end: number } | null>(null);
  useEffect(() => {
    const selection = selectAfterRender.current;
    if (!selection || !editorRef.current) return;
    selectAfterRender.current = null;
    editorRef.current.focus();
    editorRef.current.setSelectionRange(selection.start, selection.end);
  });

  async function saveDraft() {
    setError(null);
    setSave({ state: 'saving', progress: 0, message: 'Saving…' });
    try {
      const form = new FormData();
      form.append('file', new File([draft], newName, { type: 'text/plain' }));
      form.append('update_existing', 'true');
      form.append('document_id', document.id);
      const { job_id } = await apiFetch<{ job_id: string }>(`/api/datasets/${dataset.id}/documents/${document.id}`, { method: 'PUT', body: form });
      const job = await watchJob(job_id, (progress, message) => alive.current && setSave({ state: 'saving', progress, message }));
      if (!alive.current) return;
      if (job.status === 'failed') throw new Error(job.error || 'Unknown error');
      onSaved(draft);
    } catch (cause) {
      if (alive.current) setError(`Failed to save document: ${cause instanceof Error ? cause.message : 'Unknown error'}`);
    } finally {
      if (alive.current) setSave({ state: 'idle' });
    }
  }

  return (
    <>
      <div className="text-toolbar">
        <button type="button" className="primary" onClick={() => void saveDraft()} disabled={!changed || save.state === 'saving'}>
          {save.state === 'saving' ? 'Saving…' : 'Save'}
        </button>
        {gmBlocks && (
          <button
            type="button"
            className="secondary"
            onClick={markGmOnly}
            title="Wrap the selected paragraphs or list items in a :::gm block: players never see them"
          >
            Mark GM-only
          </button>
        )}
        <button type="button" className="secondary" disabled={save.state === 'saving'} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {notice}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {save.state === 'saving' && (
        <div className="save-progress" role="status">
          <div className="progress" aria-hidden="true">
            <span style={{ width: `${save.progress}%` }} />
          </div>
          <span className="muted small">{save.message}</span>
        </div>
      )}
      {notes}
      <textarea
        ref={editorRef}
        className="document-editor"
        aria-label="Document text"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        spellCheck
        autoFocus
      />
      <section className="editor-preview" aria-label="Preview" data-testid="editor-preview">
        <h3 className="muted small">Preview</h3>
        {isMarkdownType(document.file_type) ? (
          <div className="document-text rendered">
            <MarkdownView text={draft} />
          </div>
        ) : (
          <PlainText text={draft} highlight={null} fileType={document.file_type} />
        )}
      </section>
    </>
  );
}

/** Follows a processing job with the spec's timing until it ends (a network error waits 5 s). */
async function watchJob(jobId: string, onProgress: (progress: number, message: string) => void): Promise<JobStatus> {
  let wait: number = JOB_TIMING.firstPoll;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const job = await apiFetch<JobStatus>(`/api/jobs/${jobId}/status`);
      if (job.status === 'completed' || job.status === 'failed') return job;
      onProgress(job.progress, job.progress_message);
      wait = JOB_TIMING.poll;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      wait = JOB_TIMING.retryAfterError;
    }
  }
}

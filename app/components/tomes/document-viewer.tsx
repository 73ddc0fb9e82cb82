import { Form, Link, useActionData, useRevalidator } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { DocumentChatMessage } from '../../../server/domain/chat';
import type { Dataset, DocumentDetail, JobStatus } from '../../../server/domain/tomes';
import { splitAtRange, type QuoteRange } from '../../../contract/citation-target';
import { GM_BLOCK_CLOSE, GM_BLOCK_OPEN, hasGmBlockSupport, holdsGmBlocks } from '../../../contract/gm-blocks';
import { editedFilename, isMarkdownType, JOB_TIMING, NOTICE_MS, sizeBadge } from '../../../contract/tomes';
import { DocumentAssistantPanel } from '~/components/document-chat/document-assistant-panel';
import { ApiError, apiFetch } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';
import { MarkdownView } from './markdown-view';
import type { TomeFailure } from './tome-actions.server';
import { fileUrl, tomesUrl } from './tome-urls';
import { CITATION_MARK_CLASS, useScrollToMark } from './use-scroll-to-mark';

// The PDF mode (and through it PDF.js) is its own chunk, fetched only when a PDF is opened.
const PdfViewer = lazy(() => import('./pdf-viewer').then((module) => ({ default: module.PdfViewer })));

interface ViewerProps {
  dataset: Dataset;
  document: DocumentDetail;
  initialPage: number | null;
  /** A citation's quote (character offsets in the content): shown marked, scrolled to. */
  highlight?: QuoteRange | null;
  /** Edit mode asked for in the address (the no-JavaScript editor). */
  editing: boolean;
  manageId: string | null;
  conversation: { id: string; messages: DocumentChatMessage[] } | null;
}

/** The document viewer: PDF or text/markdown mode, the size badge, and the Document Assistant beside it. */
export function DocumentViewer({ dataset, document, initialPage, highlight = null, editing, manageId, conversation }: ViewerProps) {
  const hydrated = useHydrated();
  const isPdf = document.file_type === 'pdf';
  return (
    <div className="document-viewer" data-testid="document-viewer">
      <div className="viewer-meta">
        <span className="badge doc-type">{document.file_type.toUpperCase()}</span>
        <span className="badge size-badge" data-testid="size-badge" title="Length of the extracted text">
          {sizeBadge(document.content.length)}
        </span>
        {document.page_count && <span className="muted small">{document.page_count} pages</span>}
        <span className="muted small">in {dataset.name}</span>
        <span className="spacer" />
        <a className="button secondary small-button" href={fileUrl(dataset.id, document.id)} download>
          Download original
        </a>
      </div>
      {document.status === 'processing' && (
        <p className="notice info" role="status">
          This document is being processed; its text appears here when processing completes.
        </p>
      )}
      {document.status === 'failed' && (
        <p className="notice error" role="alert">
          Processing failed: {document.error || 'Unknown error'}
        </p>
      )}
      <div className="viewer-body">
        <div className="viewer-main">
          {isPdf && hydrated ? (
            <Suspense fallback={<p className="muted">Opening the PDF…</p>}>
              <PdfViewer
                url={fileUrl(dataset.id, document.id, true)}
                downloadUrl={fileUrl(dataset.id, document.id)}
                initialPage={initialPage}
                quote={highlight ? document.content.slice(highlight.start, highlight.end) : null}
              />
            </Suspense>
          ) : isPdf ? (
            <NoScriptPdf dataset={dataset} document={document} highlight={highlight} />
          ) : (
            <TextMode dataset={dataset} document={document} highlight={highlight} editing={editing} manageId={manageId} />
          )}
        </div>
        {/* The Document Assistant (app/components/document-chat) answers questions about this document. */}
        <div className="viewer-aside">
          <DocumentAssistantPanel
            action={tomesUrl({ manage: manageId, dataset: dataset.id, document: document.id, page: initialPage })}
            datasetId={dataset.id}
            documentId={document.id}
            filename={document.filename}
            conversation={conversation}
          />
        </div>
      </div>
    </div>
  );
}

/** Without JavaScript a PDF opens in the browser's own viewer; its extracted text shows here. */
function NoScriptPdf({ dataset, document, highlight }: { dataset: Dataset; document: DocumentDetail; highlight: QuoteRange | null }) {
  return (
    <div className="pdf-noscript">
      <p className="row">
        <a className="button primary" href={fileUrl(dataset.id, document.id, true)} target="_blank" rel="noopener">
          Open PDF
        </a>
        <a className="button secondary" href={fileUrl(dataset.id, document.id)} download>
          Download PDF
        </a>
      </p>
      <PlainText text={document.content} highlight={highlight} />
    </div>
  );
}

type Save = { state: 'idle' } | { state: 'saving'; progress: number; message: string };

/** Plain text, with a cited quote marked (a <mark> that works without JavaScript too). */
function PlainText({ text, highlight }: { text: string; highlight: QuoteRange | null }) {
  const parts = splitAtRange(text, highlight);
  return (
    <pre className="document-text" data-testid="document-content">
      {parts ? (
        <>
          {parts[0]}
          <mark className={CITATION_MARK_CLASS} data-testid="citation-mark">
            {parts[1]}
          </mark>
          {parts[2]}
        </>
      ) : (
        text
      )}
    </pre>
  );
}

function TextMode({
  dataset,
  document,
  highlight,
  editing,
  manageId,
}: {
  dataset: Dataset;
  document: DocumentDetail;
  highlight: QuoteRange | null;
  editing: boolean;
  manageId: string | null;
}) {
  const hydrated = useHydrated();
  const shownRef = useRef<HTMLDivElement>(null);
  // The quote's offsets belong to the content the link was made from: not to a newer, edited one.
  const [cited] = useState(document.content);
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [draft, setDraft] = useState(document.content);
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const gmBlocks = hasGmBlockSupport(document.file_type);
  /** The editor's GM-only toggle: the selection (or the line the cursor is on) goes inside a `:::gm` block. */
  const markGmOnly = () => {
    const editor = editorRef.current;
    if (!editor) return;
    let start = editor.selectionStart;
    let end = editor.selectionEnd;
    if (start === end) {
      start = draft.lastIndexOf('\n', start - 1) + 1;
      const lineEnd = draft.indexOf('\n', end);
      end = lineEnd === -1 ? draft.length : lineEnd;
    }
    const before = draft.slice(0, start);
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    const tail = draft.slice(end).startsWith('\n') || end === draft.length ? '' : '\n';
    setDraft(`${before}${lead}${GM_BLOCK_OPEN}\n${draft.slice(start, end).replace(/\n$/, '')}\n${GM_BLOCK_CLOSE}${tail}${draft.slice(end)}`);
  };
  const [shown, setShown] = useState(document.content);
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // A new version from the server (after a save, or another document) replaces what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version or document resets the draft; switching the mode must not
  useEffect(() => {
    setShown(document.content);
    if (mode === 'view') setDraft(document.content);
  }, [document.id, document.content]);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const newName = editedFilename(document.filename, document.file_type);
  const changed = draft !== shown;
  const viewerUrl = (extra: { edit?: number } = {}) => tomesUrl({ manage: manageId, dataset: dataset.id, document: document.id, ...extra });

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
      setShown(draft);
      setMode('view');
      setNotice('Document saved successfully!');
      revalidator.revalidate();
    } catch (cause) {
      if (alive.current) setError(`Failed to save document: ${cause instanceof Error ? cause.message : 'Unknown error'}`);
    } finally {
      if (alive.current) setSave({ state: 'idle' });
    }
  }

  const noJsEditing = editing && !hydrated;
  const marked = shown === cited ? highlight : null;
  useScrollToMark(shownRef, marked && mode === 'view' ? `${marked.start}-${marked.end}` : null);
  // A save the action could not make comes back with the GM's text, so nothing typed is lost.
  const failure = useActionData<TomeFailure | undefined>();
  const failedSave = failure?.intent === 'save-document' ? failure : null;
  return (
    <div className="text-mode" ref={shownRef}>
      <div className="text-toolbar">
        {hydrated && mode === 'view' && (
          <button type="button" className="secondary" onClick={() => setMode('edit')} disabled={document.status !== 'ready'}>
            Edit
          </button>
        )}
        {hydrated && mode === 'edit' && (
          <>
            <button type="button" className="primary" onClick={() => void saveDraft()} disabled={!changed || save.state === 'saving'}>
              {save.state === 'saving' ? 'Saving…' : 'Save'}
            </button>
            {gmBlocks && (
              <button type="button" className="secondary" onClick={markGmOnly} title="Wrap the selected lines in a :::gm block: players never see them">
                Mark GM-only
              </button>
            )}
            <button
              type="button"
              className="secondary"
              disabled={save.state === 'saving'}
              onClick={() => {
                setDraft(shown);
                setMode('view');
                setError(null);
              }}
            >
              Cancel
            </button>
          </>
        )}
        {!hydrated && !editing && document.status === 'ready' && (
          <Link to={viewerUrl({ edit: 1 })} className="button secondary">
            Edit
          </Link>
        )}
      </div>
      {notice && (
        <p className="notice success" role="status">
          {notice}
        </p>
      )}
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
      {(mode === 'edit' || noJsEditing) && newName !== document.filename && (
        <p className="notice info small">
          Your edited text is saved as <strong>{newName}</strong>, replacing the original {document.file_type.toUpperCase()} file.
        </p>
      )}

      {gmBlocks && (mode === 'edit' || noJsEditing) && (
        <p className="muted small gm-markup-help">
          GM-only passages: a line <code>{GM_BLOCK_OPEN}</code> before and a line <code>{GM_BLOCK_CLOSE}</code> after. Players never see, search, cite or map what is
          between them.
        </p>
      )}
      {gmBlocks && mode === 'view' && holdsGmBlocks(shown, document.file_type) && (
        <p className="notice info small">
          <span className="badge gm-only">GM only</span> The <code>{GM_BLOCK_OPEN}</code> blocks in this document are hidden from players.
        </p>
      )}
      {hydrated && mode === 'edit' ? (
        <textarea
          ref={editorRef}
          className="document-editor"
          aria-label="Document text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          spellCheck
          autoFocus
        />
      ) : noJsEditing ? (
        <Form method="post" action={viewerUrl({ edit: 1 })} className="stack">
          <input type="hidden" name="intent" value="save-document" />
          <input type="hidden" name="dataset_id" value={dataset.id} />
          <input type="hidden" name="document_id" value={document.id} />
          {manageId && <input type="hidden" name="manage" value={manageId} />}
          {failedSave && (
            <p className="notice error" role="alert">
              {failedSave.error}
            </p>
          )}
          <textarea className="document-editor" name="content" aria-label="Document text" defaultValue={failedSave?.content ?? document.content} />
          <div className="row">
            <button type="submit" className="primary">
              Save
            </button>
            <Link to={viewerUrl()} className="button secondary">
              Cancel
            </Link>
          </div>
        </Form>
      ) : isMarkdownType(document.file_type) ? (
        <div className="document-text rendered" data-testid="document-content">
          <MarkdownView text={shown} highlight={marked} />
        </div>
      ) : (
        <PlainText text={shown} highlight={marked} />
      )}
    </div>
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

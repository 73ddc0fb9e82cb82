import { Form, Link, useActionData, useRevalidator } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { DocumentChatMessage } from '../../../server/domain/chat';
import type { Dataset, DocumentDetail } from '../../../server/domain/tomes';
import type { QuoteRange } from '../../../contract/citation-target';
import { GM_BLOCK_CLOSE, GM_BLOCK_OPEN, hasGmBlockSupport, holdsGmBlocks } from '../../../contract/gm-blocks';
import { editedFilename, isMarkdownType, NOTICE_MS, sizeBadge } from '../../../contract/tomes';
import { DocumentAssistantPanel } from '~/components/document-chat/document-assistant-panel';
import { latePart } from '~/lib/late-part';
import { useHydrated } from '~/lib/use-hydrated';
import { VisibilityBadge } from './gm-blocks-view';
import { MarkdownView } from './markdown-view';
import { PlainText } from './plain-text';
import type { TomeFailure } from './tome-actions.server';
import { fileUrl, tomesUrl } from './tome-urls';
import { useScrollToMark } from './use-scroll-to-mark';

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
        <VisibilityBadge shown={document.player_visible} hasGmBlocks={holdsGmBlocks(document.content, document.file_type)} />
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

// Edit mode (the editor and its save) loads when Edit is pointed at or pressed (ADR 0239); Edit
// pressed before its code is here shows that the editor is on its way.
const DocumentEditor = latePart(
  'document-editor',
  () => import('./document-editor').then((m) => m.DocumentEditor),
  <p className="muted" role="status">
    Opening the editor…
  </p>,
);

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
  const gmBlocks = hasGmBlockSupport(document.file_type);
  const [shown, setShown] = useState(document.content);
  const [notice, setNotice] = useState<string | null>(null);

  // A new version from the server (after a save, or another document) replaces what is shown.
  useEffect(() => {
    setShown(document.content);
  }, [document.content]);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const newName = editedFilename(document.filename, document.file_type);
  const viewerUrl = (extra: { edit?: number } = {}) => tomesUrl({ manage: manageId, dataset: dataset.id, document: document.id, ...extra });

  const noJsEditing = editing && !hydrated;
  const marked = shown === cited ? highlight : null;
  useScrollToMark(shownRef, marked && mode === 'view' ? `${marked.start}-${marked.end}` : null);
  // A save the action could not make comes back with the GM's text, so nothing typed is lost.
  const failure = useActionData<TomeFailure | undefined>();
  const failedSave = failure?.intent === 'save-document' ? failure : null;
  const noticeBlock = notice && (
    <p className="notice success" role="status">
      {notice}
    </p>
  );
  const editingNotes = (
    <>
      {newName !== document.filename && (
        <p className="notice info small">
          Your edited text is saved as <strong>{newName}</strong>, replacing the original {document.file_type.toUpperCase()} file.
        </p>
      )}
      {gmBlocks && (
        <p className="muted small gm-markup-help">
          GM-only passages: a line <code>{GM_BLOCK_OPEN}</code> before and a line <code>{GM_BLOCK_CLOSE}</code> after. Players never see, search, cite or map what is
          between them.
        </p>
      )}
    </>
  );
  if (hydrated && mode === 'edit') {
    return (
      <div className="text-mode" ref={shownRef}>
        <DocumentEditor
          dataset={dataset}
          document={document}
          shown={shown}
          newName={newName}
          gmBlocks={gmBlocks}
          notice={noticeBlock}
          notes={editingNotes}
          onSaved={(text) => {
            setShown(text);
            setMode('view');
            setNotice('Document saved successfully!');
            revalidator.revalidate();
          }}
          onCancel={() => setMode('view')}
        />
      </div>
    );
  }
  return (
    <div className="text-mode" ref={shownRef}>
      <div className="text-toolbar">
        {hydrated && (
          <button
            type="button"
            className="secondary"
            onClick={() => setMode('edit')}
            onPointerEnter={DocumentEditor.preload}
            onFocus={DocumentEditor.preload}
            disabled={document.status !== 'ready'}
          >
            Edit
          </button>
        )}
        {!hydrated && !editing && document.status === 'ready' && (
          <Link to={viewerUrl({ edit: 1 })} className="button secondary">
            Edit
          </Link>
        )}
      </div>
      {noticeBlock}
      {noJsEditing && editingNotes}
      {gmBlocks && holdsGmBlocks(shown, document.file_type) && (
        <p className="notice info small">The marked GM-only parts of this document are hidden from players.</p>
      )}
      {noJsEditing ? (
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
        <PlainText text={shown} highlight={marked} fileType={document.file_type} />
      )}
    </div>
  );
}

import { latePartAfterHydration } from '~/lib/late-part-after';
import { TomeModal } from './tome-modal';
import { tomesUrl } from './tome-urls';
import type { TomesView } from './tomes-view.server';

// The viewer is drawn by the server and made live right after the page (ADR 0243); this modal is
// a part of its own so the tab's other screens do not load late-part-after.
const DocumentViewer = latePartAfterHydration('document-viewer', () => import('./document-viewer').then((m) => m.DocumentViewer), {
  waiting: 'Opening the document viewer…',
});

/** The document viewer's modal, over the Knowledge Tomes tab (or over Manage Documents, which it returns to). */
export function ViewerModal({
  viewer,
  manageId,
  notice,
  error,
}: {
  viewer: NonNullable<TomesView['viewer']>;
  manageId: string | null;
  notice: string | null;
  error: string | null;
}) {
  return (
    <TomeModal title={viewer.document.filename} closeTo={tomesUrl({ manage: manageId })} className="viewer-modal" testId="viewer-modal">
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
      <DocumentViewer
        key={viewer.document.id}
        dataset={viewer.dataset}
        document={viewer.document}
        initialPage={viewer.page}
        highlight={viewer.highlight}
        editing={viewer.editing}
        manageId={manageId}
        conversation={viewer.conversation}
      />
    </TomeModal>
  );
}

import { Link, useNavigate, useSearchParams } from '@remix-run/react';
import { useEffect } from 'react';
import type { Dataset } from '../../../server/domain/tomes';
import { ACCEPTED_UPLOAD_EXTENSIONS, NOTICE_MS } from '../../../contract/tomes';
import { latePart } from '~/lib/late-part';
import { DatasetCard } from './dataset-card';
import { ReembedStatus } from './reembed-status';
import { TomeModal } from './tome-modal';
import { tomesUrl } from './tome-urls';
import type { TomesView } from './tomes-view.server';

// The modals' code (their forms, the document viewer's modal) loads with the page that opens one,
// or when it is opened after the page is live (ADR 0185, ADR 0221); the viewer itself right after
// the page (ADR 0243).
const datasetForms = () => import('./dataset-forms');
const CreateDatasetForm = latePart('create-dataset-form', () => datasetForms().then((m) => m.CreateDatasetForm));
const TomeDetailsForm = latePart('tome-details-form', () => datasetForms().then((m) => m.TomeDetailsForm));
const DeleteDatasetForm = latePart('delete-dataset-form', () => datasetForms().then((m) => m.DeleteDatasetForm));
const ManageDocuments = latePart('manage-documents', () => import('./manage-documents').then((m) => m.ManageDocuments));
const ViewerModal = latePart('viewer-modal', () => import('./viewer-modal').then((m) => m.ViewerModal));

const NOTICES: Record<string, string> = {
  created: 'Knowledge Tome created.',
  metadata: 'Metadata updated successfully',
  deleted: 'Knowledge Tome deleted.',
  uploaded: 'Upload received. The document is being processed.',
  document_deleted: 'Document deleted.',
  shown_to_players: 'The document is now visible to the players of campaigns using this tome (its :::gm blocks stay hidden).',
  hidden_from_players: 'The document is now GM-only.',
  saved: 'Document saved successfully!',
  unchanged: 'Nothing was changed, so nothing was saved.',
};

/**
 * The dashboard's Knowledge Tomes tab: a card per tome, the About section, and the modals
 * (create, metadata, delete, manage documents, document viewer), each opened by the address.
 */
export function TomesPanel({ datasets, view }: { datasets: Dataset[]; view: TomesView }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const byId = (id: string | null) => (id ? datasets.find((dataset) => dataset.id === id) : undefined);

  const notice = NOTICES[params.get('tome_notice') ?? ''] ?? null;
  const error = params.get('tome_error');
  const creating = params.get('create') === '1';
  const metadataId = params.get('metadata');
  const deleteId = params.get('delete');
  const editingMetadata = byId(metadataId);
  const deleting = byId(deleteId);
  const manageId = params.get('manage');
  const errors = [...view.errors];
  if (metadataId && !editingMetadata) errors.push(`Dataset not found: ${metadataId}`);
  if (deleteId && !deleting) errors.push(`Dataset not found: ${deleteId}`);

  // Success notices last 3 seconds; the address forgets them so a reload does not repeat them.
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => {
      const next = new URLSearchParams(params);
      next.delete('tome_notice');
      navigate(`/dashboard?${next.toString()}`, { replace: true, preventScrollReset: true });
    }, NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, params, navigate]);

  // An error about a modal shows inside it; others above the cards.
  const modalError = creating || editingMetadata || deleting ? error : null;
  const viewerNotice = view.viewer ? notice : null;
  const manageNotice = view.manage && !view.viewer ? notice : null;
  return (
    <section className="tomes-panel" aria-label="Knowledge Tomes">
      {notice && !viewerNotice && !manageNotice && (
        <p className="notice success" role="status">
          {notice}
        </p>
      )}
      {error && !modalError && !view.manage && !view.viewer && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {errors.map((message) => (
        <p key={message} className="notice error" role="alert">
          {message}
        </p>
      ))}

      {view.reembed && <ReembedStatus job={view.reembed} />}

      <div className="tomes-toolbar">
        <p className="muted">Your rulebooks, notes and lore, ready for the assistant to search and cite.</p>
        <Link
          to={tomesUrl({ create: 1 })}
          className="button primary"
          preventScrollReset
          onPointerEnter={CreateDatasetForm.preload}
          onFocus={CreateDatasetForm.preload}
        >
          Create Knowledge Tome
        </Link>
      </div>

      {creating && (
        <TomeModal title="Create Knowledge Tome" closeTo={tomesUrl()} testId="create-dataset">
          <CreateDatasetForm error={modalError} />
        </TomeModal>
      )}
      {editingMetadata && (
        <TomeModal title={`Metadata: ${editingMetadata.name}`} closeTo={tomesUrl()} testId="metadata-modal">
          <TomeDetailsForm
            key={`${editingMetadata.id}:${editingMetadata.name}:${editingMetadata.description}:${JSON.stringify(editingMetadata.metadata)}`}
            dataset={editingMetadata}
          />
        </TomeModal>
      )}
      {deleting && (
        <TomeModal title="Delete Knowledge Tome" closeTo={tomesUrl()} testId="delete-dataset">
          <DeleteDatasetForm dataset={deleting} error={modalError} />
        </TomeModal>
      )}
      {view.manage && !view.viewer && (
        <TomeModal title={`Manage Documents: ${view.manage.dataset.name}`} closeTo={tomesUrl()} className="wide" testId="manage-documents">
          {manageNotice && (
            <p className="notice success" role="status">
              {manageNotice}
            </p>
          )}
          {error && (
            <p className="notice error" role="alert">
              {error}
            </p>
          )}
          <ManageDocuments
            dataset={view.manage.dataset}
            documents={view.manage.documents}
            jobs={view.manage.jobs}
            maxUploadMb={view.maxUploadMb}
            deleteDocumentId={params.get('delete_document')}
          />
        </TomeModal>
      )}
      {view.viewer && <ViewerModal viewer={view.viewer} manageId={manageId} notice={viewerNotice} error={error} />}

      {datasets.length === 0 ? (
        <div className="card empty-state">
          <h2>No Knowledge Tomes yet</h2>
          <p>Create a tome, then upload your rulebooks, session notes and lore into it.</p>
        </div>
      ) : (
        <div className="grid tome-grid">
          {datasets.map((dataset) => (
            <DatasetCard key={dataset.id} dataset={dataset} />
          ))}
        </div>
      )}

      <AboutTomes maxUploadMb={view.maxUploadMb} />
    </section>
  );
}

function AboutTomes({ maxUploadMb }: { maxUploadMb: number }) {
  return (
    <section className="card about-tomes" aria-labelledby="about-tomes-title">
      <h2 id="about-tomes-title">About Knowledge Tomes</h2>
      <div className="about-grid">
        <div>
          <h3>What they are</h3>
          <p>
            A Knowledge Tome is a collection of your documents: rulebooks, campaign notes, session logs, lore. Link a tome to a campaign and that campaign’s
            assistant searches it, and only it, and cites the passages it used.
          </p>
        </div>
        <div>
          <h3>What you can upload</h3>
          <p>
            {ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(', ')}, up to {maxUploadMb} MB each. Drop several files at once into Manage Documents.
          </p>
        </div>
        <div>
          <h3>What happens next</h3>
          <p>
            Each document is read (PDFs page by page, so citations name the page), split into passages along its own headings, and indexed by words and by meaning.
            The original file is kept for you to view and download.
          </p>
        </div>
      </div>
    </section>
  );
}

import type { AppLoadContext } from '@remix-run/server-runtime';
import type { DocumentChatMessage } from '../../../server/domain/chat';
import type { ActiveJob, Dataset, DocumentDetail, DocumentSummary, JobStatus } from '../../../server/domain/tomes';
import { pageAtOffset, parseQuoteRange, type QuoteRange } from '../../../contract/citation-target';

/** What the Knowledge Tomes tab needs beyond the dataset list, read from the address (see tome-urls.ts). */
export interface TomesView {
  maxUploadMb: number;
  /** The tome whose Manage Documents modal is open. */
  manage: { dataset: Dataset; documents: DocumentSummary[]; jobs: Array<JobStatus & { filename: string }> } | null;
  /** The document open in the viewer. */
  viewer: {
    dataset: Dataset;
    document: DocumentDetail;
    page: number | null;
    /** A citation's quote to mark (at=START-END in the address). */
    highlight: QuoteRange | null;
    editing: boolean;
    /** The Document Assistant's conversation about this document, kept across visits. */
    conversation: { id: string; messages: DocumentChatMessage[] } | null;
  } | null;
  activeJobs: ActiveJob[];
  /** The library being re-embedded for a new embedding model (or just done), as this GM's job shows it. */
  reembed: JobStatus | null;
  errors: string[];
}

export async function loadTomesView(context: AppLoadContext, userId: string, url: URL, datasets: Dataset[]): Promise<TomesView> {
  const { db, env } = context.services;
  const { tomes, isDomainError } = context.domain;
  const params = url.searchParams;
  const view: TomesView = { maxUploadMb: env.MAX_UPLOAD_MB, manage: null, viewer: null, activeJobs: [], reembed: null, errors: [] };
  const notFound = (error: unknown) => isDomainError(error) && error.status === 404;

  const manageId = params.get('manage');
  if (manageId) {
    const dataset = datasets.find((d) => d.id === manageId);
    if (!dataset) view.errors.push(`Dataset not found: ${manageId}`);
    else {
      try {
        const [documents, jobs] = await Promise.all([tomes.listDocuments(db, userId, manageId), tomes.listDatasetJobs(db, userId, manageId)]);
        view.manage = { dataset, documents, jobs };
      } catch (error) {
        context.log.error({ err: error }, 'loading the documents of a tome failed');
        view.errors.push('Failed to load documents.');
      }
    }
  }

  const datasetId = params.get('dataset');
  const documentId = params.get('document');
  if (datasetId && documentId) {
    const dataset = datasets.find((d) => d.id === datasetId);
    if (!dataset) view.errors.push(`Dataset not found: ${datasetId}`);
    else {
      try {
        const [document, conversation] = await Promise.all([
          tomes.getDocument(db, userId, datasetId, documentId),
          context.domain.chat.getDocumentConversation(db, userId, datasetId, documentId),
        ]);
        const asked = Number(params.get('page'));
        // A citation's quote (at=START-END) is marked; a PDF opens at its page even when the link names none.
        const highlight = parseQuoteRange(params.get('at'), document.content.length);
        const page =
          Number.isInteger(asked) && asked > 0 ? asked : highlight && document.file_type === 'pdf' ? pageAtOffset(document.content, highlight.start) : null;
        view.viewer = { dataset, document, page, highlight, editing: params.get('edit') === '1', conversation };
      } catch (error) {
        if (notFound(error)) view.errors.push(`Could not find document: ${documentId}`);
        else {
          context.log.error({ err: error }, 'loading a document failed');
          view.errors.push('Failed to load document content.');
        }
      }
    }
  }

  try {
    [view.activeJobs, view.reembed] = await Promise.all([tomes.listActiveJobs(db, userId), tomes.currentReembedJob(db, userId)]);
  } catch (error) {
    context.log.error({ err: error }, 'loading the active jobs failed');
  }
  return view;
}

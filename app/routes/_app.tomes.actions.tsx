import {
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import { editedFilename } from '../../contract/tomes';
import { tomesUrl, type TomeParams } from '~/components/tomes/tome-urls';
import { failureMessage } from '~/lib/auth-actions.server';
import { formFields } from '~/lib/form-data';
import { requireUser } from '~/lib/session.server';

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireUser(context, request);
  return redirect(tomesUrl());
}

/**
 * The Knowledge Tomes tab's plain forms (they work without JavaScript): create, edit metadata
 * and delete a tome; upload, delete and save a document. Each goes back to the tab, with the
 * modal it came from still open when something went wrong.
 */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db, queue, env } = context.services;
  const { tomes } = context.domain;
  const maxUploadBytes = env.MAX_UPLOAD_MB * 1024 * 1024;

  let form: FormData;
  try {
    form = await readForm(request, maxUploadBytes);
  } catch (error) {
    const datasetId = new URL(request.url).searchParams.get('dataset_id');
    // Malformed or oversized form data is the sender's problem: say so, never a 500.
    return back({
      manage: datasetId,
      tome_error:
        error instanceof MaxPartSizeExceededError
          ? `Failed to upload document. The file is larger than the ${env.MAX_UPLOAD_MB} MB upload limit. Split it into smaller files and upload them separately.`
          : 'Failed to upload document. The form data could not be read (malformed or with too many fields). Try again from the Manage Documents screen.',
    });
  }
  const fields = formFields(form);
  const datasetId = fields.dataset_id ?? '';
  const documentId = fields.document_id ?? '';

  switch (fields.intent) {
    case 'create-dataset':
      return attempt(context, () => tomes.createDataset(db, user.id, { name: fields.name ?? '', description: fields.description ?? '' }), {
        done: { tome_notice: 'created' },
        failed: { create: 1 },
        prefix: 'Failed to create dataset.',
      });
    case 'update-metadata':
      return attempt(
        context,
        () =>
          tomes.updateDatasetMetadata(db, user.id, datasetId, {
            type: fields.type as never,
            category: fields.category as never,
            source: fields.source as never,
            tags: fields.tags ?? '',
            is_official_dnd: fields.is_official_dnd === 'on' || fields.is_official_dnd === 'true',
          }),
        { done: { tome_notice: 'metadata' }, failed: { metadata: datasetId }, prefix: 'Failed to update metadata:' },
      );
    case 'delete-dataset':
      return attempt(context, () => tomes.deleteDataset(db, user.id, datasetId), {
        done: { tome_notice: 'deleted' },
        failed: {},
        prefix: 'Failed to delete dataset.',
      });
    case 'upload-document': {
      const file = form.get('file');
      return attempt(
        context,
        async () => {
          if (!(file instanceof File) || (file.size === 0 && file.name === '')) throw new context.domain.DomainError(400, 'Choose a file to upload.');
          const bytes = new Uint8Array(await file.arrayBuffer());
          return tomes.uploadDocument(db, user.id, datasetId, { filename: file.name, bytes }, { queue, maxUploadBytes });
        },
        { done: { manage: datasetId, tome_notice: 'uploaded' }, failed: { manage: datasetId }, prefix: 'Failed to upload document.' },
      );
    }
    case 'delete-document':
      return attempt(context, () => tomes.deleteDocument(db, user.id, datasetId, documentId), {
        done: { manage: datasetId, tome_notice: 'document_deleted' },
        failed: { manage: datasetId },
        prefix: 'Failed to delete document.',
      });
    case 'save-document':
      return attempt(
        context,
        async () => {
          const current = await tomes.getDocumentContent(db, user.id, datasetId, documentId);
          const content = (fields.content ?? '').replace(/\r\n/g, '\n');
          if (content === current.content) return UNCHANGED;
          const upload = { filename: editedFilename(current.filename, current.file_type), bytes: new TextEncoder().encode(content) };
          return tomes.replaceDocument(db, user.id, datasetId, documentId, upload, { queue, maxUploadBytes });
        },
        {
          done: { manage: fields.manage, dataset: datasetId, document: documentId, tome_notice: 'saved' },
          failed: { manage: fields.manage, dataset: datasetId, document: documentId, edit: 1 },
          prefix: 'Failed to save document:',
        },
      );
    default:
      return back({ tome_error: 'Unknown Knowledge Tomes action.' });
  }
}

const UNCHANGED = Symbol('unchanged');

function back(params: TomeParams) {
  return redirect(tomesUrl(params));
}

async function attempt(
  context: AppLoadContext,
  run: () => Promise<unknown>,
  outcome: { done: TomeParams; failed: TomeParams; prefix: string },
) {
  try {
    const result = await run();
    return back(result === UNCHANGED ? { ...outcome.done, tome_notice: 'unchanged' } : outcome.done);
  } catch (error) {
    const detail = failureMessage(context, error) ?? 'Something went wrong on our side. Please try again.';
    return back({ ...outcome.failed, tome_error: `${outcome.prefix} ${detail}` });
  }
}

const MAX_FORM_PARTS = 20;

/** Plain forms, or the no-JavaScript upload (multipart, the file held in memory up to the upload limit). */
async function readForm(request: Request, maxUploadBytes: number): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) return request.formData();
  // The upload form has a handful of fields: more parts than this is not our form.
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: maxUploadBytes });
  let parts = 0;
  return unstable_parseMultipartFormData(request, (part) => {
    if (++parts > MAX_FORM_PARTS) throw new Error(`More than ${MAX_FORM_PARTS} form fields`);
    return memory(part);
  });
}

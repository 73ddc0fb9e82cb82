import { data, MaxPartSizeExceededError, redirect, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import { tomeFieldsSchema } from '../../../contract/tome-fields';
import { DUPLICATE_CHOICES, editedFilename, type DuplicateChoice } from '../../../contract/tomes';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import type { FormReply } from '~/lib/forms';
import { parseForm } from '~/lib/form-parse';
import { tomesUrl, type TomeParams } from './tome-urls';

/** What an upload or a save that did not go through answers, so the page can offer the next step. */
export interface TomeFailure {
  intent: 'upload-document' | 'save-document' | 'ask-document';
  error: string;
  /** save-document: the text the GM typed, shown again in the editor. */
  content?: string;
  /** upload-document: the tome already holds this file. */
  duplicate?: boolean;
  /** ask-document: the question, kept in the input, and the status the failure answered. */
  query?: string;
  status?: number;
}

/** A question the Document Assistant answered: the page's loader reads the conversation again. */
export interface DocumentAnswered {
  intent: 'ask-document';
  answered: true;
  /** The answer's usage figures, which the spec keeps for debugging (logged by the panel). */
  usage: unknown;
}

const GENERIC = 'Something went wrong on our side. Please try again.';

/** The Metadata modal's type, category, source, tags and Official D&D box, as the domain takes them (it checks them). */
function metadataFields(form: FormData) {
  const field = (name: string) => String(form.get(name) ?? '');
  return {
    type: field('type') as never,
    category: field('category') as never,
    source: field('source') as never,
    tags: field('tags'),
    is_official_dnd: field('is_official_dnd') === 'on' || field('is_official_dnd') === 'true',
  };
}

/**
 * The Knowledge Tomes tab's forms, posted to the dashboard with JavaScript on or off: create,
 * rename and describe, metadata and delete a tome; upload, delete and save a document. Success
 * goes back to the tab (the modal it came from closed or still open); a form that needs
 * correcting is answered in place, with what the GM typed.
 */
export async function tomeAction(context: AppLoadContext, userId: string, form: FormData) {
  const { db, queue, env } = context.services;
  const { tomes } = context.domain;
  const maxUploadBytes = env.MAX_UPLOAD_MB * 1024 * 1024;
  const field = (name: string) => String(form.get(name) ?? '');
  const datasetId = field('dataset_id');
  const documentId = field('document_id');
  const intent = field('intent');

  switch (intent) {
    case 'create-dataset':
    case 'update-tome': {
      const submission = parseForm(form, tomeFieldsSchema);
      if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
      try {
        if (intent === 'create-dataset') await tomes.createDataset(db, userId, submission.value);
        else await tomes.updateDatasetDetails(db, userId, datasetId, { details: submission.value, metadata: metadataFields(form) });
        return back({ tome_notice: intent === 'create-dataset' ? 'created' : 'metadata' });
      } catch (error) {
        const prefix = intent === 'create-dataset' ? 'Failed to create dataset.' : 'Failed to save the tome.';
        const message = `${prefix} ${failureMessage(context, error) ?? GENERIC}`;
        return data<FormReply>({ intent, result: submission.reply({ formErrors: [message] }) }, { status: statusOf(context, error) });
      }
    }
    case 'delete-dataset':
      return attempt(context, () => tomes.deleteDataset(db, userId, datasetId), {
        done: { tome_notice: 'deleted' },
        failed: {},
        prefix: 'Failed to delete dataset.',
      });
    case 'upload-document': {
      const file = form.get('file');
      const choice = field('duplicate');
      const duplicate = (DUPLICATE_CHOICES as readonly string[]).includes(choice) ? (choice as DuplicateChoice) : undefined;
      try {
        if (!(file instanceof File) || (file.size === 0 && file.name === '')) throw new context.domain.DomainError(400, 'Choose a file to upload.');
        const upload = { filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
        await tomes.uploadDocument(db, userId, datasetId, upload, { queue, maxUploadBytes, duplicate });
        return back({ manage: datasetId, tome_notice: 'uploaded' });
      } catch (error) {
        const status = statusOf(context, error);
        const error_ = `Failed to upload document. ${failureMessage(context, error) ?? GENERIC}`;
        return data<TomeFailure>({ intent: 'upload-document', error: error_, duplicate: status === 409 }, { status });
      }
    }
    case 'delete-document':
      return attempt(context, () => tomes.deleteDocument(db, userId, datasetId, documentId), {
        done: { manage: datasetId, tome_notice: 'document_deleted' },
        failed: { manage: datasetId },
        prefix: 'Failed to delete document.',
      });
    case 'set-visibility': {
      const shown = field('player_visible') === 'true';
      return attempt(context, () => tomes.setDocumentVisibility(db, userId, datasetId, documentId, { player_visible: shown }), {
        done: { manage: datasetId, tome_notice: shown ? 'shown_to_players' : 'hidden_from_players' },
        failed: { manage: datasetId },
        prefix: 'Failed to change who sees the document.',
      });
    }
    case 'save-document': {
      const content = field('content').replace(/\r\n/g, '\n');
      const at = { manage: field('manage'), dataset: datasetId, document: documentId };
      try {
        const current = await tomes.getDocumentContent(db, userId, datasetId, documentId);
        if (content === current.content) return back({ ...at, tome_notice: 'unchanged' });
        const upload = { filename: editedFilename(current.filename, current.file_type), bytes: new TextEncoder().encode(content) };
        await tomes.replaceDocument(db, userId, datasetId, documentId, upload, { queue, maxUploadBytes });
        return back({ ...at, tome_notice: 'saved' });
      } catch (error) {
        // Answered in place (not redirected), so the editor shows the GM's text again.
        const error_ = `Failed to save document: ${failureMessage(context, error) ?? GENERIC}`;
        return data<TomeFailure>({ intent: 'save-document', error: error_, content }, { status: statusOf(context, error) });
      }
    }
    case 'ask-document': {
      const query = field('query');
      try {
        const { ai } = context.services;
        const answer = await context.domain.chat.askDocument(db, userId, ai, datasetId, documentId, {
          query,
          conversation_id: field('conversation_id') || null,
        });
        return data<DocumentAnswered>({ intent, answered: true, usage: answer.usage });
      } catch (error) {
        const status = statusOf(context, error);
        const detail = failureMessage(context, error) ?? GENERIC;
        return data<TomeFailure>({ intent, error: detail, query, status }, { status });
      }
    }
    default:
      return back({ tome_error: 'Unknown Knowledge Tomes action.' });
  }
}

function back(params: TomeParams) {
  return redirect(tomesUrl(params));
}

async function attempt(context: AppLoadContext, run: () => Promise<unknown>, outcome: { done: TomeParams; failed: TomeParams; prefix: string }) {
  try {
    await run();
    return back(outcome.done);
  } catch (error) {
    return back({ ...outcome.failed, tome_error: `${outcome.prefix} ${failureMessage(context, error) ?? GENERIC}` });
  }
}

const MAX_FORM_PARTS = 20;

/**
 * The posted form: plain, or the no-JavaScript upload (multipart, the file held in memory up to
 * the upload limit, at most MAX_FORM_PARTS parts). A file over the limit is answered at once,
 * as the /api route does.
 */

export async function readTomeForm(context: AppLoadContext, request: Request): Promise<FormData | Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) return readFormOrEmpty(request);
  const { MAX_UPLOAD_MB } = context.services.env;
  // The upload form has a handful of fields: more parts than this is not our form.
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_MB * 1024 * 1024 });
  let parts = 0;
  try {
    return await unstable_parseMultipartFormData(request, (part) => {
      if (++parts > MAX_FORM_PARTS) throw new Error(`More than ${MAX_FORM_PARTS} form fields`);
      return memory(part);
    });
  } catch (error) {
    // Malformed or oversized form data is the sender's problem: say so, never a 500.
    const tooLarge = error instanceof MaxPartSizeExceededError;
    const failure: TomeFailure = {
      intent: 'upload-document',
      error: tooLarge
        ? `Failed to upload document. The file is larger than the ${MAX_UPLOAD_MB} MB upload limit. Split it into smaller files and upload them separately.`
        : 'Failed to upload document. The form data could not be read (malformed or with too many fields). Try again from the Manage Documents screen.',
    };
    return Response.json(failure, { status: tooLarge ? 413 : 400 });
  }
}

import type { Kysely } from 'kysely';
import { CONTENT_MESSAGES, isCharacterFormat, savedMessage, splitFrontMatter, type SavedContent } from '../../../contract/content';
import { contentFilename } from '../../../contract/content-filename';
import type { DB } from '../../db/schema';
import type { Services } from '../../services';
import { badRequest, DomainError } from '../errors';
import { ingestDocument } from '../ingest/ingest-document';
import { requireOwnedCampaign, requireOwnedDataset } from '../ownership';
import { getJobStatus, uploadDocument } from '../tomes';
import { documentMarkdown } from './front-matter';
import { withoutDraftNotice } from './offline-draft';
import { parseSaveContent, type SaveContentBody } from './input';
import { sourcesOf } from './sources';

export type SaveServices = Pick<Services, 'ai' | 'queue' | 'env'>;

/**
 * Saves generated content into one of the game master's tomes as a Markdown document with
 * front matter. It goes through the same upload and processing as any file, but the
 * processing runs here, before answering, so the document is searchable and citable as soon
 * as the save returns. Only if the embedding service fails for a moment does the queued job
 * finish it a little later (status 'processing').
 */
export async function saveContent(
  db: Kysely<DB>,
  userId: string,
  services: SaveServices,
  campaignId: string,
  body: Partial<Record<keyof SaveContentBody, unknown>>,
): Promise<SavedContent> {
  const campaign = await requireOwnedCampaign(db, userId, campaignId);
  const input = parseSaveContent(body);
  const filename = contentFilename(input.filename);
  if (!filename) throw badRequest(CONTENT_MESSAGES.saveMissing);
  await requireOwnedDataset(db, userId, input.datasetId);

  const content = withoutDraftNotice(splitFrontMatter(input.content).body);
  const markdown = documentMarkdown({
    content,
    contentType: input.contentType,
    characterFormat: isCharacterFormat(body.character_format) ? body.character_format : null,
    campaignName: campaign.name,
    sources: input.sources ?? sourcesOf(content),
    generatedAt: new Date(),
  });
  const maxUploadBytes = services.env.MAX_UPLOAD_MB * 1024 * 1024;
  const accepted = await uploadDocument(
    db,
    userId,
    input.datasetId,
    { filename, bytes: new TextEncoder().encode(markdown) },
    { queue: services.queue, maxUploadBytes },
  );

  let outcome: Awaited<ReturnType<typeof ingestDocument>> | 'interrupted';
  try {
    outcome = await ingestDocument(
      db,
      userId,
      { jobId: accepted.job_id, documentId: accepted.document_id },
      {
        embedder: services.ai.embedder,
        maxFileBytes: maxUploadBytes,
        readTimeoutMs: services.env.DOCUMENT_READ_TIMEOUT_SECONDS * 1000,
      },
    );
  } catch {
    // A passing failure (the embedding service timed out): the job stays queued and the worker retries it.
    outcome = 'interrupted';
  }
  const job = await getJobStatus(db, userId, accepted.job_id);
  if (job.status === 'failed') {
    await db.deleteFrom('documents').where('id', '=', accepted.document_id).where('user_id', '=', userId).execute();
    throw new DomainError(422, job.error ?? 'The content could not be indexed.');
  }
  const ready = job.status === 'completed';
  return {
    document_id: accepted.document_id,
    dataset_id: input.datasetId,
    filename,
    job_id: accepted.job_id,
    status: ready ? 'ready' : 'processing',
    message: ready || outcome === 'completed' ? savedMessage(filename) : `${savedMessage(filename)}; it will be searchable in a moment.`,
  };
}

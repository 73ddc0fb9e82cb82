import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type JobStatus as JobStatusValue, TERMINAL_JOB_STATUSES } from '../../../contract/tomes';
import type { JobStatus } from '../../../contract/api/tomes';
import { notFound } from '../errors';
import { isUuid, requireOwnedDataset } from '../ownership';
import { removeOtherTextVersions } from './document-text';

export const INGEST_JOB_KIND = 'ingest_document';
/** The jobs row that shows each owner how far a change of embedding model has come (ingest/reembed.ts). */
export const REEMBED_JOB_KIND = 'reembed_library';
export const QUEUED_MESSAGE = 'Waiting in the queue to be processed';

export type { JobStatus } from '../../../contract/api/tomes';

const TERMINAL: readonly JobStatusValue[] = TERMINAL_JOB_STATUSES;

/**
 * A job as its owner sees it. Reading never changes it: a dead worker's job is retried by
 * pg-boss (heartbeats), and one it gives up on is failed by the dead-letter handler.
 */
export async function getJobStatus(db: Kysely<DB>, userId: string, jobId: string): Promise<JobStatus> {
  const job = isUuid(jobId)
    ? await db
        .selectFrom('jobs')
        .select(['id', 'status', 'progress', 'progress_message', 'error', 'document_id'])
        .where('id', '=', jobId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!job) throw notFound('Job');
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    progress_message: job.progress_message,
    error: job.error,
    document_id: job.document_id,
  };
}

/** Jobs of a tome's documents that are running or ended in the last `recentMs` (the no-JavaScript status list). */
export async function listDatasetJobs(
  db: Kysely<DB>,
  userId: string,
  datasetId: string,
  recentMs = 10 * 60 * 1000,
): Promise<Array<JobStatus & { filename: string }>> {
  await requireOwnedDataset(db, userId, datasetId);
  return recentJobs(db, userId, INGEST_JOB_KIND, recentMs)
    .innerJoin('documents as d', 'd.id', 'j.document_id')
    .select(['j.id', 'j.status', 'j.progress', 'j.progress_message', 'j.error', 'j.document_id', 'd.filename'])
    .where('d.dataset_id', '=', datasetId)
    .limit(50)
    .execute();
}

/** The caller's re-embedding job, running or ended in the last ten minutes, as the Knowledge Tomes page shows it. */
export async function currentReembedJob(db: Kysely<DB>, userId: string, recentMs = 10 * 60 * 1000): Promise<JobStatus | null> {
  const job = await recentJobs(db, userId, REEMBED_JOB_KIND, recentMs)
    .select(['j.id', 'j.status', 'j.progress', 'j.progress_message', 'j.error', 'j.document_id'])
    .limit(1)
    .executeTakeFirst();
  return job ?? null;
}

/** The caller's jobs of one kind that are running or ended in the last `recentMs`, newest first. */
function recentJobs(db: Kysely<DB>, userId: string, kind: string, recentMs: number) {
  const since = new Date(Date.now() - recentMs);
  return db
    .selectFrom('jobs as j')
    .where('j.user_id', '=', userId)
    .where('j.kind', '=', kind)
    .where((eb) => eb.or([eb('j.status', 'not in', TERMINAL), eb('j.updated_at', '>=', since)]))
    .orderBy('j.created_at', 'desc');
}

export interface ActiveJob {
  id: string;
  status: string;
  progress: number;
  progress_message: string;
  document_id: string | null;
  dataset_id: string;
  filename: string;
}

/** The caller's ingestion jobs still running, so a reloaded page can go on watching them. */
export async function listActiveJobs(db: Kysely<DB>, userId: string): Promise<ActiveJob[]> {
  return db
    .selectFrom('jobs as j')
    .innerJoin('documents as d', 'd.id', 'j.document_id')
    .select(['j.id', 'j.status', 'j.progress', 'j.progress_message', 'j.document_id', 'd.dataset_id', 'd.filename'])
    .where('j.user_id', '=', userId)
    .where('j.kind', '=', INGEST_JOB_KIND)
    .where('j.status', 'not in', TERMINAL)
    .orderBy('j.created_at')
    .limit(100)
    .execute();
}

/**
 * Ends a job as failed, and its document with it: the document keeps no passages, so it is
 * never half-made. Does nothing to a job that already ended.
 */
export async function failJob(db: Kysely<DB>, jobId: string, documentId: string | null, message: string): Promise<void> {
  const failed = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('jobs')
      .set({ status: 'failed', error: message, progress_message: 'Failed', updated_at: new Date() })
      .where('id', '=', jobId)
      .where('status', 'not in', TERMINAL)
      .returning('id')
      .executeTakeFirst();
    if (!updated || !documentId) return false;
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    await trx
      .updateTable('documents')
      .set({
        status: 'failed',
        error: message,
        text_version: null,
        may_hold_gm_blocks: false,
        token_count: 0,
        page_count: null,
        passages_hash: null,
        indexing_from: null,
        updated_at: new Date(),
      })
      .where('id', '=', documentId)
      .execute();
    return true;
  });
  // The text went with the pointer above; its parts are removed a few at a time.
  if (failed && documentId) await removeOtherTextVersions(db, documentId);
}

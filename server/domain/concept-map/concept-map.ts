import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { DEFAULT_SETTINGS, INLINE_MAX_CHUNKS, INLINE_MAX_DOCUMENTS } from '../../../contract/concept-map';
import { QUEUES } from '../../queues';
import type { AiProviders } from '../../ai/providers';
import type { DB } from '../../db/schema';
import { sendInTransaction } from '../../queue';
import { DomainError, isDomainError } from '../errors';
import { linkedDatasetIds, requireCampaignAccess, requireOwnedCampaign, type CampaignAccess } from '../ownership';
import { readPlayerMap } from './player-map';
import { chunkCounts, documentChunks, documentsWithGmPassages, EMPTY_HASH, resolveSelection, type SelectedDocument, type SelectionInput } from './documents';
import { mergeExtractions, type ExtractionResult } from './extract';
import { extractDocument, extractorId, playerExtractorId, saveExtraction, storedExtractions, type StoredExtraction } from './extraction';
import { emptyMap, readMap, saveMergedMap, type ConceptMap } from './map-store';
import { supportCounts } from './support-counts';

export const CONCEPT_MAP_JOB_KIND = 'concept_map';

export interface ConceptMapServices {
  ai: AiProviders;
  /** Without a queue every build runs in the request. */
  queue?: PgBoss;
}

export type GenerateOutcome = { map: ConceptMap } | { job_id: string };

/**
 * The campaign's map, or an empty one (with its saved settings) before the first build. A player
 * (and the GM viewing as one) gets the map of what players may see (player-map.ts).
 */
export async function getConceptMap(db: Kysely<DB>, access: CampaignAccess): Promise<ConceptMap> {
  if (access.audience === 'player') return readPlayerMap(db, access);
  const userId = access.ownerId;
  const campaignId = access.campaign.id;
  const row = await mapRow(db, campaignId);
  if (!row) return emptyMap(campaignId, { ...DEFAULT_SETTINGS });
  await dropRemovedDocuments(db, userId, campaignId);
  const fresh = (await mapRow(db, campaignId))!;
  return readMap(db, campaignId, fresh);
}

/**
 * Builds (or updates) the campaign's map from the selected documents. Documents read before and
 * unchanged are not read again; documents left out of the selection leave the map. A selection
 * with much to read is queued as a job: then the answer is its id, and the map follows when it ends.
 */
export async function generateConceptMap(
  db: Kysely<DB>,
  userId: string,
  campaignId: string,
  input: SelectionInput,
  services: ConceptMapServices,
): Promise<GenerateOutcome> {
  const documents = await resolveSelection(db, userId, campaignId, input);
  await requireNoRunningJob(db, campaignId);
  const extractor = extractorId(services.ai);
  const stored = await storedExtractions(
    db,
    documents.map((doc) => doc.id),
    extractor,
  );
  const toRead = documents.filter((doc) => stored.get(doc.id)?.content_hash !== doc.content_hash);
  const chunksToRead = toRead.reduce((sum, doc) => sum + doc.chunk_count, 0);

  if (services.queue && (toRead.length > INLINE_MAX_DOCUMENTS || chunksToRead > INLINE_MAX_CHUNKS)) {
    return { job_id: await queueBuild(db, services.queue, userId, campaignId, documents) };
  }
  await buildMap(db, userId, campaignId, documents, services.ai);
  return { map: await readMap(db, campaignId, (await mapRow(db, campaignId))!) };
}

export interface ConceptMapJobPayload {
  jobId: string;
  userId: string;
  campaignId: string;
  documents: Array<{ id: string; dataset_id: string }>;
}

/** The queued build (jobs/concept-map.ts). Safe to run twice: an ended job is left alone. */
export async function runConceptMapJob(db: Kysely<DB>, payload: ConceptMapJobPayload, services: ConceptMapServices): Promise<void> {
  const { jobId, userId, campaignId } = payload;
  const job = await db.selectFrom('jobs').select('status').where('id', '=', jobId).where('user_id', '=', userId).executeTakeFirst();
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  try {
    await progress(db, jobId, 1, 'Checking the selected documents');
    const documents = await availableDocuments(db, userId, campaignId, payload.documents);
    if (documents.length === 0) throw new DomainError(404, 'The selected documents are no longer available.');
    await buildMap(db, userId, campaignId, documents, services.ai, (value, message) => progress(db, jobId, value, message));
    await db
      .updateTable('jobs')
      .set({ status: 'completed', progress: 100, progress_message: 'Concept map ready', updated_at: new Date() })
      .where('id', '=', jobId)
      .execute();
  } catch (error) {
    const message = isDomainError(error) ? error.message : 'The concept map could not be built. Please try again.';
    await db
      .updateTable('jobs')
      .set({ status: 'failed', error: message, progress_message: 'Failed', updated_at: new Date() })
      .where('id', '=', jobId)
      .where('status', 'not in', ['completed', 'failed'])
      .execute();
    if (!isDomainError(error)) throw error;
  }
}

/** Waits for a queued build (the API's `wait`): the map once it is done, null when it is still running at the deadline. */
export async function awaitConceptMapJob(db: Kysely<DB>, userId: string, campaignId: string, jobId: string, timeoutMs: number): Promise<ConceptMap | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await db.selectFrom('jobs').select(['status', 'error']).where('id', '=', jobId).where('user_id', '=', userId).executeTakeFirst();
    if (!job) throw new DomainError(404, 'Job not found');
    if (job.status === 'completed') return getConceptMap(db, await requireCampaignAccess(db, userId, campaignId));
    if (job.status === 'failed') throw new DomainError(502, job.error ?? 'Failed to generate concept map');
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Progress = (value: number, message: string) => Promise<void>;

async function buildMap(db: Kysely<DB>, userId: string, campaignId: string, documents: SelectedDocument[], ai: AiProviders, report?: Progress): Promise<void> {
  const extractor = extractorId(ai);
  const stored = await storedExtractions(
    db,
    documents.map((doc) => doc.id),
    extractor,
  );
  const readings = new Map<string, StoredExtraction>();
  const toRead = documents.filter((doc) => {
    const reading = stored.get(doc.id);
    if (reading?.content_hash === doc.content_hash) readings.set(doc.id, reading);
    return !readings.has(doc.id);
  });
  // Documents with `:::gm` blocks are also read without them, for the players' map (player-map.ts).
  const withGm = await documentsWithGmPassages(
    db,
    documents.map((doc) => doc.id),
  );
  const forPlayers = playerExtractorId(extractor);
  const storedForPlayers = await storedExtractions(db, [...withGm], forPlayers);
  const toReadForPlayers = documents.filter((doc) => withGm.has(doc.id) && storedForPlayers.get(doc.id)?.content_hash !== doc.content_hash);
  const work = [...toRead.map((doc) => ({ doc, players: false })), ...toReadForPlayers.map((doc) => ({ doc, players: true }))];
  for (const [index, { doc: document, players }] of work.entries()) {
    const share = (done: number) => 5 + Math.round(((index + done) / work.length) * 85);
    const label = `Reading concepts in ${document.filename}${players ? ' as players see it' : ''} (${index + 1} of ${work.length})`;
    await report?.(share(0), label);
    const all = await documentChunks(db, document.id);
    const chunks = players ? all.filter((chunk) => !chunk.gm_only) : all;
    const extraction = await extractDocument(db, userId, document, chunks, ai, async (done, total) => {
      await report?.(share(done / total), label);
    });
    const saved = await saveExtraction(db, document, players ? forPlayers : extractor, extraction);
    if (!players) readings.set(document.id, saved);
  }

  await report?.(92, 'Merging concepts across documents');
  const all: ExtractionResult[] = documents.flatMap((doc) => readings.get(doc.id)?.results ?? []);
  const merged = mergeExtractions(all);
  const counts = supportCounts(all, merged);
  const documentIds = new Set(documents.map((doc) => doc.id));

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('concept_maps')
      .values({ campaign_id: campaignId, user_id: userId, settings: JSON.stringify(DEFAULT_SETTINGS) })
      .onConflict((oc) => oc.column('campaign_id').doNothing())
      .execute();
    // One build saves at a time; the last to finish wins.
    await trx.selectFrom('concept_maps').select('campaign_id').where('campaign_id', '=', campaignId).forUpdate().execute();
    await trx.deleteFrom('concept_map_documents').where('campaign_id', '=', campaignId).execute();
    await trx
      .insertInto('concept_map_documents')
      .values(
        documents.map((doc) => ({
          campaign_id: campaignId,
          document_id: doc.id,
          extractor,
          content_hash: doc.content_hash,
          processed_at: readings.get(doc.id)!.extracted_at,
        })),
      )
      .execute();
    await saveMergedMap(trx, campaignId, merged, counts, documentIds);
    await trx
      .updateTable('concept_maps')
      .set({ engine: extractor, merged_document_count: documents.length, last_updated: new Date() })
      .where('campaign_id', '=', campaignId)
      .execute();
  });
}

/**
 * Deleted documents (their rows went with them) and documents of tomes no longer linked leave the
 * map: the merge is redone from the stored readings of the rest, without reading anything again.
 */
async function dropRemovedDocuments(db: Kysely<DB>, userId: string, campaignId: string): Promise<void> {
  const row = await mapRow(db, campaignId);
  if (!row) return;
  const processed = await db
    .selectFrom('concept_map_documents as p')
    .innerJoin('documents as d', 'd.id', 'p.document_id')
    .select(['p.document_id', 'p.extractor', 'p.content_hash', 'd.dataset_id', 'd.filename'])
    .where('p.campaign_id', '=', campaignId)
    .execute();
  const linked = new Set(await linkedDatasetIds(db, userId, campaignId));
  const kept = processed.filter((doc) => linked.has(doc.dataset_id));
  if (kept.length === processed.length && processed.length === row.merged_document_count) return;

  const readings: ExtractionResult[] = [];
  const keptIds = new Set<string>();
  for (const doc of kept) {
    const stored = (await storedExtractions(db, [doc.document_id], doc.extractor)).get(doc.document_id);
    if (!stored) continue;
    readings.push(...stored.results);
    keptIds.add(doc.document_id);
  }
  const merged = mergeExtractions(readings);
  const counts = supportCounts(readings, merged);
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('concept_maps').select('campaign_id').where('campaign_id', '=', campaignId).forUpdate().execute();
    const removed = processed.filter((doc) => !keptIds.has(doc.document_id)).map((doc) => doc.document_id);
    if (removed.length > 0) {
      await trx.deleteFrom('concept_map_documents').where('campaign_id', '=', campaignId).where('document_id', 'in', removed).execute();
    }
    await saveMergedMap(trx, campaignId, merged, counts, keptIds);
    await trx.updateTable('concept_maps').set({ merged_document_count: keptIds.size, last_updated: new Date() }).where('campaign_id', '=', campaignId).execute();
  });
}

async function mapRow(db: Kysely<DB>, campaignId: string) {
  return db
    .selectFrom('concept_maps')
    .select(['settings', 'engine', 'last_updated', 'job_id', 'merged_document_count'])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
}

async function requireNoRunningJob(db: Kysely<DB>, campaignId: string): Promise<void> {
  const running = await db
    .selectFrom('concept_maps')
    .innerJoin('jobs', 'jobs.id', 'concept_maps.job_id')
    .select(['jobs.id'])
    .where('concept_maps.campaign_id', '=', campaignId)
    .where('jobs.status', 'not in', ['completed', 'failed'])
    .executeTakeFirst();
  if (running) throw new DomainError(409, 'This concept map is already being generated. Wait for it to finish.');
}

async function queueBuild(db: Kysely<DB>, queue: PgBoss, userId: string, campaignId: string, documents: SelectedDocument[]): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto('jobs')
      .values({
        user_id: userId,
        kind: CONCEPT_MAP_JOB_KIND,
        document_id: null,
        status: 'queued',
        progress: 0,
        progress_message: 'Waiting in the queue to build the concept map',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('concept_maps')
      .values({ campaign_id: campaignId, user_id: userId, settings: JSON.stringify(DEFAULT_SETTINGS), job_id: job.id })
      .onConflict((oc) => oc.column('campaign_id').doUpdateSet({ job_id: job.id }))
      .execute();
    const payload: ConceptMapJobPayload = {
      jobId: job.id,
      userId,
      campaignId,
      documents: documents.map(({ id, dataset_id }) => ({ id, dataset_id })),
    };
    await sendInTransaction(queue, trx, QUEUES.conceptMap.name, payload);
    return job.id;
  });
}

async function progress(db: Kysely<DB>, jobId: string, value: number, message: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'processing', progress: Math.max(0, Math.min(99, value)), progress_message: message, updated_at: new Date() })
    .where('id', '=', jobId)
    .where('status', 'not in', ['completed', 'failed'])
    .execute();
}

/** The job's selection as it stands now: documents deleted, unlinked or reprocessing since it was queued are left out. */
async function availableDocuments(
  db: Kysely<DB>,
  userId: string,
  campaignId: string,
  selected: Array<{ id: string; dataset_id: string }>,
): Promise<SelectedDocument[]> {
  await requireOwnedCampaign(db, userId, campaignId);
  const linked = await linkedDatasetIds(db, userId, campaignId);
  if (linked.length === 0 || selected.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'dataset_id', 'filename', 'passages_hash'])
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('dataset_id', 'in', linked)
    .where(
      'id',
      'in',
      selected.map((doc) => doc.id),
    )
    .execute();
  const counts = await chunkCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    content_hash: row.passages_hash ?? EMPTY_HASH,
    chunk_count: counts.get(row.id) ?? 0,
  }));
}

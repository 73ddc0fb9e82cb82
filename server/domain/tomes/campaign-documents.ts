import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type CampaignDocument, type CampaignDocumentDetail, type CampaignDocuments, visibilitySchema } from '../../../contract/api/tomes';
import { holdsGmBlocks, playerText } from '../../../contract/gm-blocks';
import type { DB } from '../../db/schema';
import { estimateTokens } from '../../text/tokens';
import { notFound } from '../errors';
import { isUuid, linkedDatasetIds, requireOwnedDocument, type CampaignAccess } from '../ownership';
import { readDocumentText, textHead } from './document-text';
import { contentPreview, MAY_HOLD_GM_BLOCKS } from './documents';

/**
 * A campaign's documents as its audience reads them (issue #14). The GM reads every document of
 * the tomes linked to the campaign; a player (and the GM viewing as one) reads only the ready
 * documents the GM made visible, with their `:::gm` blocks cut out, and every count and token
 * total is computed from that alone.
 */
export type { CampaignDocument, CampaignDocumentDetail, CampaignDocuments } from '../../../contract/api/tomes';

/** The GM shows a document to the campaign's players, or hides it again (GM-only is the default). */
export async function setDocumentVisibility(
  db: Kysely<DB>,
  userId: string,
  datasetId: string,
  documentId: string,
  input: z.input<typeof visibilitySchema>,
): Promise<{ id: string; player_visible: boolean }> {
  const { player_visible } = visibilitySchema.parse(input);
  await requireOwnedDocument(db, userId, datasetId, documentId);
  await db.updateTable('documents').set({ player_visible }).where('id', '=', documentId).where('user_id', '=', userId).execute();
  return { id: documentId, player_visible };
}

function campaignDocumentsQuery(db: Kysely<DB>, access: CampaignAccess, datasetIds: string[]) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('datasets as t', 't.id', 'd.dataset_id')
    .select([
      'd.id',
      'd.dataset_id',
      't.name as dataset_name',
      'd.filename',
      'd.file_type',
      'd.status',
      'd.token_count',
      'd.page_count',
      'd.player_visible',
      textHead('d', 2000).as('head'),
      MAY_HOLD_GM_BLOCKS.as('may_hold_gm_blocks'),
    ])
    .where('d.user_id', '=', access.ownerId)
    .where('d.dataset_id', 'in', datasetIds);
  if (access.audience === 'player') query = query.where('d.player_visible', '=', true).where('d.status', '=', 'ready');
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof campaignDocumentsQuery>['executeTakeFirstOrThrow']>>;

/** The document as the audience reads it; `full` is its whole text, read only when needed. */
function toDetail(row: Row, access: CampaignAccess, full: string | null): CampaignDocumentDetail {
  const gmBlocks = row.may_hold_gm_blocks === true && full !== null ? holdsGmBlocks(full, row.file_type) : row.may_hold_gm_blocks === true;
  const player = access.audience === 'player';
  const text = full ?? row.head ?? '';
  const content = player ? playerText(text, row.file_type) : text;
  return {
    id: row.id,
    dataset_id: row.dataset_id,
    dataset_name: row.dataset_name,
    filename: row.filename,
    file_type: row.file_type,
    status: row.status,
    token_count: player && gmBlocks ? estimateTokens(content) : row.token_count,
    page_count: row.page_count,
    content_preview: contentPreview(content.slice(0, 2_000), row.file_type),
    player_visible: row.player_visible,
    has_gm_blocks: !player && gmBlocks,
    content,
  };
}

export async function listCampaignDocuments(db: Kysely<DB>, access: CampaignAccess): Promise<CampaignDocuments> {
  const datasetIds = await linkedDatasetIds(db, access.ownerId, access.campaign.id);
  if (datasetIds.length === 0) return { documents: [], document_count: 0, total_tokens: 0 };
  const rows = await campaignDocumentsQuery(db, access, datasetIds).orderBy('t.name').orderBy('d.filename').execute();
  const documents: CampaignDocument[] = [];
  for (const row of rows) {
    // A player's counts and preview come from the text with its GM blocks cut, so the whole text is read for those.
    const full = access.audience === 'player' && row.may_hold_gm_blocks ? await readDocumentText(db, row.id) : null;
    const { content: _content, ...summary } = toDetail(row, access, full);
    documents.push(summary);
  }
  const ready = documents.filter((doc) => doc.status === 'ready');
  return { documents, document_count: ready.length, total_tokens: ready.reduce((sum, doc) => sum + doc.token_count, 0) };
}

/** One document of the campaign, as its audience reads it; 404 for anything else (hidden, unlinked, another campaign's). */
export async function getCampaignDocument(db: Kysely<DB>, access: CampaignAccess, documentId: string): Promise<CampaignDocumentDetail> {
  const datasetIds = isUuid(documentId) ? await linkedDatasetIds(db, access.ownerId, access.campaign.id) : [];
  const row = datasetIds.length > 0 ? await campaignDocumentsQuery(db, access, datasetIds).where('d.id', '=', documentId).executeTakeFirst() : undefined;
  if (!row) throw notFound('Document');
  return toDetail(row, access, await readDocumentText(db, row.id));
}

/** The ids of documents of the campaign the audience may read (all for the GM). */
export async function readableDocumentIds(db: Kysely<DB>, access: CampaignAccess, documentIds: string[]): Promise<Set<string>> {
  const wanted = documentIds.filter(isUuid);
  if (wanted.length === 0) return new Set();
  let query = db.selectFrom('documents').select('id').where('id', 'in', wanted).where('user_id', '=', access.ownerId);
  if (access.audience === 'player') query = query.where('player_visible', '=', true);
  return new Set((await query.execute()).map((row) => row.id));
}

/** A linked tome as the audience knows it: for a player, named by its visible documents alone. */
export interface CampaignTome {
  id: string;
  name: string;
  description: string;
  document_count: number;
  total_tokens: number;
}

/** The tomes the campaign's assistant reads for this audience; a player sees only tomes holding a visible document, counted from those. */
export async function listCampaignTomes(db: Kysely<DB>, access: CampaignAccess): Promise<CampaignTome[]> {
  const { documents } = await listCampaignDocuments(db, access);
  const datasetIds = access.audience === 'gm' ? await linkedDatasetIds(db, access.ownerId, access.campaign.id) : [...new Set(documents.map((d) => d.dataset_id))];
  if (datasetIds.length === 0) return [];
  const rows = await db
    .selectFrom('datasets')
    .select(['id', 'name', 'description'])
    .where('id', 'in', datasetIds)
    .where('user_id', '=', access.ownerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const ready = documents.filter((doc) => doc.dataset_id === row.id && doc.status === 'ready');
    return {
      id: row.id,
      name: row.name,
      // The GM's description of a tome is written for the GM.
      description: access.audience === 'player' ? '' : row.description,
      document_count: ready.length,
      total_tokens: ready.reduce((sum, doc) => sum + doc.token_count, 0),
    };
  });
}

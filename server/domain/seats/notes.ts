import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { noteFieldsSchema, noteUpdateSchema, type PlayerNote } from '../../../contract/api/seats';
import type { DB } from '../../db/schema';
import { notFound } from '../errors';
import { isUuid, requireCampaignAccess } from '../ownership';

/**
 * A player's private notes in a campaign. Whoever holds a seat (player or GM) keeps their own;
 * every query is keyed on the author, so nobody else, the GM included, ever reads them.
 */
export type { PlayerNote } from '../../../contract/api/seats';

const toNote = (row: { id: string; campaign_id: string; title: string; body: string; created_at: Date; updated_at: Date }): PlayerNote => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});
const COLUMNS = ['id', 'campaign_id', 'title', 'body', 'created_at', 'updated_at'] as const;

export async function listNotes(db: Kysely<DB>, userId: string, campaignId: string): Promise<PlayerNote[]> {
  await requireCampaignAccess(db, userId, campaignId);
  const rows = await db
    .selectFrom('player_notes')
    .select(COLUMNS)
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.map(toNote);
}

export async function createNote(db: Kysely<DB>, userId: string, campaignId: string, input: z.input<typeof noteFieldsSchema>): Promise<PlayerNote> {
  const fields = noteFieldsSchema.parse(input);
  await requireCampaignAccess(db, userId, campaignId);
  const row = await db
    .insertInto('player_notes')
    .values({ campaign_id: campaignId, user_id: userId, title: fields.title, body: fields.body, updated_at: new Date() })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toNote(row);
}

export async function updateNote(db: Kysely<DB>, userId: string, campaignId: string, noteId: string, input: z.input<typeof noteUpdateSchema>): Promise<PlayerNote> {
  const fields = noteUpdateSchema.parse(input);
  await requireCampaignAccess(db, userId, campaignId);
  if (!isUuid(noteId)) throw notFound('Note');
  const row = await db
    .updateTable('player_notes')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', noteId)
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound('Note');
  return toNote(row);
}

export async function deleteNote(db: Kysely<DB>, userId: string, campaignId: string, noteId: string): Promise<void> {
  await requireCampaignAccess(db, userId, campaignId);
  if (!isUuid(noteId)) throw notFound('Note');
  const deleted = await db
    .deleteFrom('player_notes')
    .where('id', '=', noteId)
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound('Note');
}

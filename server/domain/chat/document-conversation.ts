import type { Kysely } from 'kysely';
import type { ChatCitation } from '../../../contract/chat';
import type { DocumentChatMessage } from '../../../contract/api/chat';
import type { DB } from '../../db/schema';
import { requireOwnedDocument, type Audience, type CampaignAccess } from '../ownership';
import { getCampaignDocument } from '../tomes/campaign-documents';

export type { DocumentChatMessage } from '../../../contract/api/chat';

/**
 * The Document Assistant's conversation about one document: its latest, so the viewer shows
 * it again when the document is reopened (and a question without JavaScript continues it).
 */
export async function getDocumentConversation(
  db: Kysely<DB>,
  userId: string,
  datasetId: string,
  documentId: string,
): Promise<{ id: string; messages: DocumentChatMessage[] } | null> {
  await requireOwnedDocument(db, userId, datasetId, documentId);
  return latestDocumentConversation(db, userId, documentId, 'gm');
}

/** The caller's own latest conversation about a document of the campaign (a player's only about a visible one). */
export async function getCampaignDocumentConversation(
  db: Kysely<DB>,
  access: CampaignAccess,
  documentId: string,
): Promise<{ id: string; messages: DocumentChatMessage[] } | null> {
  await getCampaignDocument(db, access, documentId);
  return latestDocumentConversation(db, access.userId, documentId, access.audience);
}

async function latestDocumentConversation(db: Kysely<DB>, userId: string, documentId: string, audience: Audience) {
  const conversation = await db
    .selectFrom('conversations')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'document_chat')
    .where('document_id', '=', documentId)
    .where('audience', '=', audience)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!conversation) return null;
  const rows = await db
    .selectFrom('messages')
    .select(['role', 'content', 'citations', 'engine', 'engine_label', 'tokens', 'cost_info', 'created_at'])
    .where('conversation_id', '=', conversation.id)
    .orderBy('id')
    .execute();
  return {
    id: conversation.id,
    messages: rows.map((row) => ({
      role: row.role,
      content: row.content,
      timestamp: row.created_at.toISOString(),
      citations: (row.citations ?? []) as ChatCitation[],
      engine: row.engine,
      engine_label: row.engine_label,
      tokens: row.role === 'assistant' ? row.tokens : null,
      cost: row.role === 'assistant' ? (row.cost_info?.total_cost ?? 0) : null,
    })),
  };
}

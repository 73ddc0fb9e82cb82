import type { Kysely } from 'kysely';
import type { ChatCitation } from '../../../contract/chat';
import type { RevisionEntry } from '../../../contract/content';
import type { DB } from '../../db/schema';
import { requireOwnedCampaign } from '../ownership';
import { requireConversation } from '../chat/conversations';
import { revisionLog, turnsOf } from './content-conversations';
import { sourcesOf } from './sources';

export interface ContentSession {
  conversation_id: string;
  /** The first request: what the game master asked to create. */
  prompt: string;
  /** The latest version. */
  content: string;
  sources: string[];
  tokens: { total_tokens: number; total_cost: number };
  engine: string | null;
  engine_label: string | null;
  version: number;
  citations: ChatCitation[];
  log: RevisionEntry[];
}

/** A content conversation as the result screen shows it: the latest version and the whole revision log. */
export async function getContentSession(db: Kysely<DB>, userId: string, campaignId: string, conversationId: string): Promise<ContentSession> {
  await requireOwnedCampaign(db, userId, campaignId);
  const conversation = await requireConversation(db, userId, { kind: 'content', campaignId }, conversationId);
  const turns = await turnsOf(db, conversation.id);
  const versions = turns.filter((turn) => turn.role === 'assistant');
  const latest = versions.at(-1);
  return {
    conversation_id: conversation.id,
    prompt: turns.find((turn) => turn.role === 'user')?.content ?? '',
    content: latest?.content ?? '',
    sources: latest ? sourcesOf(latest.content) : [],
    tokens: { total_tokens: latest?.tokens ?? 0, total_cost: latest?.totalCost ?? 0 },
    engine: latest?.engine ?? null,
    engine_label: latest?.engineLabel ?? null,
    version: versions.length,
    citations: latest?.citations ?? [],
    log: revisionLog(turns),
  };
}

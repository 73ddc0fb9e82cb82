import type { Kysely } from 'kysely';
import type { ChatCitation } from '../../../contract/chat';
import type { RevisionEntry } from '../../../contract/content';
import type { ChatTurn } from '../../ai/types';
import type { DB } from '../../db/schema';
import { withoutCitations } from './sources';

/**
 * A content draft and its revisions are a conversation of kind 'content' on the campaign:
 * the game master's request and each change asked for (user turns), each version written
 * (assistant turns). Finding and writing one is chat/conversations.ts's (requireConversation,
 * saveExchange, owner kind 'content'); reading its turns as versions is here.
 */

export interface StoredTurn {
  role: 'user' | 'assistant';
  content: string;
  citations: ChatCitation[];
  engine: string | null;
  engineLabel: string | null;
  tokens: number;
  totalCost: number;
  createdAt: Date;
}

export async function turnsOf(db: Kysely<DB>, conversationId: string): Promise<StoredTurn[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['role', 'content', 'citations', 'engine', 'engine_label', 'tokens', 'cost_info', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    role: row.role,
    content: row.content,
    citations: (row.citations ?? []) as ChatCitation[],
    engine: row.engine,
    engineLabel: row.engine_label,
    tokens: row.tokens,
    totalCost: Number(row.cost_info?.total_cost ?? 0),
    createdAt: row.created_at,
  }));
}

/**
 * What the model is sent of the earlier turns of a revision: every request and change in
 * full (they are short and they are the point), the latest version in full, and earlier
 * versions as a one-line stand-in, so a long revision history does not crowd out the tomes.
 */
export function revisionHistory(turns: StoredTurn[]): ChatTurn[] {
  const lastAssistant = turns.map((turn) => turn.role).lastIndexOf('assistant');
  let version = 0;
  return turns.map((turn, index): ChatTurn => {
    if (turn.role === 'user') return { role: 'user', content: turn.content };
    version += 1;
    return index === lastAssistant
      ? { role: 'assistant', content: withoutCitations(turn.content) }
      : { role: 'assistant', content: `(Version ${version}, replaced by the revision that follows.)` };
  });
}

export function revisionLog(turns: StoredTurn[]): RevisionEntry[] {
  let version = 0;
  return turns.map((turn) => {
    if (turn.role === 'user') return { role: 'user', content: turn.content, timestamp: turn.createdAt.toISOString() };
    version += 1;
    return { role: 'assistant', content: turn.content, timestamp: turn.createdAt.toISOString(), version, tokens: turn.tokens };
  });
}

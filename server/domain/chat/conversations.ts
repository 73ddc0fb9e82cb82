import { sql, type Kysely } from 'kysely';
import type { ChatCitation } from '../../../contract/chat';
import {
  CONVERSATION_PAGE_DEFAULT,
  type Conversation,
  type ConversationPageRequest,
  type ConversationSummary,
  conversationPageSchema,
  conversationTitleSchema,
  PREVIEW_CHARACTERS,
} from '../../../contract/api/chat';
import type { ChatTurn, GenerateResult } from '../../ai/types';
import type { DB } from '../../db/schema';
import { estimateTokens } from '../../text/tokens';
import { notFound } from '../errors';
import { isUuid, type Audience, type CampaignAccess } from '../ownership';
import type { UsageFeature } from '../usage/usage';
import { generationCost, recordGeneration, type GenerationCost } from './usage-records';

export type { Conversation, ConversationPageRequest, ConversationSummary } from '../../../contract/api/chat';

/** One page of a campaign's conversations, newest first. */
export interface ConversationPage {
  conversations: ConversationSummary[];
  /** The cursor for the next, older page (`before`); null on the last page. */
  older: string | null;
}

/**
 * The caller's own conversations at the campaign (a player's are theirs alone, and the GM never
 * sees them), newest first, `limit` at a time. The cursor is the id of the page's last conversation: the
 * next page starts below its (updated_at, id), read in SQL so no precision is lost.
 */
export async function listConversations(db: Kysely<DB>, access: CampaignAccess, page: ConversationPageRequest = {}): Promise<ConversationPage> {
  const { limit = CONVERSATION_PAGE_DEFAULT, before, q } = conversationPageSchema.parse(page);
  const { userId } = access;
  const campaignId = access.campaign.id;
  let query = summaries(db)
    .where('cv.user_id', '=', userId)
    .where('cv.campaign_id', '=', campaignId)
    .where('cv.kind', '=', 'campaign_chat')
    .where('cv.audience', '=', access.audience);
  if (before) {
    query = query.where(sql<boolean>`(cv.updated_at, cv.id) < (select c.updated_at, c.id from conversations c where c.id = ${before} and c.user_id = ${userId})`);
  }
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(
      sql<boolean>`(cv.title ilike ${pattern} or exists (select 1 from messages m where m.conversation_id = cv.id and m.content ilike ${pattern}))`,
    );
  }
  const rows = await query
    .orderBy('cv.updated_at', 'desc')
    .orderBy('cv.id', 'desc')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit);
  return {
    conversations: shown.map(summaryOf),
    older: rows.length > limit ? shown[shown.length - 1].id : null,
  };
}

export async function getConversation(db: Kysely<DB>, access: CampaignAccess, conversationId: string): Promise<Conversation> {
  const { userId } = access;
  const campaignId = access.campaign.id;
  const conversation = await requireConversation(db, userId, { kind: 'campaign_chat', campaignId, audience: access.audience }, conversationId);
  const messages = await db
    .selectFrom('messages')
    .select(['role', 'content', 'citations', 'engine', 'engine_label', 'created_at'])
    .where('conversation_id', '=', conversation.id)
    .orderBy('id')
    .execute();
  return {
    id: conversation.id,
    campaign_id: campaignId,
    created_at: conversation.created_at.toISOString(),
    last_updated: conversation.updated_at.toISOString(),
    messages: messages.map((m) => ({
      role: m.role,
      content: m.content,
      timestamp: m.created_at.toISOString(),
      citations: (m.citations ?? []) as ChatCitation[],
      engine: m.engine,
      engine_label: m.engine_label,
    })),
  };
}

/** Renames one of the caller's conversations at the campaign (404 for anyone else's). */
export async function renameConversation(db: Kysely<DB>, access: CampaignAccess, conversationId: string, input: unknown): Promise<ConversationSummary> {
  const { title } = conversationTitleSchema.parse(input);
  const conversation = await requireConversation(
    db,
    access.userId,
    { kind: 'campaign_chat', campaignId: access.campaign.id, audience: access.audience },
    conversationId,
  );
  await db.updateTable('conversations').set({ title }).where('id', '=', conversation.id).execute();
  return summaryOf(await summaries(db).where('cv.id', '=', conversation.id).executeTakeFirstOrThrow());
}

/** Deletes one of the caller's conversations at the campaign with its messages (404 for anyone else's). */
export async function deleteConversation(db: Kysely<DB>, access: CampaignAccess, conversationId: string): Promise<void> {
  const conversation = await requireConversation(
    db,
    access.userId,
    { kind: 'campaign_chat', campaignId: access.campaign.id, audience: access.audience },
    conversationId,
  );
  await db.deleteFrom('conversations').where('id', '=', conversation.id).execute();
}

/** The conversations' columns a summary shows. */
function summaries(db: Kysely<DB>) {
  return db
    .selectFrom('conversations as cv')
    .select([
      'cv.id',
      'cv.title',
      'cv.updated_at',
      sql<string>`(select count(*) from messages m where m.conversation_id = cv.id)`.as('message_count'),
      sql<string | null>`(select m.content from messages m where m.conversation_id = cv.id and m.role = 'user' order by m.id limit 1)`.as('first_question'),
    ]);
}

function summaryOf(row: { id: string; title: string | null; updated_at: Date; message_count: string; first_question: string | null }): ConversationSummary {
  return {
    id: row.id,
    preview: preview(row.title ?? row.first_question ?? ''),
    title: row.title,
    message_count: Number(row.message_count),
    last_updated: row.updated_at.toISOString(),
  };
}

/**
 * What a conversation belongs to: campaign chats and content drafts (content/) to a campaign, document chats to a
 * document; chats also to the view they were held in (content drafts are the GM's alone).
 */
type ConversationOwner =
  | { kind: 'campaign_chat'; campaignId: string; audience: Audience }
  | { kind: 'content'; campaignId: string }
  | { kind: 'document_chat'; documentId: string; audience: Audience };

/** The view a conversation of this owner is held in. */
export function audienceOf(owner: ConversationOwner): Audience {
  return owner.kind === 'content' ? 'gm' : owner.audience;
}

/** A conversation of the caller's, of this campaign (or document), held in the same view; 404 otherwise. */
export async function requireConversation(db: Kysely<DB>, userId: string, owner: ConversationOwner, conversationId: string) {
  let query = db
    .selectFrom('conversations')
    .select(['id', 'created_at', 'updated_at'])
    .where('id', '=', isUuid(conversationId) ? conversationId : '00000000-0000-0000-0000-000000000000')
    .where('user_id', '=', userId)
    .where('kind', '=', owner.kind)
    .where('audience', '=', audienceOf(owner));
  query = owner.kind === 'document_chat' ? query.where('document_id', '=', owner.documentId) : query.where('campaign_id', '=', owner.campaignId);
  const conversation = await query.executeTakeFirst();
  if (!conversation) throw notFound(owner.kind === 'content' ? 'Content conversation' : 'Conversation');
  return conversation;
}

const HISTORY_TURNS = 12;
const HISTORY_TOKENS = 6_000;

/** The latest turns of a conversation, whole exchanges only, within a token budget. */
export async function historyOf(db: Kysely<DB>, conversationId: string | null): Promise<ChatTurn[]> {
  if (!conversationId) return [];
  const rows = await db
    .selectFrom('messages')
    .select(['role', 'content'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(HISTORY_TURNS)
    .execute();
  const turns: ChatTurn[] = [];
  let tokens = 0;
  for (const row of rows) {
    tokens += estimateTokens(row.content);
    if (tokens > HISTORY_TOKENS && turns.length > 0) break;
    turns.unshift({ role: row.role, content: row.content });
  }
  // The API wants the history to open with a user turn.
  while (turns.length > 0 && turns[0].role !== 'user') turns.shift();
  return turns;
}

/**
 * A question asked in a conversation (or starting one when `conversationId` is unset): the
 * exchange it will be saved as, the turns before it, and the question before it (a follow-up
 * searches it at half weight so it keeps its subject).
 */
export async function questionInConversation(
  db: Kysely<DB>,
  userId: string,
  owner: ConversationOwner,
  conversationId: string | null | undefined,
  question: string,
  askedAt: Date,
) {
  const continued = conversationId ? (await requireConversation(db, userId, owner, conversationId)).id : null;
  const history = await historyOf(db, continued);
  const previousQuestion = [...history].reverse().find((turn) => turn.role === 'user')?.content;
  return { exchange: { userId, conversationId: continued, owner, question, askedAt }, history, previousQuestion };
}

export interface ExchangeToSave {
  userId: string;
  conversationId: string | null;
  owner: ConversationOwner;
  question: string;
  askedAt: Date;
  answer: string;
  citations: ChatCitation[];
  engine: string;
  engineLabel?: string | null;
  tokens: number;
  costInfo: { total_cost: number; input_tokens: number; output_tokens: number };
}

/** The question and its answer, written together (with the conversation when it is new). */
export async function saveExchange(db: Kysely<DB>, exchange: ExchangeToSave): Promise<{ conversationId: string; answeredAt: Date }> {
  let conversationId = exchange.conversationId;
  const now = new Date();
  if (conversationId) {
    await db.updateTable('conversations').set({ updated_at: now }).where('id', '=', conversationId).execute();
  } else {
    const created = await db
      .insertInto('conversations')
      .values({
        user_id: exchange.userId,
        kind: exchange.owner.kind,
        campaign_id: exchange.owner.kind !== 'document_chat' ? exchange.owner.campaignId : null,
        document_id: exchange.owner.kind === 'document_chat' ? exchange.owner.documentId : null,
        audience: audienceOf(exchange.owner),
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    conversationId = created.id;
  }
  await db
    .insertInto('messages')
    .values([
      { conversation_id: conversationId, role: 'user', content: exchange.question, citations: '[]', engine: null, created_at: exchange.askedAt },
      {
        conversation_id: conversationId,
        role: 'assistant',
        content: exchange.answer,
        citations: JSON.stringify(exchange.citations),
        engine: exchange.engine,
        engine_label: exchange.engineLabel ?? null,
        tokens: exchange.tokens,
        cost_info: JSON.stringify(exchange.costInfo),
        created_at: now,
      },
    ])
    .execute();
  return { conversationId, answeredAt: now };
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARACTERS ? `${flat.slice(0, PREVIEW_CHARACTERS - 1)}…` : flat;
}

/** A model's answer to save: what it wrote, and the call to bill. */
export interface AnswerToSave extends Omit<ExchangeToSave, 'engine' | 'engineLabel' | 'tokens' | 'costInfo'> {
  result: GenerateResult;
  durationMs: number;
  feature: UsageFeature;
  /** The campaign the call is billed to (a player's use counts against its budget); null for none. */
  campaignId: string | null;
}

/** The exchange and the usage it cost, in one transaction: an answer is never saved unbilled, nor billed unsaved. */
export async function saveAnswer(db: Kysely<DB>, answer: AnswerToSave): Promise<{ conversationId: string; answeredAt: Date; cost: GenerationCost }> {
  const { result, durationMs, feature, campaignId, ...exchange } = answer;
  const cost = generationCost(result);
  const saved = await db.transaction().execute(async (trx) => {
    const written = await saveExchange(trx, {
      ...exchange,
      engine: result.engine,
      engineLabel: result.label ?? null,
      tokens: cost.total_tokens,
      costInfo: { total_cost: cost.total_cost, input_tokens: cost.input_tokens, output_tokens: cost.output_tokens },
    });
    await recordGeneration(trx, exchange.userId, feature, result, durationMs, campaignId);
    return written;
  });
  return { ...saved, cost };
}

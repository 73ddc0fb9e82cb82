import type { Kysely } from 'kysely';
import { type DocumentChatAnswer, type DocumentChatInput, documentChatSchema } from '../../../contract/api/chat';
import type { AiProviders } from '../../ai/providers';
import type { Citation, GenerateRequest } from '../../ai/types';
import type { DB } from '../../db/schema';
import { estimateTokens } from '../../text/tokens';
import { DomainError } from '../errors';
import { requireOwnedDocument, type CampaignAccess } from '../ownership';
import { getCampaignDocument } from '../tomes/campaign-documents';
import { readDocumentText } from '../tomes/document-text';
import { CONTEXT_BUDGETS, searchPassages, toAiPassage, type RetrievedPassage } from '../retrieval';
import { generateAnswer, providerFailure } from './ai-failure';
import { citationsFromPassages, pageOfQuote, placeCitations } from './citations';
import { questionInConversation, saveAnswer } from './conversations';
import { documentSystemPrompt } from './prompts';
import { requireCampaignBudget } from '../usage/campaign-budget';
import { recordSearchUsage } from './usage-records';
import { chatAnswer } from './exchange';

export type { DocumentChatAnswer, DocumentChatInput } from '../../../contract/api/chat';

/**
 * A document up to this size is sent whole, as a prompt-cached block, so follow-up questions
 * read it from the cache; a larger one is searched and only its best passages are sent.
 */
export const WHOLE_DOCUMENT_TOKENS = 60_000;

/** The GM's Document Assistant, from the tome's viewer. */
export async function askDocument(
  db: Kysely<DB>,
  userId: string,
  ai: AiProviders,
  datasetId: string,
  documentId: string,
  input: DocumentChatInput,
  options: { signal?: AbortSignal } = {},
): Promise<DocumentChatAnswer> {
  const document = await requireOwnedDocument(db, userId, datasetId, documentId);
  const content = await readDocumentText(db, documentId);
  return answerAboutDocument(db, { userId, ownerId: userId, audience: 'gm', campaignId: null }, ai, { ...document, content }, input, options);
}

/**
 * A document of a campaign, asked about by anyone with a seat: a player only about a visible
 * document, and only its text with the GM blocks cut out (whole, or its visible passages).
 */
export async function askCampaignDocument(
  db: Kysely<DB>,
  access: CampaignAccess,
  ai: AiProviders,
  documentId: string,
  input: DocumentChatInput,
  options: { signal?: AbortSignal } = {},
): Promise<DocumentChatAnswer> {
  const document = await getCampaignDocument(db, access, documentId);
  await requireCampaignBudget(db, access);
  return answerAboutDocument(db, { ...access, campaignId: access.campaign.id }, ai, document, input, options);
}

interface AskedDocument {
  id: string;
  dataset_id: string;
  filename: string;
  status: string;
  page_count: number | null;
  /** The text the reader may see. */
  content: string;
}

async function answerAboutDocument(
  db: Kysely<DB>,
  /** Who asks, whose document it is, and the campaign the call is billed to (null from the tome's viewer). */
  reader: Pick<CampaignAccess, 'userId' | 'ownerId' | 'audience'> & { campaignId: string | null },
  ai: AiProviders,
  document: AskedDocument,
  input: DocumentChatInput,
  options: { signal?: AbortSignal },
): Promise<DocumentChatAnswer> {
  const askedAt = new Date();
  const { query, conversation_id } = documentChatSchema.parse(input);
  const { userId, ownerId, audience, campaignId } = reader;
  const { id: documentId, dataset_id: datasetId, content } = document;
  if (document.status === 'processing') throw new DomainError(409, 'This document is still being processed. Ask again once it is ready.');
  if (document.status === 'failed') throw new DomainError(409, 'This document could not be processed, so there is nothing to ask about.');
  const owner = { kind: 'document_chat' as const, documentId, audience };
  const { exchange, history, previousQuestion } = await questionInConversation(db, userId, owner, conversation_id, query, askedAt);

  const whole = estimateTokens(content) <= WHOLE_DOCUMENT_TOKENS;
  const request: GenerateRequest = {
    system: documentSystemPrompt(document.filename, whole),
    messages: [...history, { role: 'user', content: query }],
    maxTokens: CONTEXT_BUDGETS.medium.answerTokens,
    signal: options.signal,
  };
  let passages: RetrievedPassage[] = [];
  if (whole) {
    request.cacheSystem = true;
    request.cacheDocument = { sourceId: document.id, title: document.filename, content };
  } else {
    const search = await searchPassages(db, {
      scope: { userId: ownerId, datasetIds: [datasetId], documentId, audience },
      query,
      contextQuery: previousQuestion,
      embedder: ai.embedder,
      reranker: ai.reranker,
      level: 'medium',
    }).catch((error: unknown) => {
      throw providerFailure(error);
    });
    await recordSearchUsage(db, userId, search, campaignId);
    passages = search.passages;
    request.messages[request.messages.length - 1] = {
      role: 'user',
      content: query,
      passages: passages.map(toAiPassage),
    };
  }

  const { result, durationMs } = await generateAnswer(ai.generator, request);
  const citations = await placeCitations(
    db,
    { ownerId, audience },
    whole
      ? result.citations.map((citation: Citation) => ({
          source_id: document.id,
          filename: document.filename,
          quote: citation.quote,
          document_id: document.id,
          dataset_id: document.dataset_id,
          page: pageOfQuote(content, citation.quote, document.page_count),
          start: null,
          end: null,
        }))
      : citationsFromPassages(result.citations, passages),
    passages,
  );
  const { cost, ...saved } = await saveAnswer(db, { ...exchange, answer: result.text, citations, result, durationMs, feature: 'document_chat', campaignId });
  const costInfo = { total_cost: cost.total_cost, input_tokens: cost.input_tokens, output_tokens: cost.output_tokens };
  return {
    ...chatAnswer(result, citations, saved),
    mode: whole ? 'whole_document' : 'retrieval',
    tokens: cost.total_tokens,
    usage: cost,
    cost_info: costInfo,
  };
}

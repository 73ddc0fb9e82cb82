import type { Kysely } from 'kysely';
import type { ChatCitation } from '../../../contract/chat';
import type { GeneratedContent } from '../../../contract/content';
import { OFFLINE_GENERATION_MODEL } from '../../ai/offline-generator';
import type { AiProviders } from '../../ai/providers';
import type { ChatTurn, GenerateResult } from '../../ai/types';
import type { DB } from '../../db/schema';
import { estimateTokens } from '../../text/tokens';
import { providerFailure } from '../chat/ai-failure';
import { citationsFromPassages, placeCitations } from '../chat/citations';
import { badRequest } from '../errors';
import { linkedDatasetIds, requireOwnedCampaign, requireOwnedDataset } from '../ownership';
import { toAiPassage, type RetrievedPassage } from '../retrieval';
import { requireConversation, saveAnswer } from '../chat/conversations';
import { revisionHistory, turnsOf, type StoredTurn } from './content-conversations';
import { contentContext, statBlockSections } from './context';
import { documentMarkdown } from './front-matter';
import { parseCreateContent, type CreateContentBody, type CreateContentInput } from './input';
import { offlineDraft, offlineRevision } from './offline-draft';
import { CONTENT_ANSWER_TOKENS, contentSystemPrompt, revisionInstruction } from './prompts';
import { entryOf, sourcesOf, splitSources, withoutCitations, withSources } from './sources';

interface Written {
  content: string;
  citations: ChatCitation[];
  result: GenerateResult;
}

/**
 * Generates a character, location, mission or lore from the game master's tomes (the primary
 * tome first, then the campaign's other linked tomes), or revises the latest version: the
 * revision keeps the conversation, changes what was asked and keeps the rest. The request and
 * the version written are stored in the content conversation, and the call as usage.
 */
export async function createContent(
  db: Kysely<DB>,
  userId: string,
  ai: AiProviders,
  campaignId: string,
  body: Partial<Record<keyof CreateContentBody, unknown>>,
): Promise<GeneratedContent> {
  const askedAt = new Date();
  const campaign = await requireOwnedCampaign(db, userId, campaignId);
  const input = parseCreateContent(body);
  await requireOwnedDataset(db, userId, input.primaryDatasetId);
  const conversationId = input.conversationId ? (await requireConversation(db, userId, { kind: 'content', campaignId }, input.conversationId)).id : null;
  const turns = conversationId ? await turnsOf(db, conversationId) : [];
  const lastVersion = [...turns].reverse().find((turn) => turn.role === 'assistant');
  const current = input.isRevision ? (input.originalContent ?? lastVersion?.content ?? null) : null;
  if (input.isRevision && !current) throw badRequest('There is no draft to revise yet: generate one first.');
  const firstRequest = turns.find((turn) => turn.role === 'user')?.content;

  const passages = await contentContext(db, {
    userId,
    primaryDatasetId: input.primaryDatasetId,
    linkedDatasetIds: await linkedDatasetIds(db, userId, campaignId),
    contentType: input.contentType,
    characterFormat: input.characterFormat,
    query: input.prompt,
    contextQuery: input.isRevision ? firstRequest : undefined,
    embedder: ai.embedder,
    reranker: ai.reranker,
  });

  const started = performance.now();
  const written =
    ai.generator.engine === 'offline'
      ? writeOffline(input, passages, current, input.characterFormat === 'stats' && !current ? await statBlockSections(db, userId, passages) : [])
      : await writeWithModel(ai, campaign, input, passages, current, input.isRevision ? turns : [], lastVersion);
  const durationMs = performance.now() - started;
  written.citations = await placeCitations(db, userId, written.citations, passages);

  const saved = await saveAnswer(db, {
    userId,
    owner: { kind: 'content', campaignId },
    conversationId,
    question: input.prompt,
    askedAt,
    answer: written.content,
    citations: written.citations,
    result: written.result,
    durationMs,
    feature: 'content_generation',
    campaignId: null,
  });

  const sources = sourcesOf(written.content);
  return {
    content: written.content,
    markdown: documentMarkdown({
      content: written.content,
      contentType: input.contentType,
      characterFormat: input.characterFormat,
      campaignName: campaign.name,
      sources,
      generatedAt: new Date(),
    }),
    sources,
    tokens: { total_tokens: saved.cost.total_tokens, total_cost: saved.cost.total_cost },
    conversation_id: saved.conversationId,
    content_type: input.contentType,
    character_format: input.characterFormat,
    engine: written.result.engine,
    engine_label: written.result.label ?? null,
    version: turns.filter((turn) => turn.role === 'assistant').length + 1,
    citations: written.citations,
  };
}

async function writeWithModel(
  ai: AiProviders,
  campaign: { name: string; description: string },
  input: CreateContentInput,
  passages: RetrievedPassage[],
  current: string | null,
  turns: StoredTurn[],
  lastVersion: StoredTurn | undefined,
): Promise<Written> {
  let history: ChatTurn[] = [];
  let request = input.prompt;
  if (current !== null) {
    history = revisionHistory(turns);
    // The game master may have edited the version on screen: then that one is revised.
    const edited = !lastVersion || withoutCitations(lastVersion.content).trim() !== withoutCitations(current).trim();
    request = revisionInstruction(input.prompt, input.contentType, edited ? withoutCitations(current) : null);
  }
  const result = await ai.generator
    .generate({
      system: contentSystemPrompt(campaign, input.contentType, input.characterFormat, passages.length > 0),
      messages: [...history, { role: 'user', content: request, passages: passages.map(toAiPassage) }],
      maxTokens: CONTENT_ANSWER_TOKENS,
    })
    .catch((error: unknown) => {
      throw providerFailure(error);
    });
  const entries = result.citations.map((citation) => {
    const passage = passages[citation.passageIndex];
    return passage ? entryOf(passage, citation.quote) : { filename: 'an unknown source', detail: '', quote: citation.quote };
  });
  return {
    content: withSources(
      result.text,
      entries,
      passages.map((p) => p.filename),
    ),
    citations: citationsFromPassages(result.citations, passages),
    result,
  };
}

function writeOffline(input: CreateContentInput, passages: RetrievedPassage[], current: string | null, sections: RetrievedPassage[][]): Written {
  let content: string;
  let citations: ChatCitation[];
  if (current !== null) {
    const { body, entries, consulted } = splitSources(current);
    const draft = offlineRevision({
      contentType: input.contentType,
      currentBody: body,
      existingEntries: entries.length,
      change: input.prompt,
      passages,
    });
    content = withSources(draft.body, [...entries, ...draft.entries], [...consulted, ...passages.map((p) => p.filename)]);
    citations = draft.citations;
  } else {
    const draft = offlineDraft({
      contentType: input.contentType,
      characterFormat: input.characterFormat,
      prompt: input.prompt,
      passages,
      statBlockSections: sections,
    });
    content = withSources(
      draft.body,
      draft.entries,
      passages.map((p) => p.filename),
    );
    citations = draft.citations;
  }
  const read = [input.prompt, current ?? '', ...passages.map((p) => p.content)].join('\n');
  return {
    content,
    citations,
    result: {
      text: content,
      citations: [],
      usage: { inputTokens: estimateTokens(read), outputTokens: estimateTokens(content), cacheReadTokens: 0, cacheWriteTokens: 0 },
      model: OFFLINE_GENERATION_MODEL,
      engine: 'offline',
    },
  };
}

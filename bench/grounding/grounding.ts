import { requireCampaignAccess } from '../../server/domain/ownership';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { CONTEXT_LEVELS, type ChatCitation, type ContextLevel } from '../../contract/chat';
import type { AiProviders } from '../../server/ai/providers';
import type { DB } from '../../server/db/schema';
import { askCampaign } from '../../server/domain/chat';
import { refreshSearchStatistics, searchPassages } from '../../server/domain/retrieval';
import { indexPendingVectors } from '../../server/domain/retrieval/vector-index';
import { sharedPath } from '../../tests/support/shared-dir';
import type { TestApp } from '../../tests/support/test-app';
import { createTome, uploadAndWait } from '../../tests/support/tome-upload';
import { answers, quotesAnswer, type GroundingQuestion } from './questions';
import { readDocumentText } from '../../server/domain/tomes/document-text';

/**
 * The grounding evaluation, shared by `npm run bench:grounding` (figures) and
 * grounding.corpus.test.ts (floors): one tome holding the SRD (../shared/corpus/srd5 but
 * 00-legal.md) and the Ember Crown fixtures, ingested through the API and the real job.
 */
export const GROUNDING_TOME_NAME = 'SRD and the Ember Crown';

export function groundingFiles(): string[] {
  return [
    ...fs
      .readdirSync(sharedPath('corpus', 'srd5'))
      .filter((f) => f.endsWith('.md') && f !== '00-legal.md')
      .sort()
      .map((f) => sharedPath('corpus', 'srd5', f)),
    sharedPath('fixtures', 'formats', 'ember-crown-lore.md'),
    sharedPath('fixtures', 'formats', 'session-12.log'),
  ];
}

/** Uploads every file into one new tome and waits for each ingestion job (workers must run). */
export async function ingestGroundingTome(t: TestApp, token: string): Promise<string> {
  const datasetId = await createTome(t, token, GROUNDING_TOME_NAME);
  for (const file of groundingFiles()) {
    const { job } = await uploadAndWait(t, token, datasetId, path.basename(file), new Uint8Array(fs.readFileSync(file)));
    if (job.status !== 'completed') throw new Error(`${path.basename(file)}: ${job.status} ${job.error}`);
  }
  // What the vector job does once the uploads are processed (ADR 0244), done here so that every
  // question meets the same vector index whenever the job would have run.
  await indexPendingVectors(t.services.db);
  await refreshSearchStatistics(t.services.db);
  return datasetId;
}

export interface GroundingOutcome {
  question: GroundingQuestion;
  /** At each context level: a passage that answers is among those the AI is given. */
  recall: Record<ContextLevel, boolean>;
  /** The medium level's passages, best first, marked '*' when they answer (for reading misses). */
  mediumPassages: string[];
  /** The offline answer cites a passage that answers. */
  passage: boolean;
  /** ...with a quote that is the answer (or part of it). */
  cited: boolean;
  /** ...and its first citation is such a quote. */
  lead: boolean;
  citations: ChatCitation[];
}

export interface GroundingTarget {
  db: Kysely<DB>;
  ai: AiProviders;
  userId: string;
  datasetId: string;
  /** A campaign linked to the tome: the answer is asked of it (medium level, the default). */
  campaignId: string;
}

/** Searches each question at every level and asks it of the campaign. */
export async function measureQuestion(target: GroundingTarget, question: GroundingQuestion): Promise<GroundingOutcome> {
  const { db, ai, userId, datasetId, campaignId } = target;
  const recall = {} as Record<ContextLevel, boolean>;
  let mediumPassages: string[] = [];
  for (const level of CONTEXT_LEVELS) {
    const { passages } = await searchPassages(db, {
      scope: { userId, datasetIds: [datasetId] },
      query: question.question,
      embedder: ai.embedder,
      reranker: ai.reranker,
      level,
    });
    recall[level] = passages.some((p) => answers(question, p));
    if (level === 'medium') {
      mediumPassages = passages.map((p, i) => `${answers(question, p) ? '*' : ''}${i + 1} ${p.filename} ${p.headingPath.split(' > ').slice(-2).join(' > ')}`);
    }
  }
  const answer = await askCampaign(db, await requireCampaignAccess(db, userId, campaignId), ai, { query: question.question });
  const chunks = answer.citations.length
    ? await db
        .selectFrom('chunks as c')
        .innerJoin('documents as d', 'd.id', 'c.document_id')
        .select(['c.id', 'c.content', 'c.heading_path', 'd.filename'])
        .where(
          'c.id',
          'in',
          answer.citations.map((c) => Number(c.source_id)),
        )
        .execute()
    : [];
  const fromAnswering = answer.citations.map((citation) => {
    const chunk = chunks.find((c) => String(c.id) === citation.source_id);
    return chunk !== undefined && answers(question, { filename: chunk.filename, headingPath: chunk.heading_path, content: chunk.content });
  });
  const hits = answer.citations.map((citation, i) => fromAnswering[i] && quotesAnswer(question, citation.quote));
  return {
    question,
    recall,
    mediumPassages,
    passage: fromAnswering.some(Boolean),
    cited: hits.some(Boolean),
    lead: hits[0] === true,
    citations: answer.citations,
  };
}

export interface CitationCheck {
  quotes: number;
  verbatim: number;
  /** Citations carrying start/end. */
  located: number;
  /** ...whose content.slice(start, end) is the quote. */
  offsetsRight: number;
  notVerbatim: string[];
}

/** Every citation's quote, verbatim in its document's stored content (and at its offsets). */
export async function checkCitations(db: Kysely<DB>, citations: ChatCitation[]): Promise<CitationCheck> {
  const contents = new Map<string, string>();
  const check: CitationCheck = { quotes: 0, verbatim: 0, located: 0, offsetsRight: 0, notVerbatim: [] };
  for (const citation of citations) {
    check.quotes += 1;
    if (!citation.document_id) {
      check.notVerbatim.push(`${citation.filename}: (no document) ${citation.quote.slice(0, 100)}`);
      continue;
    }
    if (!contents.has(citation.document_id)) {
      contents.set(citation.document_id, await readDocumentText(db, citation.document_id));
    }
    const content = contents.get(citation.document_id)!;
    if (content.includes(citation.quote)) check.verbatim += 1;
    else check.notVerbatim.push(`${citation.filename}: ${citation.quote.slice(0, 100)}`);
    if (typeof citation.start === 'number' && typeof citation.end === 'number') {
      check.located += 1;
      if (content.slice(citation.start, citation.end) === citation.quote) check.offsetsRight += 1;
    }
  }
  return check;
}

/** The share (0..1) of outcomes for which `pick` holds; 1 for none. */
export function share(outcomes: GroundingOutcome[], pick: (o: GroundingOutcome) => boolean): number {
  return outcomes.length === 0 ? 1 : outcomes.filter(pick).length / outcomes.length;
}

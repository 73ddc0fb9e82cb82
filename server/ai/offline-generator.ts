import { abortedError, AiProviderError } from './errors';
import { questionTermsOf, scoreSentences } from './sentence-scoring';
import type { TextSpan } from './sentences';
import { estimateTokens } from './token-estimate';
import type { Citation, GenerateRequest, GenerateResult, TextGenerator } from './types';

export const OFFLINE_GENERATION_MODEL = 'offline-extractive-v1';
export const OFFLINE_NOTE = "_Offline engine: answering from your tomes' passages without an AI model._";
export const NO_PASSAGES_MESSAGE =
  'Nothing in the linked tomes matched this question. Link a tome that covers it, or rephrase the question using the words your rulebook uses.';

/** Something the answer may quote: a passage, or the cached document (passageIndex -1). */
interface Source {
  passageIndex: number;
  sourceId: string;
  title: string;
  page?: number | null;
  headingPath?: string;
  content: string;
  rank: number;
}

interface Candidate {
  source: Source;
  span: TextSpan;
  position: number;
  score: number;
  heading: boolean;
}

/**
 * The answer engine when no AI key is configured: it quotes the passages' sentences that
 * share the most (and the rarest) words with the question, with real citations.
 */
export class OfflineGenerator implements TextGenerator {
  readonly engine = 'offline' as const;
  readonly model = OFFLINE_GENERATION_MODEL;
  readonly opening = `${OFFLINE_NOTE}\n\n`;

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    if (request.tool) {
      throw new AiProviderError(
        'unsupported',
        'offline',
        'The offline engine cannot produce structured output. Use the offline extractor for this feature instead.',
      );
    }
    if (request.signal?.aborted) throw abortedError('offline');

    const question = [...request.messages].reverse().find((turn) => turn.role === 'user')?.content ?? '';
    const sources = collectSources(request);
    const { text, citations } = composeAnswer(question, sources, request.maxTokens);

    if (request.onText) {
      // Sentence by sentence, each on its own turn of the event loop, so a stream writes each apart.
      for (const piece of answerPieces(text)) {
        if (request.signal?.aborted) throw abortedError('offline');
        request.onText(piece);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }

    const inputText = [request.system, ...request.messages.map((turn) => turn.content), ...sources.map((source) => source.content)].join('\n');
    return {
      text,
      citations,
      usage: { inputTokens: estimateTokens(inputText), outputTokens: estimateTokens(text), cacheReadTokens: 0, cacheWriteTokens: 0 },
      model: this.model,
      engine: this.engine,
    };
  }
}

/** The answer cut after each paragraph and each cited sentence (its `[n]` marker); the pieces join back to it. */
export function answerPieces(text: string): string[] {
  return text.split(/(?<=\n\n)|(?<=\[\d+\])(?=\s)/).filter((piece) => piece !== '');
}

function collectSources(request: GenerateRequest): Source[] {
  const sources: Source[] = [];
  for (const turn of request.messages) {
    if (turn.role !== 'user') continue;
    for (const passage of turn.passages ?? []) {
      sources.push({ ...passage, passageIndex: sources.length, rank: sources.length });
    }
  }
  if (request.cacheDocument) {
    const { sourceId, title, content } = request.cacheDocument;
    sources.push({ passageIndex: -1, sourceId, title, content, rank: sources.length });
  }
  return sources;
}

/** How fast trust in a passage falls with its retrieval rank. */
const RANK_DECAY = 0.25;
const POSITION_BONUS = 0.15;
/** How weak (against the lead) the best passage's sentence may be and still be quoted. */
const TOP_PASSAGE_FLOOR = 0.1;

function sentenceBudget(maxTokens: number): number {
  if (maxTokens <= 256) return 2;
  if (maxTokens <= 600) return 3;
  if (maxTokens <= 1200) return 4;
  return 5;
}

function composeAnswer(question: string, sources: Source[], maxTokens: number): { text: string; citations: Citation[] } {
  if (sources.length === 0) return { text: `${OFFLINE_NOTE}\n\n${NO_PASSAGES_MESSAGE}`, citations: [] };

  const candidates = scoreCandidates(question, sources);
  const matching = candidates.filter((candidate) => candidate.score > 0 && !candidate.heading).sort((a, b) => b.score - a.score);

  if (matching.length === 0) {
    const closest = candidates.find((candidate) => candidate.source.rank === 0 && !candidate.heading) ?? candidates.find((c) => !c.heading);
    if (!closest) return { text: `${OFFLINE_NOTE}\n\n${NO_PASSAGES_MESSAGE}`, citations: [] };
    const lead = `None of the passages found in your tomes clearly answers this. The closest one, from ${sourceLabel(closest.source)}, says:`;
    return render(lead, [closest]);
  }

  // The sentence that answers leads; a few supporting ones follow, best first.
  const best = matching[0];
  const budget = sentenceBudget(maxTokens);
  const chosen: Candidate[] = [best];
  const seen = new Set([best.span.text.toLowerCase()]);
  const choose = (candidate: Candidate) => {
    const key = candidate.span.text.toLowerCase();
    if (chosen.length >= budget || seen.has(key)) return;
    seen.add(key);
    chosen.push(candidate);
  };
  // Retrieval's best passage (reranked against the question, names and titles included) always
  // has its say when a sentence of it matches: a lower passage may lead, but not on its own.
  const fromTop = matching.find((c) => c.source.rank === 0);
  if (fromTop && best.source.rank !== 0 && fromTop.score >= best.score * TOP_PASSAGE_FLOOR) choose(fromTop);
  // The sentence right after the lead often finishes the rule.
  const next = candidates.find((c) => c.source === best.source && c.position === best.position + 1 && !c.heading);
  if (next && next.score >= best.score * 0.2) choose(next);
  // A longer answer may take in weaker support.
  const floor = budget >= 4 ? 0.35 : 0.6;
  for (const candidate of matching) if (candidate.score >= best.score * floor) choose(candidate);
  const lead = new Set(chosen.map((c) => c.source.rank)).size === 1 ? `Here is what ${sourceLabel(chosen[0].source)} says:` : 'Here is what your tomes say:';
  return render(lead, chosen);
}

function scoreCandidates(question: string, sources: Source[]): Candidate[] {
  const scored = scoreSentences(questionTermsOf(question), sources);
  // Passages come best first from retrieval (reranked against the question already): a
  // sentence of a lower-ranked passage must match clearly better to lead.
  return scored.map((s) => {
    const source = sources[s.passageIndex];
    // Within a passage, a rule is stated before it is qualified: earlier sentences a little ahead.
    const prior = (1 / (1 + RANK_DECAY * source.rank)) * (1 + POSITION_BONUS / (1 + s.position));
    return { source, span: s.span, position: s.position, score: s.score * prior, heading: s.heading };
  });
}

function sourceLabel(source: Source): string {
  const details: string[] = [];
  if (source.page !== undefined && source.page !== null) details.push(`p. ${source.page}`);
  if (source.headingPath) details.push(source.headingPath);
  return details.length > 0 ? `**${source.title}** (${details.join(', ')})` : `**${source.title}**`;
}

function render(lead: string, chosen: Candidate[]): { text: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const sections: string[] = [];
  let current: { rank: number; parts: string[]; lastPosition: number } | undefined;
  const flush = () => {
    if (current) sections.push(`> ${current.parts.join('')}`);
  };

  for (const candidate of chosen) {
    citations.push({
      passageIndex: candidate.source.passageIndex,
      sourceId: candidate.source.sourceId,
      quote: candidate.span.text,
    });
    const quoted = `${candidate.span.text.replace(/\s*\n\s*/g, ' ')} [${citations.length}]`;
    if (current && current.rank === candidate.source.rank) {
      current.parts.push(candidate.position === current.lastPosition + 1 ? ` ${quoted}` : ` … ${quoted}`);
      current.lastPosition = candidate.position;
      continue;
    }
    flush();
    if (chosen.some((other) => other.source.rank !== candidate.source.rank)) {
      sections.push(`${sourceLabel(candidate.source)}:`);
    }
    current = { rank: candidate.source.rank, parts: [quoted], lastPosition: candidate.position };
  }
  flush();

  return { text: [OFFLINE_NOTE, lead, ...sections].join('\n\n'), citations };
}

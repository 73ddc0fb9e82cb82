import { abortedError, AiProviderError } from './errors';
import { splitSentences, type TextSpan } from './sentences';
import { contentTerms, stem } from './terms';
import { estimateTokens } from './token-estimate';
import type { Citation, GenerateRequest, GenerateResult, TextGenerator } from './types';

export const OFFLINE_GENERATION_MODEL = 'offline-extractive-v1';
export const OFFLINE_NOTE = "_Offline engine: answering from your tomes' passages without an AI model._";
export const NO_PASSAGES_MESSAGE =
  'Nothing in the linked tomes matched this question. Link a tome that covers it, or rephrase the question using the words your rulebook uses.';

/**
 * Words in almost every GM question that say little about which rule is meant
 * ("what happens when a character..."); they count for less than the rest.
 */
const GENERIC_TERMS = new Set(['character', 'creature', 'player', 'gm', 'dm', 'rule', 'game', 'happen', 'work'].map(stem));
const GENERIC_WEIGHT = 0.3;

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
  terms: Set<string>;
  bigrams: Set<string>;
  score: number;
}

/**
 * The answer engine when no AI key is configured: it quotes the passages' sentences that
 * share the most (and the rarest) words with the question, with real citations.
 */
export class OfflineGenerator implements TextGenerator {
  readonly engine = 'offline' as const;
  readonly model = OFFLINE_GENERATION_MODEL;

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

    for (const piece of text.split(/(?<=\n\n)/)) request.onText?.(piece);

    const inputText = [
      request.system,
      ...request.messages.map((turn) => turn.content),
      ...sources.map((source) => source.content),
    ].join('\n');
    return {
      text,
      citations,
      usage: { inputTokens: estimateTokens(inputText), outputTokens: estimateTokens(text), cacheReadTokens: 0, cacheWriteTokens: 0 },
      model: this.model,
      engine: this.engine,
    };
  }
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

function sentenceBudget(maxTokens: number): number {
  if (maxTokens <= 256) return 2;
  if (maxTokens <= 600) return 3;
  if (maxTokens <= 1200) return 4;
  return 5;
}

function composeAnswer(
  question: string,
  sources: Source[],
  maxTokens: number,
): { text: string; citations: Citation[] } {
  if (sources.length === 0) return { text: `${OFFLINE_NOTE}\n\n${NO_PASSAGES_MESSAGE}`, citations: [] };

  const candidates = scoreCandidates(question, sources);
  const matching = candidates.filter((candidate) => candidate.score > 0).sort((a, b) => b.score - a.score);

  if (matching.length === 0) {
    const closest = candidates.find((candidate) => candidate.source.rank === 0 && !looksLikeHeading(candidate))
      ?? candidates[0];
    if (!closest) return { text: `${OFFLINE_NOTE}\n\n${NO_PASSAGES_MESSAGE}`, citations: [] };
    const lead = `None of the passages found in your tomes clearly answers this. The closest one, from ${sourceLabel(closest.source)}, says:`;
    return render(lead, [closest]);
  }

  const best = matching[0].score;
  const budget = sentenceBudget(maxTokens);
  const chosen: Candidate[] = [];
  const seen = new Set<string>();
  const choose = (candidate: Candidate) => {
    const key = candidate.span.text.toLowerCase();
    if (chosen.length >= budget || seen.has(key)) return;
    seen.add(key);
    chosen.push(candidate);
  };
  // Weak matches only dilute a strong one...
  for (const candidate of matching) if (candidate.score >= best * 0.5) choose(candidate);
  // ...but the sentence right after a chosen one often finishes the rule, so it needs less.
  for (const candidate of matching) {
    const follows = chosen.some((c) => c.source === candidate.source && c.position === candidate.position - 1);
    if (follows && candidate.score >= best * 0.2) choose(candidate);
  }
  chosen.sort((a, b) => a.source.rank - b.source.rank || a.position - b.position);
  const lead = new Set(chosen.map((c) => c.source.rank)).size === 1
    ? `Here is what ${sourceLabel(chosen[0].source)} says:`
    : 'Here is what your tomes say:';
  return render(lead, chosen);
}

function scoreCandidates(question: string, sources: Source[]): Candidate[] {
  const questionTerms = contentTerms(question);
  const questionSet = new Set(questionTerms);
  const questionBigrams = bigramsOf(questionTerms);

  const candidates: Candidate[] = [];
  for (const source of sources) {
    splitSentences(source.content).forEach((span, position) => {
      const terms = contentTerms(span.text);
      candidates.push({ source, span, position, terms: new Set(terms), bigrams: bigramsOf(terms), score: 0 });
    });
  }

  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const term of candidate.terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string) =>
    Math.log(1 + candidates.length / (1 + (documentFrequency.get(term) ?? 0))) * (GENERIC_TERMS.has(term) ? GENERIC_WEIGHT : 1);
  const questionWeight = [...questionSet].reduce((sum, term) => sum + idf(term), 0);

  const titleMatches = new Map<Source, number>();
  for (const source of sources) {
    const titleTerms = new Set(contentTerms(`${source.title} ${source.headingPath ?? ''}`));
    titleMatches.set(source, [...questionSet].filter((term) => titleTerms.has(term)).length);
  }

  for (const candidate of candidates) {
    const matched = [...questionSet].filter((term) => candidate.terms.has(term));
    if (matched.length === 0) continue;
    const overlap = matched.reduce((sum, term) => sum + idf(term), 0);
    const coverage = questionWeight > 0 ? overlap / questionWeight : 0;
    const phraseHits = [...questionBigrams].filter((bigram) => candidate.bigrams.has(bigram)).length;
    const lengthFactor = candidate.terms.size > 40 ? Math.sqrt(40 / candidate.terms.size) : 1;
    const headingFactor = looksLikeHeading(candidate) ? 0.3 : 1;
    candidate.score =
      (overlap * (0.5 + coverage) + phraseHits * 0.5) * lengthFactor * headingFactor +
      0.15 * (titleMatches.get(candidate.source) ?? 0) +
      0.1 / (1 + candidate.source.rank) +
      0.05 / (1 + candidate.position);
  }
  return candidates;
}

function bigramsOf(terms: string[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i < terms.length; i += 1) pairs.add(`${terms[i - 1]} ${terms[i]}`);
  return pairs;
}

function looksLikeHeading(candidate: Candidate): boolean {
  return candidate.terms.size < 6 && !/[.!?:;]["'’”)\]]*$/.test(candidate.span.text);
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

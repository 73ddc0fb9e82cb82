import { CONTENT_TYPE_LABELS, type CharacterFormat, type ContentType } from '../../../contract/content';
import type { ChatCitation } from '../../../contract/chat';
import { splitSentences } from '../../ai/sentences';
import { contentTerms } from '../../ai/terms';
import { extractConceptsOffline, type ConceptType, type ExtractedConcept } from '../concept-map/extract';
import type { RetrievedPassage } from '../retrieval';
import { entryOf, type SourceEntry } from './sources';
import { looksLikeStatBlock, mergeStatBlocks, readStatBlock, renderStatBlock, statBlockScore, type StatBlock } from './stat-block';

/**
 * The offline engine's content: it cannot write, so it gathers what the game master's tomes
 * hold for the request (facts, names of people, places and factions, the closest stat block),
 * quotes them with numbered citations, and says plainly that it is an offline draft.
 */

export interface OfflineDraft {
  /** Markdown with markers [n], numbered after `startAt` existing entries. */
  body: string;
  entries: SourceEntry[];
  citations: ChatCitation[];
}

const MAX_FACTS = 6;
const MAX_FACTS_PER_PASSAGE = 2;
const MAX_NAMES_PER_GROUP = 6;
const MIN_FACT_WORDS = 6;

const GROUP_TITLES: Partial<Record<ConceptType, string>> = {
  character: 'People',
  location: 'Places',
  organization: 'Factions and Organisations',
  item: 'Items',
  event: 'Events',
  mission: 'Quests',
  lore: 'Legends',
};

type Section = 'facts' | ConceptType;
const SECTION_ORDER: Record<ContentType, Section[]> = {
  character: ['facts', 'character', 'location', 'organization', 'item'],
  location: ['location', 'facts', 'character', 'organization', 'item', 'event'],
  mission: ['facts', 'mission', 'character', 'location', 'organization', 'item', 'event'],
  lore: ['facts', 'lore', 'event', 'character', 'location', 'organization', 'item'],
};

/** Words of a stat block that the name finder would otherwise take for names. */
const STAT_WORDS = new Set([
  'str',
  'dex',
  'con',
  'int',
  'wis',
  'cha',
  'armor class',
  'hit points',
  'speed',
  'skills',
  'senses',
  'languages',
  'challenge',
  'actions',
  'reactions',
  'multiattack',
  'saving throws',
  'proficiency bonus',
  'xp',
  'ac',
  'hp',
  'dc',
]);

/** Hands out citation numbers; the same passage and quote keeps its number. */
class Citer {
  readonly entries: SourceEntry[] = [];
  readonly citations: ChatCitation[] = [];
  private readonly numbers = new Map<string, number>();
  constructor(private readonly startAt: number) {}

  cite(passage: RetrievedPassage, quote: string): number {
    const key = `${passage.chunkId}\u0000${quote}`;
    const known = this.numbers.get(key);
    if (known) return known;
    this.entries.push(entryOf(passage, quote));
    this.citations.push({
      source_id: String(passage.chunkId),
      filename: passage.filename,
      quote,
      document_id: passage.documentId,
      dataset_id: passage.datasetId,
      page: passage.page,
    });
    const number = this.startAt + this.entries.length;
    this.numbers.set(key, number);
    return number;
  }
}

const OFFLINE_NOTE = (label: string) =>
  `> **Offline draft.** No AI model is connected, so this ${label} was assembled from passages of your Knowledge Tomes instead of being written: the facts and names below are quoted from them, with their sources. Shape them into your ${label}, or connect Claude (an Anthropic API key) to have it written.`;

/** The content without the offline draft's notice: saved into a tome, it must never read as a fact. */
export function withoutDraftNotice(content: string): string {
  return content.replace(/^> \*\*Offline draft\.\*\*[^\n]*\n*/gm, '');
}

export function offlineDraft(request: {
  contentType: ContentType;
  characterFormat: CharacterFormat | null;
  prompt: string;
  passages: RetrievedPassage[];
  /** Whole sections holding stat blocks the passages are part of (see statBlockSections). */
  statBlockSections?: RetrievedPassage[][];
}): OfflineDraft {
  const { contentType, prompt, passages } = request;
  const label = CONTENT_TYPE_LABELS[contentType].toLowerCase();
  const citer = new Citer(0);
  const parts = [`# ${CONTENT_TYPE_LABELS[contentType]} draft: ${headline(prompt)}`, OFFLINE_NOTE(label), `**Your request:** ${oneLine(prompt)}`];

  if (passages.length === 0) {
    parts.push(
      `Nothing in your Knowledge Tomes matched this request, so there is nothing to draw on yet. Add documents that cover it to the tome, link more tomes to the campaign, or describe the ${label} with words your tomes use.`,
    );
    return { body: parts.join('\n\n'), entries: citer.entries, citations: citer.citations };
  }

  if (contentType === 'character' && request.characterFormat === 'stats') parts.push(statBlockSection(passages, request.statBlockSections ?? [], citer, prompt));

  const names = namesIn(passages);
  // A sentence quoted once is not quoted again further down; later mentions point at its number.
  const shown = new Set<string>();
  for (const section of SECTION_ORDER[contentType]) {
    if (section === 'facts') {
      const facts = pickFacts(prompt, passages, MAX_FACTS, { exclude: shown });
      if (facts.length === 0) continue;
      for (const fact of facts) shown.add(fact.text);
      parts.push(`## What Your Tomes Say\n\n${facts.map((fact) => `- ${fact.text} [${citer.cite(fact.passage, fact.text)}]`).join('\n')}`);
      continue;
    }
    const title = GROUP_TITLES[section];
    const group = names.filter((name) => name.concept.type === section).slice(0, MAX_NAMES_PER_GROUP);
    if (group.length === 0 || !title) continue;
    parts.push(`## ${title}\n\n${nameLines(group, citer, shown).join('\n')}`);
  }
  if (citer.entries.length === 0) {
    const best = passages[0];
    const quote = firstSentences(best.content);
    parts.push(`## Closest Passage\n\nNothing quoted above matched the request closely; the closest passage found says:\n\n> ${quote} [${citer.cite(best, quote)}]`);
  }
  return { body: parts.join('\n\n'), entries: citer.entries, citations: citer.citations };
}

/**
 * An offline revision keeps the draft as it is (it cannot rewrite it) and adds what the tomes
 * say about the change asked for, cited after the draft's own sources.
 */
export function offlineRevision(request: {
  contentType: ContentType;
  currentBody: string;
  existingEntries: number;
  change: string;
  passages: RetrievedPassage[];
}): OfflineDraft {
  const citer = new Citer(request.existingEntries);
  const label = CONTENT_TYPE_LABELS[request.contentType].toLowerCase();
  const lines = [
    `## Revision: ${headline(request.change)}`,
    `> **Offline engine.** It cannot rewrite the ${label} above, so it is kept as it was; here is what your tomes say about this change.`,
  ];
  const facts = pickFacts(request.change, request.passages, 4, { fill: false });
  const changeTerms = new Set(contentTerms(request.change));
  const names = namesIn(request.passages).filter(({ concept, quote }) => contentTerms(`${concept.name} ${quote}`).some((term) => changeTerms.has(term)));
  if (facts.length === 0 && names.length === 0) {
    lines.push('Nothing in your tomes matched this change. Edit the draft by hand, or describe the change with words your tomes use.');
  } else {
    lines.push(
      [
        ...facts.map((fact) => `- ${fact.text} [${citer.cite(fact.passage, fact.text)}]`),
        ...nameLines(names.slice(0, 4), citer, new Set(facts.map((fact) => fact.text))),
      ].join('\n'),
    );
  }
  return { body: `${request.currentBody.trimEnd()}\n\n${lines.join('\n\n')}`, entries: citer.entries, citations: citer.citations };
}

/** One line per sentence: the names it describes, then the sentence, or only its number when it was quoted above. */
function nameLines(group: FoundName[], citer: Citer, shown: Set<string>): string[] {
  const byQuote = new Map<string, FoundName[]>();
  for (const name of group) byQuote.set(name.quote, [...(byQuote.get(name.quote) ?? []), name]);
  return [...byQuote.entries()].map(([quote, found]) => {
    const names = found.map(({ concept }) => `**${concept.name}**`).join(', ');
    const number = citer.cite(found[0].passage, quote);
    const line = shown.has(quote) ? `- ${names} [${number}]` : `- ${names}: ${quote} [${number}]`;
    shown.add(quote);
    return line;
  });
}

function statBlockSection(passages: RetrievedPassage[], sections: RetrievedPassage[][], citer: Citer, prompt: string): string {
  let best: { block: StatBlock; cited: RetrievedPassage; score: number } | null = null;
  passages.forEach((passage, rank) => {
    const section = sections.find((s) => s[0]?.documentId === passage.documentId && s[0]?.headingPath === passage.headingPath) ?? [passage];
    const block = section.map((part) => readStatBlock(part.content, part.headingPath)).reduce((whole, part) => mergeStatBlocks(whole, part));
    if (!looksLikeStatBlock(block)) return;
    // Earlier passages matched the request better: a fuller block must be clearly fuller to win.
    const score = statBlockScore(block) - rank * 0.5;
    if (!best || score > best.score) best = { block, cited: passage, score };
  });
  if (!best) {
    return [
      '## Stat Block',
      '_None of the passages found holds a stat block. Choose a tome with stat blocks (a bestiary or the SRD) as the context tome, or link one to the campaign, and generate again._',
    ].join('\n\n');
  }
  const { block, cited } = best as { block: StatBlock; cited: RetrievedPassage };
  const name = block.name ?? 'Stat block';
  const quote = firstSentences(cited.content, 1);
  return [
    '## Stat Block',
    `_The closest stat block in your tomes is **${name}** [${citer.cite(cited, quote)}]. Rename it and adjust it to fit: ${oneLine(headline(prompt))}._`,
    `### ${name}`,
    renderStatBlock(block),
  ].join('\n\n');
}

interface Fact {
  passage: RetrievedPassage;
  text: string;
  score: number;
  rank: number;
  position: number;
}

/** The passages' sentences sharing the most (and rarest) words with the request, best passages first. */
function pickFacts(query: string, passages: RetrievedPassage[], limit: number, options: { exclude?: Set<string>; fill?: boolean } = {}): Fact[] {
  const queryTerms = new Set(contentTerms(query));
  const candidates: Fact[] = [];
  passages.forEach((passage, rank) => {
    splitSentences(passage.content).forEach((span, position) => {
      const text = cleanSentence(span.text);
      if (!text || isStatLine(text) || options.exclude?.has(text)) return;
      candidates.push({ passage, text, score: 0, rank, position });
    });
  });
  const frequency = new Map<string, number>();
  const termsOf = new Map<Fact, Set<string>>();
  for (const candidate of candidates) {
    const terms = new Set(contentTerms(candidate.text));
    termsOf.set(candidate, terms);
    for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string) => Math.log(1 + candidates.length / (frequency.get(term) ?? 1));
  const matching: Fact[] = [];
  for (const candidate of candidates) {
    const terms = termsOf.get(candidate)!;
    const overlap = [...queryTerms].filter((term) => terms.has(term)).reduce((sum, term) => sum + idf(term), 0);
    if (overlap === 0) continue;
    candidate.score = overlap + 0.6 / (1 + candidate.rank) + 0.1 / (1 + candidate.position);
    matching.push(candidate);
  }

  const chosen: Fact[] = [];
  const perPassage = new Map<number, number>();
  const seen = new Set<string>();
  const choose = (candidate: Fact) => {
    const used = perPassage.get(candidate.passage.chunkId) ?? 0;
    const key = candidate.text.toLowerCase();
    if (chosen.length >= limit || used >= MAX_FACTS_PER_PASSAGE || seen.has(key)) return;
    perPassage.set(candidate.passage.chunkId, used + 1);
    seen.add(key);
    chosen.push(candidate);
  };
  for (const candidate of matching.sort((a, b) => b.score - a.score)) choose(candidate);
  // Few words in common (an invented name, a new idea): the search's best passage still fits best.
  if (options.fill !== false && chosen.length < 2) {
    for (const candidate of candidates.filter((c) => c.rank === 0)) if (chosen.length < 2) choose(candidate);
  }
  return chosen.sort((a, b) => a.rank - b.rank || a.position - b.position);
}

interface FoundName {
  concept: ExtractedConcept;
  passage: RetrievedPassage;
  quote: string;
}

/** Named people, places, factions and things in the passages, each with the sentence that best describes it. */
function namesIn(passages: RetrievedPassage[]): FoundName[] {
  const byDocument = new Map<string, RetrievedPassage[]>();
  for (const passage of passages) byDocument.set(passage.documentId, [...(byDocument.get(passage.documentId) ?? []), passage]);
  const found: FoundName[] = [];
  const seen = new Set<string>();
  for (const [documentId, documentPassages] of byDocument) {
    const { concepts } = extractConceptsOffline({
      documentId,
      chunks: documentPassages.map((p) => ({ chunkId: p.chunkId, text: p.content, headingPath: p.headingPath })),
    });
    for (const concept of concepts) {
      if (!GROUP_TITLES[concept.type] || seen.has(concept.key) || isStatWord(concept.name)) continue;
      // "Lantern Watch" and "Lantern Watch of Saltmere" are one thing to the game master.
      const lower = concept.name.toLowerCase();
      if (found.some(({ concept: other }) => lower.includes(other.name.toLowerCase()) || other.name.toLowerCase().includes(lower))) continue;
      const quote = cleanSentence(concept.description);
      if (!quote || isStatLine(quote)) continue;
      const probe = quote.replace(/…$/, '').slice(0, 60);
      const passage = documentPassages.find((p) => p.content.replace(/\s+/g, ' ').includes(probe)) ?? documentPassages[0];
      seen.add(concept.key);
      found.push({ concept, passage, quote });
    }
  }
  const rankOf = new Map(passages.map((p, i) => [p, i]));
  return found.sort((a, b) => (rankOf.get(a.passage) ?? 0) - (rankOf.get(b.passage) ?? 0));
}

function isStatWord(name: string): boolean {
  const lower = name.toLowerCase();
  return STAT_WORDS.has(lower) || /^[A-Z]{2,4}$/.test(name) || /^\d/.test(name);
}

function isStatLine(text: string): boolean {
  return (
    /^\*{2,3}[^*]{1,40}\.\*{2,3}/.test(text) ||
    /\b(Armor Class|Hit Points|Challenge \d|passive Perception)\b/.test(text) ||
    /\b(STR|DEX|CON)\b.*\(\s*[+\-−]/.test(text) ||
    /Weapon Attack:/.test(text)
  );
}

/** A sentence fit to quote: no heading marks, list bullets, table rows or dangling fragments. */
function cleanSentence(raw: string): string {
  const text = raw
    .replace(/^\s*(?:[-*•▪◦]|\d{1,3}[.)])\s+/, '')
    .replace(/^#{1,6}\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.startsWith('|') || text.startsWith('>')) return '';
  if (text.split(' ').length < MIN_FACT_WORDS || !/[.!?:"'’”)]$/.test(text)) return '';
  return text;
}

function firstSentences(content: string, count = 2): string {
  const sentences = splitSentences(content)
    .map((span) => cleanSentence(span.text))
    .filter(Boolean)
    .slice(0, count);
  const text = sentences.length > 0 ? sentences.join(' ') : content.replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 299).trimEnd()}…` : text;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The request's first sentence, at most about 70 characters, cut at a word. */
function headline(text: string): string {
  const first = oneLine(text)
    .split(/(?<=[.!?])\s/)[0]
    .replace(/[.!?]+$/, '');
  if (first.length <= 70) return first;
  const cut = first.slice(0, 70);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : 70).trimEnd()}…`;
}

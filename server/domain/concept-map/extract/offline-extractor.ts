/**
 * Concept and relationship extraction without a model. Two passes over a document:
 * the first collects the names it uses (capitalised runs, bold terms, defined terms, headings),
 * the second reads every mention in context for type votes, relationships and descriptions.
 * Names are then grouped into concepts (identity.ts) and the evidence summed per concept.
 */

import { readDocument, type Paragraph, type Sentence } from './document';
import { findNameSpans, type NameSpan } from './candidates';
import { clauseRanges, impliedSubject, neighbourRelations, pronounObjectRelations, type ClauseMention } from './clauses';
import { contextVotes, definitionVotes } from './context-votes';
import { isSectionHeading, nounType, sectionType } from './cue-words';
import { resolveIdentities } from './identity';
import { buildRelationships, pairKey, truncateQuote, type Evidence } from './evidence';
import { aliasesOf, chooseName, displayName, isTitleCase, normalizeKey } from './names';
import { eventPhrase, missionPhrase } from './patterns';
import { addVote, addVotes, confidentType, decideType, libraryTypes, nameVotes, WEIGHT, type TypeVotes } from './typing';
import { wordClass } from './words';
import { MAX_SOURCES, type ExtractedConcept, type ExtractionInput, type ExtractionResult } from './types';

interface NameInfo {
  key: string;
  /** Display spellings and how often each was used. */
  forms: Map<string, number>;
  votes: TypeVotes;
  /** Set in bold, defined in a list, or a heading: a name whatever its position. */
  strong: boolean;
  /** Used somewhere other than as a lone word opening a sentence. */
  confirmed: boolean;
  sentences: number[];
  description: { score: number; sentence: number } | null;
}

/** Paragraphs naming more than this many things (rulebook prose) relate nothing by mere co-occurrence. */
const MAX_PARAGRAPH_NAMES = 12;
const MAX_SENTENCE_NAMES = 8;

export function extractConceptsOffline(input: ExtractionInput): ExtractionResult {
  const paragraphs = readDocument(input);
  const sentences = uniqueSentences(paragraphs);
  const spans = new Map<Sentence, NameSpan[]>();
  for (const sentence of sentences) spans.set(sentence, findNameSpans(sentence.tokens, sentence.text));

  const names = collectNames(paragraphs, sentences, spans);
  const evidence: Evidence = { direct: [], sentencePairs: [], paragraphPairs: [] };
  const sentenceIds = new Map(sentences.map((sentence, id) => [sentence, id]));
  for (const paragraph of paragraphs) {
    readParagraph(paragraph, names, spans, sentenceIds, evidence);
  }
  return buildResult(input.documentId, names, sentences, evidence);
}

function uniqueSentences(paragraphs: Paragraph[]): Sentence[] {
  const seen = new Set<string>();
  const unique: Sentence[] = [];
  for (const paragraph of paragraphs) {
    // Chunks may overlap; a repeated sentence is the same evidence, not more of it.
    paragraph.sentences = paragraph.sentences.filter((sentence) => {
      if (seen.has(sentence.text)) return false;
      seen.add(sentence.text);
      return true;
    });
    unique.push(...paragraph.sentences);
  }
  return unique;
}

// ---- pass 1: which names the document uses ----

function collectNames(paragraphs: Paragraph[], sentences: Sentence[], spans: Map<Sentence, NameSpan[]>): Map<string, NameInfo> {
  const all = new Map<string, NameInfo>();
  const register = (surface: string, options: { strong?: boolean; weak?: boolean; count?: boolean }) => {
    const name = displayName(surface);
    const key = normalizeKey(name);
    if (!key || !/\p{L}/u.test(key)) return;
    let info = all.get(key);
    if (!info) {
      info = { key, forms: new Map(), votes: {}, strong: false, confirmed: false, sentences: [], description: null };
      all.set(key, info);
    }
    if (options.count !== false) info.forms.set(name, (info.forms.get(name) ?? 0) + 1);
    else if (!info.forms.has(name)) info.forms.set(name, 0);
    if (options.strong) info.strong = true;
    if (!options.weak) info.confirmed = true;
  };

  for (const sentence of sentences) {
    for (const span of spans.get(sentence)!) register(span.surface, { weak: span.weak });
  }
  for (const paragraph of paragraphs) {
    for (const bold of paragraph.boldNames) register(bold, { strong: true, count: false });
    if (paragraph.definedTerm) register(paragraph.definedTerm, { strong: true, count: false });
  }
  for (const paragraph of paragraphs) {
    const heading = headingName(paragraph, all, spans);
    if (heading) register(heading, { strong: true });
  }

  // 'Seraphine distrusts…' opening a sentence is a name when 'Lady Seraphine Vox' is one.
  const nameWords = new Set<string>();
  for (const info of all.values()) {
    const words = info.key.split(' ');
    if ((info.confirmed || info.strong) && words.length > 1) nameWords.add(words[0]).add(words[words.length - 1]);
  }
  const accepted = new Map<string, NameInfo>();
  for (const [key, info] of all) {
    if (!info.confirmed && !info.strong && !nameWords.has(key)) continue;
    for (const form of info.forms.keys()) addVotes(info.votes, nameVotes(form));
    accepted.set(key, info);
  }
  return accepted;
}

/** A heading naming a concept ('## The Ember Crown'), not a section ('## Places', '## Combat Step by Step'). */
function headingName(paragraph: Paragraph, names: Map<string, NameInfo>, spans: Map<Sentence, NameSpan[]>): string | null {
  const heading = paragraph.section;
  if (!paragraph.opensSection || !heading) return null;
  const words = heading.split(/\s+/);
  if (words.length > 6 || /\d/.test(heading) || !isTitleCase(heading) || isSectionHeading(heading)) return null;
  const key = normalizeKey(displayName(heading));
  if (names.get(key)?.confirmed) return heading;
  // Otherwise only when the section opens by defining it: 'An artifact of the old Cinder Kings, …'.
  const first = paragraph.sentences[0];
  if (!first) return null;
  const firstName = spans.get(first)?.[0]?.start ?? -1;
  const [firstClause] = clauseRanges(first.tokens);
  const implied = impliedSubject(first.tokens, firstClause, firstName, key);
  const opener = first.tokens.find((token) => token.isWord);
  return implied?.implied === 'fragment' && opener && wordClass(opener.lower) === 'D' ? heading : null;
}

// ---- pass 2: every mention in context ----

function readParagraph(
  paragraph: Paragraph,
  names: Map<string, NameInfo>,
  spans: Map<Sentence, NameSpan[]>,
  sentenceIds: Map<Sentence, number>,
  evidence: Evidence,
): void {
  const topicKey = paragraphTopic(paragraph, names);
  const paragraphKeys = new Map<string, number>();
  const pairsInSentences = new Set<string>();

  paragraph.sentences.forEach((sentence, indexInParagraph) => {
    const id = sentenceIds.get(sentence)!;
    const mentions = sentenceMentions(sentence, spans.get(sentence)!, names, id, evidence);
    const sentenceKeys = new Set<string>();

    mentions.forEach((mention, index) => {
      const info = names.get(mention.key)!;
      contextVotes(sentence.tokens, mention, info.votes, index === 0);
      if (mention.listedCharacter) addVote(info.votes, 'character', WEIGHT.roster);
      noteSentence(info, id, descriptionScore(sentence, mention, paragraph, indexInParagraph));
      sentenceKeys.add(mention.key);
    });
    if (topicKey && indexInParagraph === 0) topicVotes(paragraph, sentence, mentions, topicKey, names);

    for (const range of clauseRanges(sentence.tokens)) {
      const inClause = mentions.filter((mention) => mention.start >= range[0] && mention.end <= range[1]);
      let clause: ClauseMention[] = inClause;
      if (topicKey) {
        const implied = impliedSubject(sentence.tokens, range, inClause[0]?.start ?? -1, topicKey);
        if (implied) {
          clause = [implied, ...inClause];
          sentenceKeys.add(topicKey);
          const score = paragraph.definedTerm ? 1 : indexInParagraph === 0 ? 4 : 1;
          noteSentence(names.get(topicKey)!, id, score);
        }
        for (const relation of pronounObjectRelations(sentence.tokens, range, inClause, topicKey)) {
          evidence.direct.push({ ...relation, sentence: id });
        }
      }
      for (const relation of neighbourRelations(sentence.tokens, clause)) {
        evidence.direct.push({ ...relation, sentence: id });
        const sourceVotes = names.get(relation.sourceKey)!.votes;
        if (relation.roleNoun) addVote(sourceVotes, nounType(relation.roleNoun), WEIGHT.role);
        if (relation.agentive) addVote(sourceVotes, 'character', WEIGHT.agency);
      }
      addMission(sentence, range, clause, topicKey, names, id, evidence);
    }

    const keys = [...sentenceKeys].slice(0, MAX_SENTENCE_NAMES);
    for (let i = 0; i < keys.length; i += 1) {
      for (let j = i + 1; j < keys.length; j += 1) {
        evidence.sentencePairs.push({ a: keys[i], b: keys[j], sentence: id });
        pairsInSentences.add(pairKey(keys[i], keys[j]));
      }
    }
    for (const key of sentenceKeys) if (!paragraphKeys.has(key)) paragraphKeys.set(key, id);
  });

  if (paragraphKeys.size > MAX_PARAGRAPH_NAMES) return;
  const keys = [...paragraphKeys.keys()];
  for (let i = 0; i < keys.length; i += 1) {
    for (let j = i + 1; j < keys.length; j += 1) {
      if (pairsInSentences.has(pairKey(keys[i], keys[j]))) continue;
      evidence.paragraphPairs.push({ a: keys[i], b: keys[j], paragraph: paragraph.index, sentence: paragraphKeys.get(keys[j])! });
    }
  }
}

/** What a paragraph is about: the term a list item defines, or the heading above a section's first paragraph. */
function paragraphTopic(paragraph: Paragraph, names: Map<string, NameInfo>): string | null {
  const term = paragraph.definedTerm ?? (paragraph.opensSection ? paragraph.section : null);
  if (!term) return null;
  const key = normalizeKey(displayName(term));
  return names.has(key) ? key : null;
}

/** The accepted names of a sentence, with 'the siege of X' widened into an event. */
function sentenceMentions(sentence: Sentence, spans: NameSpan[], names: Map<string, NameInfo>, sentenceId: number, evidence: Evidence): ClauseMention[] {
  const mentions: ClauseMention[] = [];
  for (const span of spans) {
    const key = normalizeKey(displayName(span.surface));
    if (!names.has(key)) continue;
    const mention: ClauseMention = { key, start: span.start, end: span.end, possessive: span.possessive, listedCharacter: span.listedCharacter };
    const event = eventPhrase(sentence.tokens, sentence.text, mention);
    if (event) {
      const eventKey = ensureName(names, event.name, { event: WEIGHT.declared });
      evidence.direct.push({ sourceKey: eventKey, targetKey: key, label: 'involves', sentence: sentenceId });
      mentions.push({ key: eventKey, start: event.start, end: event.end, possessive: mention.possessive });
    } else {
      mentions.push(mention);
    }
  }
  return mentions;
}

function addMission(
  sentence: Sentence,
  range: [number, number],
  clause: ClauseMention[],
  topicKey: string | null,
  names: Map<string, NameInfo>,
  sentenceId: number,
  evidence: Evidence,
): void {
  const mission = missionPhrase(sentence.tokens, sentence.text, range);
  if (!mission) return;
  const involved = clause.filter((mention) => !mention.implied && mention.start >= mission.start && mention.end <= mission.end);
  if (involved.length === 0) return;
  const before = clause.filter((mention) => mention.end <= mission.cueStart);
  const pursuer = mission.pursuedByParty ? null : (topicKey ?? before.at(-1)?.key ?? null);
  if (!pursuer && !mission.pursuedByParty) return;
  const missionKey = ensureName(names, mission.name, { mission: WEIGHT.declared });
  noteSentence(names.get(missionKey)!, sentenceId, 3);
  if (pursuer) evidence.direct.push({ sourceKey: pursuer, targetKey: missionKey, label: mission.relationship, sentence: sentenceId });
  for (const mention of involved) {
    evidence.direct.push({ sourceKey: missionKey, targetKey: mention.key, label: 'involves', sentence: sentenceId });
  }
}

function ensureName(names: Map<string, NameInfo>, name: string, votes: TypeVotes): string {
  const key = normalizeKey(name);
  let info = names.get(key);
  if (!info) {
    info = { key, forms: new Map(), votes: {}, strong: true, confirmed: true, sentences: [], description: null };
    names.set(key, info);
  }
  info.forms.set(name, (info.forms.get(name) ?? 0) + 1);
  addVotes(info.votes, votes);
  return key;
}

/** Votes from the first sentence of a list item or section: '## Places' / ': a harbour town' / 'An artifact of…'. */
function topicVotes(paragraph: Paragraph, sentence: Sentence, mentions: ClauseMention[], topicKey: string, names: Map<string, NameInfo>): void {
  const votes = names.get(topicKey)!.votes;
  if (paragraph.definedTerm) {
    addVote(votes, paragraph.section ? sectionType(paragraph.section) : null, WEIGHT.section);
    const term = mentions.find((mention) => mention.key === topicKey);
    if (term) definitionVotes(sentence.tokens, term.end, votes);
  } else {
    definitionVotes(sentence.tokens, 0, votes);
  }
}

function noteSentence(info: NameInfo, sentence: number, score: number): void {
  if (info.sentences.at(-1) !== sentence) info.sentences.push(sentence);
  if (!info.description || score > info.description.score) info.description = { score, sentence };
}

/** How well a sentence defines a name: a list item's definition beats 'X is a…', which beats a passing mention. */
function descriptionScore(sentence: Sentence, mention: ClauseMention, paragraph: Paragraph, indexInParagraph: number): number {
  if (paragraph.definedTerm && indexInParagraph === 0 && normalizeKey(displayName(paragraph.definedTerm)) === mention.key) return 5;
  const previous = sentence.tokens[mention.start - 1];
  if (previous?.text === '(') return 0.5; // 'Bram (Orrin Vale)': a roster, not a description
  const next = sentence.tokens[mention.end];
  const after = sentence.tokens[mention.end + 1];
  if (next && after && wordClass(next.lower) === 'B' && wordClass(after.lower) === 'D') return 3;
  if (next?.text === ',' && after && wordClass(after.lower) === 'D' && !after.isCapitalised) return 2;
  // 'the lich Ardent Vael'
  if (previous?.isWord && !previous.isCapitalised && nounType(previous.lower)) return 1.5;
  return 1;
}

// ---- grouping names into concepts and summing the evidence ----

function buildResult(documentId: string, names: Map<string, NameInfo>, sentences: Sentence[], evidence: Evidence): ExtractionResult {
  const infos = [...names.values()];
  addLibraryVotes(infos);
  const groups = resolveIdentities(infos.map((info) => ({ keys: [info.key], type: confidentType(info.votes) })));
  const members = new Map<number, NameInfo[]>();
  infos.forEach((info, index) => {
    const list = members.get(groups[index]);
    if (list) list.push(info);
    else members.set(groups[index], [info]);
  });

  const conceptOf = new Map<string, ExtractedConcept>();
  const concepts: ExtractedConcept[] = [];
  for (const group of members.values()) {
    const concept = buildConcept(documentId, group, sentences);
    if (!concept) continue;
    concepts.push(concept);
    for (const info of group) conceptOf.set(info.key, concept);
  }
  const order = new Map(concepts.map((concept, index) => [concept.key, index]));
  return { concepts, relationships: buildRelationships(documentId, evidence, conceptOf, order, sentences) };
}

/** Asks compromise only about names nothing else has typed: it rarely knows invented ones. */
function addLibraryVotes(infos: NameInfo[]): void {
  const undecided = infos.filter((info) => decideType(info.votes) === 'concept');
  const forms = undecided.map((info) => chooseName(info.forms));
  const types = libraryTypes(forms);
  undecided.forEach((info, index) => addVote(info.votes, types.get(forms[index]), WEIGHT.library));
}

function buildConcept(documentId: string, group: NameInfo[], sentences: Sentence[]): ExtractedConcept | null {
  const sentenceIds = [...new Set(group.flatMap((info) => info.sentences))].sort((a, b) => a - b);
  if (sentenceIds.length === 0) return null;
  const votes: TypeVotes = {};
  for (const info of group) addVotes(votes, info.votes);
  const forms = new Map<string, number>();
  for (const info of group) for (const [form, count] of info.forms) forms.set(form, (forms.get(form) ?? 0) + count);
  const name = chooseName(forms);
  const best = group
    .map((info) => info.description)
    .filter((description) => description !== null)
    .sort((a, b) => b.score - a.score || a.sentence - b.sentence)[0];
  return {
    key: normalizeKey(name),
    name,
    type: decideType(votes),
    description: best ? truncateQuote(sentences[best.sentence].text) : '',
    aliases: aliasesOf(name, forms),
    sources: sentenceIds.slice(0, MAX_SOURCES).map((id) => ({ documentId, quote: truncateQuote(sentences[id].text) })),
  };
}

/**
 * Sums the evidence for relationships into weighted edges between concepts. A stated
 * relationship ('leads') starts at strength 4 and gains 2 per further sentence stating it and
 * 1 per two sentences merely naming both; a pair only ever seen together gets 'associated with',
 * from 1 upward with the sentences (and, at half weight, paragraphs) it shares.
 */

import { cleanRelationship, clampStrength, relationshipKey } from './labels';
import type { Sentence } from './document';
import { ASSOCIATED_WITH, MAX_SOURCES, type ExtractedConcept, type ExtractedRelationship } from './types';

export interface Evidence {
  direct: Array<{ sourceKey: string; targetKey: string; label: string; sentence: number }>;
  /** Every pair of names sharing a sentence (those also related by a phrase there are discounted). */
  sentencePairs: Array<{ a: string; b: string; sentence: number }>;
  /** Pairs of names in one paragraph but never in one sentence. */
  paragraphPairs: Array<{ a: string; b: string; paragraph: number; sentence: number }>;
}

const MAX_QUOTE = 300;

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

export function truncateQuote(text: string): string {
  if (text.length <= MAX_QUOTE) return text;
  const cut = text.slice(0, MAX_QUOTE);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_QUOTE - 40))}…`;
}

interface PairSupport {
  sentences: Set<number>;
  paragraphs: Set<number>;
  quotes: number[];
}

export function buildRelationships(
  documentId: string,
  evidence: Evidence,
  conceptOf: Map<string, ExtractedConcept>,
  order: Map<string, number>,
  sentences: Sentence[],
): ExtractedRelationship[] {
  const quote = (id: number) => ({ documentId, quote: truncateQuote(sentences[id].text) });

  const direct = new Map<string, { sourceKey: string; targetKey: string; labels: Map<string, number>; sentences: number[] }>();
  for (const item of evidence.direct) {
    const source = conceptOf.get(item.sourceKey);
    const target = conceptOf.get(item.targetKey);
    const label = cleanRelationship(item.label);
    if (!source || !target || source === target || !label) continue;
    const id = `${source.key}\u0000${target.key}\u0000${relationshipKey(label)}`;
    let entry = direct.get(id);
    if (!entry) {
      entry = { sourceKey: source.key, targetKey: target.key, labels: new Map(), sentences: [] };
      direct.set(id, entry);
    }
    entry.labels.set(label, (entry.labels.get(label) ?? 0) + 1);
    if (!entry.sentences.includes(item.sentence)) entry.sentences.push(item.sentence);
  }
  const directSentences = new Set([...direct.values()].flatMap((entry) => entry.sentences.map((id) => `${pairKey(entry.sourceKey, entry.targetKey)}|${id}`)));

  const support = new Map<string, PairSupport>();
  const supportFor = (a: string, b: string) => {
    const id = pairKey(a, b);
    let entry = support.get(id);
    if (!entry) {
      entry = { sentences: new Set(), paragraphs: new Set(), quotes: [] };
      support.set(id, entry);
    }
    return entry;
  };
  for (const pair of evidence.sentencePairs) {
    const a = conceptOf.get(pair.a);
    const b = conceptOf.get(pair.b);
    if (!a || !b || a === b) continue;
    const id = pairKey(a.key, b.key);
    if (directSentences.has(`${id}|${pair.sentence}`)) continue;
    const entry = supportFor(a.key, b.key);
    if (!entry.sentences.has(pair.sentence)) entry.quotes.push(pair.sentence);
    entry.sentences.add(pair.sentence);
  }
  for (const pair of evidence.paragraphPairs) {
    const a = conceptOf.get(pair.a);
    const b = conceptOf.get(pair.b);
    if (!a || !b || a === b) continue;
    const entry = supportFor(a.key, b.key);
    if (!entry.paragraphs.has(pair.paragraph)) entry.quotes.push(pair.sentence);
    entry.paragraphs.add(pair.paragraph);
  }

  const relationships: ExtractedRelationship[] = [];
  const related = new Set<string>();
  for (const entry of direct.values()) {
    const pair = pairKey(entry.sourceKey, entry.targetKey);
    related.add(pair);
    const extra = support.get(pair);
    const coSupport = extra ? extra.sentences.size + extra.paragraphs.size / 2 : 0;
    const label = [...entry.labels.entries()].sort((a, b) => b[1] - a[1])[0][0];
    relationships.push({
      sourceKey: entry.sourceKey,
      targetKey: entry.targetKey,
      relationship: label,
      // A stated link starts at 4 and gains 2 per further sentence stating it, 1 per two sentences naming both.
      strength: clampStrength(2 + 2 * entry.sentences.length + Math.floor(coSupport / 2)),
      count: entry.sentences.length,
      sources: entry.sentences.slice(0, MAX_SOURCES).map(quote),
    });
  }
  for (const [pair, entry] of support) {
    if (related.has(pair)) continue;
    const [a, b] = pair.split('\u0000');
    const [sourceKey, targetKey] = (order.get(a) ?? 0) <= (order.get(b) ?? 0) ? [a, b] : [b, a];
    relationships.push({
      sourceKey,
      targetKey,
      relationship: ASSOCIATED_WITH,
      strength: clampStrength(Math.floor(1 + entry.sentences.size + entry.paragraphs.size / 2)),
      count: entry.sentences.size + entry.paragraphs.size,
      sources: entry.quotes.slice(0, MAX_SOURCES).map(quote),
    });
  }
  return relationships;
}

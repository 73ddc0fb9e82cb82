/**
 * Merges extraction results (per chunk from Claude, per document from the offline extractor)
 * into one: the same thing under different spellings or titles becomes one concept, and the
 * relationships between merged concepts are deduplicated with their support summed. What is
 * not of the world (a section heading, a file name, a name without letters) is left out first.
 */

import { resolveIdentities } from './identity';
import { cleanRelationship, clampStrength, relationshipKey } from './labels';
import { aliasesOf, chooseName, displayName, normalizeKey } from './names';
import {
  ASSOCIATED_WITH,
  CONCEPT_TYPES,
  MAX_SOURCES,
  type ConceptType,
  type ExtractedConcept,
  type ExtractedRelationship,
  type ExtractionResult,
  type SourceQuote,
} from './types';
import { keepWorldConcepts } from './world-concepts';

export { claudeExtractionSchema, claudeExtractionTool, parseClaudeExtraction } from './claude-extraction';

interface ConceptRecord {
  concept: ExtractedConcept;
  result: number;
}

export function mergeExtractions(readings: ExtractionResult[]): ExtractionResult {
  const results = readings.map(keepWorldConcepts);
  const records: ConceptRecord[] = results.flatMap((result, index) => result.concepts.map((concept) => ({ concept, result: index })));
  const groups = resolveIdentities(records.map(({ concept }) => ({ keys: keysOf(concept), type: concept.type })));

  const members = new Map<number, ConceptRecord[]>();
  records.forEach((record, index) => {
    const list = members.get(groups[index]);
    if (list) list.push(record);
    else members.set(groups[index], [record]);
  });

  const concepts: ExtractedConcept[] = [];
  const groupConcept = new Map<number, ExtractedConcept>();
  for (const [group, list] of members) {
    const concept = mergeConcepts(list.map((record) => record.concept));
    concepts.push(concept);
    groupConcept.set(group, concept);
  }

  // A relationship names its ends by the keys of its own result; fall back to any matching key.
  const byResultKey = new Map<string, ExtractedConcept>();
  const byKey = new Map<string, ExtractedConcept>();
  records.forEach((record, index) => {
    const merged = groupConcept.get(groups[index])!;
    byResultKey.set(`${record.result}\u0000${record.concept.key}`, merged);
    for (const key of keysOf(record.concept)) if (!byKey.has(key)) byKey.set(key, merged);
  });
  const resolve = (result: number, key: string) => byResultKey.get(`${result}\u0000${key}`) ?? byKey.get(normalizeKey(key));

  const order = new Map(concepts.map((concept, index) => [concept, index]));
  const relationships = mergeRelationships(results, resolve, order);
  return { concepts, relationships };
}

function keysOf(concept: ExtractedConcept): string[] {
  const keys = [concept.name, concept.key, ...concept.aliases].map((name) => normalizeKey(displayName(name)));
  return [...new Set(keys.filter(Boolean))];
}

function mergeConcepts(list: ExtractedConcept[]): ExtractedConcept {
  const forms = new Map<string, number>();
  for (const concept of list) {
    const name = displayName(concept.name);
    forms.set(name, (forms.get(name) ?? 0) + Math.max(1, concept.sources.length));
    for (const alias of concept.aliases) {
      const form = displayName(alias);
      if (form && !forms.has(form)) forms.set(form, 0);
    }
  }
  const name = chooseName(forms);
  return {
    key: normalizeKey(name),
    name,
    type: majorityType(list),
    description: list.find((concept) => concept.description.trim())?.description.trim() ?? '',
    aliases: aliasesOf(name, forms),
    sources: unionSources(list.map((concept) => concept.sources)),
  };
}

/** The type most results gave; 'concept' (no opinion) only when none gave another. Ties go to the better-sourced. */
function majorityType(list: ExtractedConcept[]): ConceptType {
  const tally = new Map<ConceptType, { votes: number; sources: number }>();
  for (const concept of list) {
    if (concept.type === 'concept') continue;
    const entry = tally.get(concept.type) ?? { votes: 0, sources: 0 };
    entry.votes += 1;
    entry.sources += concept.sources.length;
    tally.set(concept.type, entry);
  }
  let best: ConceptType = 'concept';
  let bestEntry = { votes: 0, sources: -1 };
  for (const type of CONCEPT_TYPES) {
    const entry = tally.get(type);
    if (!entry) continue;
    if (entry.votes > bestEntry.votes || (entry.votes === bestEntry.votes && entry.sources > bestEntry.sources)) {
      best = type;
      bestEntry = entry;
    }
  }
  return best;
}

function unionSources(lists: SourceQuote[][]): SourceQuote[] {
  const seen = new Set<string>();
  const sources: SourceQuote[] = [];
  for (const list of lists) {
    for (const source of list) {
      const id = `${source.documentId}\u0000${source.quote}`;
      if (seen.has(id) || sources.length >= MAX_SOURCES) continue;
      seen.add(id);
      sources.push(source);
    }
  }
  return sources;
}

interface RelationshipGroup {
  source: ExtractedConcept;
  target: ExtractedConcept;
  labels: Map<string, number>;
  strengths: number[];
  count: number;
  sources: SourceQuote[][];
}

function mergeRelationships(
  results: ExtractionResult[],
  resolve: (result: number, key: string) => ExtractedConcept | undefined,
  order: Map<ExtractedConcept, number>,
): ExtractedRelationship[] {
  const grouped = new Map<string, RelationshipGroup>();
  results.forEach((result, index) => {
    for (const relationship of result.relationships) {
      let source = resolve(index, relationship.sourceKey);
      let target = resolve(index, relationship.targetKey);
      if (!source || !target || source === target) continue;
      const label = cleanRelationship(relationship.relationship) || ASSOCIATED_WITH;
      // 'associated with' has no direction: one edge per pair.
      if (label === ASSOCIATED_WITH && order.get(source)! > order.get(target)!) [source, target] = [target, source];
      const id = `${source.key}\u0000${target.key}\u0000${relationshipKey(label)}`;
      let entry = grouped.get(id);
      if (!entry) {
        entry = { source, target, labels: new Map(), strengths: [], count: 0, sources: [] };
        grouped.set(id, entry);
      }
      entry.labels.set(label, (entry.labels.get(label) ?? 0) + 1);
      entry.strengths.push(clampStrength(relationship.strength));
      entry.count += Math.max(1, Math.round(relationship.count) || 1);
      entry.sources.push(relationship.sources);
    }
  });

  const merged = [...grouped.values()].map((entry) => ({
    sourceKey: entry.source.key,
    targetKey: entry.target.key,
    relationship: [...entry.labels.entries()].sort((a, b) => b[1] - a[1])[0][0],
    // The strongest report, raised by one for each doubling of the reports agreeing with it.
    strength: clampStrength(Math.max(...entry.strengths) + Math.ceil(Math.log2(entry.strengths.length))),
    count: entry.count,
    sources: unionSources(entry.sources),
  }));
  return foldAssociations(merged);
}

/** 'associated with' only says two things appear together; once a pair has a stated relationship it adds support, not an edge. */
function foldAssociations(relationships: ExtractedRelationship[]): ExtractedRelationship[] {
  const pair = (relationship: ExtractedRelationship) => [relationship.sourceKey, relationship.targetKey].sort().join('\u0000');
  const strongest = new Map<string, ExtractedRelationship>();
  for (const relationship of relationships) {
    if (relationship.relationship === ASSOCIATED_WITH) continue;
    const current = strongest.get(pair(relationship));
    if (!current || relationship.strength > current.strength) strongest.set(pair(relationship), relationship);
  }
  const kept: ExtractedRelationship[] = [];
  for (const relationship of relationships) {
    const stated = relationship.relationship === ASSOCIATED_WITH ? strongest.get(pair(relationship)) : undefined;
    if (stated) stated.strength = clampStrength(stated.strength + 1);
    else kept.push(relationship);
  }
  return kept;
}

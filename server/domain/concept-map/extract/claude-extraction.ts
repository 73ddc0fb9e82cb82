/**
 * The Claude path's per-chunk output: the tool schema Claude answers with, and its validation
 * into an ExtractionResult that mergeExtractions can combine with the others.
 */

import { z } from 'zod';
import type { JsonObjectSchema, StructuredOutputTool } from '../../../ai/types';
import { splitSentences } from '../../../ai/sentences';
import { cleanRelationship, clampStrength } from './labels';
import { displayName, normalizeKey } from './names';
import { CONCEPT_TYPES, type ConceptType, type ExtractedConcept, type ExtractedRelationship, type ExtractionResult, type SourceQuote } from './types';

export const claudeExtractionSchema = {
  type: 'object',
  properties: {
    concepts: {
      type: 'array',
      description: 'Named people, places, factions, items, events, missions and lore in the passage.',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The name as written, without a leading "the".' },
          type: { type: 'string', enum: [...CONCEPT_TYPES] },
          description: { type: 'string', description: 'One sentence saying what it is, from the passage.' },
          aliases: {
            type: 'array',
            items: { type: 'string' },
            description: 'Other names or titles the passage uses for it.',
          },
        },
        required: ['name', 'type', 'description'],
      },
    },
    relationships: {
      type: 'array',
      description: 'How the concepts are related, as stated in the passage.',
      items: {
        type: 'object',
        properties: {
          source: { type: 'string', description: 'Name of a concept listed above.' },
          target: { type: 'string', description: 'Name of a concept listed above.' },
          relationship: {
            type: 'string',
            description: "A short verb phrase read as 'source <relationship> target': 'leads', 'sealed beneath', 'captain of'.",
          },
          strength: { type: 'integer', minimum: 1, maximum: 10, description: '10 = central and explicit, 1 = passing.' },
        },
        required: ['source', 'target', 'relationship', 'strength'],
      },
    },
  },
  required: ['concepts', 'relationships'],
} satisfies JsonObjectSchema;

// The envelope must be right; single malformed items are dropped, not the whole chunk.
const envelope = z.object({
  concepts: z.array(z.unknown()).optional().default([]),
  relationships: z.array(z.unknown()).optional().default([]),
});

export const claudeExtractionTool: StructuredOutputTool = {
  name: 'record_concepts',
  description: 'Record the concepts and relationships found in the passage.',
  inputSchema: claudeExtractionSchema,
  schema: envelope,
};

/** Words Claude uses for a type that are not one of ours. */
const TYPE_SYNONYMS: Record<string, ConceptType> = {
  person: 'character',
  people: 'character',
  npc: 'character',
  pc: 'character',
  creature: 'character',
  monster: 'character',
  deity: 'lore',
  god: 'lore',
  place: 'location',
  region: 'location',
  city: 'location',
  faction: 'organization',
  organisation: 'organization',
  group: 'organization',
  artifact: 'item',
  artefact: 'item',
  object: 'item',
  quest: 'mission',
  history: 'event',
};

const conceptType = z.preprocess((value) => {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if ((CONCEPT_TYPES as readonly string[]).includes(text)) return text;
  return TYPE_SYNONYMS[text] ?? 'concept';
}, z.enum(CONCEPT_TYPES));

const conceptItem = z.object({
  name: z.string().trim().min(1).max(200),
  type: conceptType,
  description: z.string().trim().max(1000).optional().default(''),
  aliases: z.array(z.string().trim().min(1).max(200)).optional().default([]),
});

const relationshipItem = z.object({
  source: z.string().trim().min(1),
  target: z.string().trim().min(1),
  relationship: z.string().trim().min(1).max(200),
  strength: z.preprocess((value) => (value === undefined || value === null || value === '' ? 5 : value), z.coerce.number().finite()),
});

/**
 * Validates Claude's tool input for one chunk. `quotes` is the chunk's text (or its sentences):
 * the sentence naming a concept, or both ends of a relationship, becomes its source quote.
 * Throws (a ZodError) when the input is not an object of arrays.
 */
export function parseClaudeExtraction(toolInput: unknown, documentId: string, quotes?: string | string[]): ExtractionResult {
  const raw = typeof toolInput === 'string' ? JSON.parse(toolInput) : toolInput;
  const { concepts: rawConcepts, relationships: rawRelationships } = envelope.parse(raw);
  const sentences = typeof quotes === 'string' ? splitSentences(quotes).map((span) => span.text) : (quotes ?? []);

  const concepts: ExtractedConcept[] = [];
  const byKey = new Map<string, ExtractedConcept>();
  for (const item of rawConcepts) {
    const parsed = conceptItem.safeParse(item);
    if (!parsed.success) continue;
    const name = displayName(parsed.data.name);
    const key = normalizeKey(name);
    if (!key) continue;
    const aliases = parsed.data.aliases.map(displayName).filter((alias) => alias && alias.toLowerCase() !== name.toLowerCase());
    const existing = byKey.get(key);
    if (existing) {
      for (const alias of aliases) if (!existing.aliases.includes(alias)) existing.aliases.push(alias);
      continue;
    }
    const concept: ExtractedConcept = {
      key,
      name,
      type: parsed.data.type,
      description: parsed.data.description,
      aliases: [...new Set(aliases)],
      sources: quoteFor(sentences, [name, ...aliases], documentId),
    };
    concepts.push(concept);
    byKey.set(key, concept);
  }
  for (const concept of concepts) {
    for (const alias of concept.aliases) {
      const key = normalizeKey(alias);
      if (key && !byKey.has(key)) byKey.set(key, concept);
    }
  }

  const relationships: ExtractedRelationship[] = [];
  for (const item of rawRelationships) {
    const parsed = relationshipItem.safeParse(item);
    if (!parsed.success) continue;
    const source = byKey.get(normalizeKey(displayName(parsed.data.source)));
    const target = byKey.get(normalizeKey(displayName(parsed.data.target)));
    const relationship = cleanRelationship(parsed.data.relationship);
    if (!source || !target || source === target || !relationship) continue;
    relationships.push({
      sourceKey: source.key,
      targetKey: target.key,
      relationship,
      strength: clampStrength(parsed.data.strength),
      count: 1,
      sources: quoteFor(sentences, [source.name, ...source.aliases], documentId, [target.name, ...target.aliases]),
    });
  }
  return { concepts, relationships };
}

/** The first sentence naming the concept (and, for a relationship, the other end too). */
function quoteFor(sentences: string[], names: string[], documentId: string, otherNames: string[] = []): SourceQuote[] {
  const mentions = (sentence: string, list: string[]) => {
    const text = searchable(sentence);
    return list.some((name) => text.includes(searchable(name)));
  };
  const found =
    sentences.find((sentence) => mentions(sentence, names) && (otherNames.length === 0 || mentions(sentence, otherNames))) ??
    (otherNames.length > 0 ? sentences.find((sentence) => mentions(sentence, names)) : undefined);
  return found ? [{ documentId, quote: found }] : [];
}

/** Case, diacritics and apostrophe styles folded: Claude writes "Gull's", the chunk "Gull’s". */
function searchable(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[’‘`]/g, "'").toLowerCase();
}

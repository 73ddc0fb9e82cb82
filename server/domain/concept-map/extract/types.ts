/** Contracts of concept-map extraction, shared by the offline extractor and the Claude path. */

export const CONCEPT_TYPES = ['location', 'character', 'item', 'event', 'mission', 'organization', 'concept', 'lore'] as const;

export type ConceptType = (typeof CONCEPT_TYPES)[number];

export interface ExtractionInput {
  documentId: string;
  chunks: Array<{ chunkId?: number; text: string; headingPath?: string }>;
}

export interface SourceQuote {
  documentId: string;
  /** The sentence the concept or relationship was found in. */
  quote: string;
}

export interface ExtractedConcept {
  /** Normalised identity: case, punctuation, diacritics, leading articles and honorifics folded. */
  key: string;
  name: string;
  type: ConceptType;
  description: string;
  aliases: string[];
  sources: SourceQuote[];
}

export interface ExtractedRelationship {
  sourceKey: string;
  targetKey: string;
  /** A short verb phrase read as "source <relationship> target", e.g. 'leads', 'sealed beneath'. */
  relationship: string;
  /** 1..10 */
  strength: number;
  /** How many sentences (or paragraphs) support it. */
  count: number;
  sources: SourceQuote[];
}

export interface ExtractionResult {
  concepts: ExtractedConcept[];
  relationships: ExtractedRelationship[];
}

/** The fallback relationship for concepts that only appear together. */
export const ASSOCIATED_WITH = 'associated with';

export const MAX_SOURCES = 10;

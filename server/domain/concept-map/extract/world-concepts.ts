import { isSectionHeading } from './cue-words';
import type { ExtractionResult } from './types';

/**
 * What the concept map keeps: things of the campaign's world. A document's own parts are not
 * (its section headings such as "People" or "Chapter 3", its file name), nor is a name with no
 * letter in it, which would be drawn as a dot without a label. Both the offline extractor's and
 * a model's readings pass through mergeExtractions, which applies this, so every map (and every
 * stored reading merged again) is filtered the same way.
 */
export function isWorldConceptName(name: string): boolean {
  const text = name.trim();
  if (!/\p{L}/u.test(text)) return false;
  return !looksLikeFileName(text) && !isSectionHeading(headingCore(text));
}

/** Drops the concepts that are not of the world, and every relationship with one of them at an end. */
export function keepWorldConcepts(result: ExtractionResult): ExtractionResult {
  const dropped = new Set(result.concepts.filter((concept) => !isWorldConceptName(concept.name)).map((concept) => concept.key));
  if (dropped.size === 0) return result;
  return {
    concepts: result.concepts.filter((concept) => !dropped.has(concept.key)),
    relationships: result.relationships.filter((relationship) => !dropped.has(relationship.sourceKey) && !dropped.has(relationship.targetKey)),
  };
}

const FILE_EXTENSION = /\.(md|markdown|txt|log|pdf|docx?|odt|rtf|csv|tsv|json|ya?ml|html?|epub|zip)$/i;
const QUALIFIERS = /^(?:(?:the|key|notable|major|minor|main|important|other|more|new|some|our|known)\s+)+/i;
const NUMBERING = /(?:\s+(?:\d+|[ivxlc]+|[a-z]))+$/i;

/** "greywater.md", "session_03_notes", "ember-crown-lore", "notes-2024", "session03": a file's name, not a thing. */
function looksLikeFileName(text: string): boolean {
  if (FILE_EXTENSION.test(text)) return true;
  if (/\s/.test(text)) return false;
  const lowercase = text === text.toLowerCase();
  return text.includes('_') || (/\d/.test(text) && (lowercase || /[-.]/.test(text))) || (lowercase && (text.match(/-/g)?.length ?? 0) >= 2);
}

/** A heading without the words around a section's name ("Notable People", "Chapter 3", "Places of Note"). */
function headingCore(text: string): string {
  return text
    .replace(/^[#\d.)\s:-]+/, '')
    .replace(QUALIFIERS, '')
    .replace(/\s+of\s+note$/i, '')
    .replace(NUMBERING, '')
    .replace(/[:.]+$/, '')
    .trim();
}

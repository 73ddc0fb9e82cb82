import type { ExtractionResult } from './extract';
import { displayName, normalizeKey } from './extract/names';

/**
 * How many passages mention each merged concept. The merge keeps at most a few source quotes per
 * concept, so the count is summed from the readings it was merged from: each reading that names
 * the concept (under any of its spellings) adds the sentences it found it in, at least one.
 */
export function supportCounts(readings: ExtractionResult[], merged: ExtractionResult): Map<string, number> {
  const owner = new Map<string, string>();
  for (const concept of merged.concepts) {
    for (const name of [concept.name, concept.key, ...concept.aliases]) {
      const key = normalizeKey(displayName(name));
      if (key && !owner.has(key)) owner.set(key, concept.key);
    }
  }
  const counts = new Map<string, number>(merged.concepts.map((concept) => [concept.key, 0]));
  for (const reading of readings) {
    for (const concept of reading.concepts) {
      const key = owner.get(normalizeKey(displayName(concept.name))) ?? owner.get(concept.key);
      if (key) counts.set(key, (counts.get(key) ?? 0) + Math.max(1, concept.sources.length));
    }
  }
  for (const concept of merged.concepts) {
    counts.set(concept.key, Math.max(counts.get(concept.key) ?? 0, concept.sources.length, 1));
  }
  return counts;
}

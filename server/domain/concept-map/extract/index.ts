/** Concept-map extraction: public API. */

export * from './types';
export { extractConceptsOffline } from './offline-extractor';
export { mergeExtractions } from './merge';
export { claudeExtractionSchema, claudeExtractionTool, parseClaudeExtraction } from './claude-extraction';
export { normalizeKey } from './names';

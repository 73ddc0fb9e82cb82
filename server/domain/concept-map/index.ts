/** The concept map: the campaign's concepts and relationships, read from its documents. */
export {
  awaitConceptMapJob,
  CONCEPT_MAP_JOB_KIND,
  generateConceptMap,
  getConceptMap,
  runConceptMapJob,
  type ConceptMapJobPayload,
  type ConceptMapServices,
  type GenerateOutcome,
} from './concept-map';
export { listMapDocuments, selectionBodySchema, selectionSchema, type MapDocument, type SelectionInput } from './documents';
export type { ConceptMap, MapConcept, MapJob, MapRelationship, ProcessedDocument, SourcePassage } from './map-store';
export { getSettings, settingsInputSchema, updateSettings, type SettingsInput } from './settings';

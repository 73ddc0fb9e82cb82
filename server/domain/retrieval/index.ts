export { CONTEXT_BUDGETS, type ContextBudget } from './context-levels';
export { namesIn } from './exact-names';
export type { SearchScope } from './scope';
export { searchPassages, toAiPassage, type RetrievalMode, type RetrievedPassage, type SearchRequest, type SearchResult } from './search';
export { EXACT_SEARCH_NOTICE, vectorBackendOf, type VectorBackend } from './vector-search';
export { keepSearchStatisticsFresh, refreshSearchStatistics, refreshSearchStatisticsIfStale } from './statistics';

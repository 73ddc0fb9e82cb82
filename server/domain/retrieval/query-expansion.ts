import { rulebookNamesFor } from '../../ai/gm-vocabulary';

/**
 * The question with the rulebook's names for its table talk appended (see gm-vocabulary), for
 * full-text search, which stems but knows no synonyms.
 */
export function expandQuery(query: string): string {
  const names = rulebookNamesFor(query);
  return names.length > 0 ? `${query} ${names.join(' ')}` : query;
}

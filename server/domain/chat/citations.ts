import type { ChatCitation } from '../../../contract/chat';
import type { Citation } from '../../ai/types';
import type { RetrievedPassage } from '../retrieval';

/** The generator's citations (indexes into the passages sent) as the citations our API answers with. */
export function citationsFromPassages(citations: Citation[], passages: RetrievedPassage[]): ChatCitation[] {
  return citations.map((citation) => {
    const passage = passages[citation.passageIndex];
    if (!passage) {
      return { source_id: citation.sourceId, filename: '', quote: citation.quote, document_id: null, dataset_id: null, page: null };
    }
    return {
      source_id: String(passage.chunkId),
      filename: passage.filename,
      quote: citation.quote,
      document_id: passage.documentId,
      dataset_id: passage.datasetId,
      page: passage.page,
    };
  });
}

/** The page a quote of a whole PDF sits on: its text joins pages with a form feed. */
export function pageOfQuote(content: string, quote: string, pageCount: number | null): number | null {
  if (!pageCount) return null;
  const at = content.indexOf(quote);
  if (at < 0) return null;
  let page = 1;
  for (let i = content.indexOf('\f'); i !== -1 && i < at; i = content.indexOf('\f', i + 1)) page += 1;
  return Math.min(page, pageCount);
}

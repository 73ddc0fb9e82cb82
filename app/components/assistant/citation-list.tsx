import { citationHref, type ChatCitation } from '../../../contract/chat';

export interface CitationCheck {
  /** The citation's tome is not linked to the campaign any more: show the error instead. */
  onUnlinked(citation: ChatCitation): void;
  /** The citation names no document: the plain datasets tab opens, with a hint. */
  onMissingIds(citation: ChatCitation): void;
  isLinked(datasetId: string): boolean;
  /** Where a citation opens, when not the GM's tomes (a player's: the campaign's viewer). */
  hrefOf?(citation: ChatCitation): string;
}

function label(citation: ChatCitation): string {
  const page = citation.page ? `, p. ${citation.page}` : '';
  return `${citation.filename || 'Unknown source'}${page}`;
}

/** An answer's sources; each opens the document in the dashboard in a new tab. */
export function CitationList({ citations, check }: { citations: ChatCitation[]; check?: CitationCheck }) {
  if (citations.length === 0) return null;
  return (
    <details className="citations" open>
      <summary>
        {citations.length} cited source{citations.length === 1 ? '' : 's'}
      </summary>
      <ol>
        {citations.map((citation, index) => (
          <li key={`${citation.source_id}-${index}`} value={index + 1}>
            <a
              href={check?.hrefOf?.(citation) ?? citationHref(citation)}
              target="_blank"
              rel="noopener"
              className="citation-link"
              onClick={(event) => {
                if (!check || citation.link) return;
                if (!citation.dataset_id || !citation.document_id) {
                  check.onMissingIds(citation);
                  return;
                }
                if (!check.isLinked(citation.dataset_id)) {
                  event.preventDefault();
                  check.onUnlinked(citation);
                }
              }}
            >
              {label(citation)}
            </a>
            {citation.quote && <blockquote className="citation-quote">{citation.quote}</blockquote>}
          </li>
        ))}
      </ol>
    </details>
  );
}

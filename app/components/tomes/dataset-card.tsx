import { Link } from '@remix-run/react';
import type { Dataset } from '../../../server/domain/tomes';
import { cardTags, formatTokens, labelOf } from '../../../contract/tomes';
import { tomesUrl } from './tome-urls';

/** One Knowledge Tome: what it holds, how it is classified, and its three actions. */
export function DatasetCard({ dataset }: { dataset: Dataset }) {
  const { shown, more } = cardTags(dataset.metadata.tags);
  return (
    <article className="card tome-card" aria-label={dataset.name} data-testid="dataset-card">
      <header className="tome-card-header">
        <h3>{dataset.name}</h3>
        {dataset.metadata.is_official_dnd && <span className="badge official">Official</span>}
      </header>
      <p className={dataset.description ? 'tome-description' : 'tome-description muted'}>{dataset.description || 'No description.'}</p>
      <dl className="tome-facts">
        <div>
          <dt>Documents</dt>
          <dd data-testid="document-count">{dataset.document_count}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{formatTokens(dataset.total_tokens)}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{labelOf(dataset.metadata.type)}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{labelOf(dataset.metadata.category)}</dd>
        </div>
      </dl>
      {dataset.failed_document_count > 0 && (
        <p className="document-error small" data-testid="failed-document-count">
          {dataset.failed_document_count} failed {dataset.failed_document_count === 1 ? 'document is' : 'documents are'} not counted: see Manage Documents for why.
        </p>
      )}
      {shown.length > 0 && (
        <p className="tome-tags" aria-label="Tags">
          {shown.map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
          {more > 0 && <span className="tag more">+{more} more</span>}
        </p>
      )}
      <div className="tome-card-actions">
        <Link to={tomesUrl({ manage: dataset.id })} className="button primary" preventScrollReset>
          Manage Documents
        </Link>
        <Link to={tomesUrl({ metadata: dataset.id })} className="button secondary" preventScrollReset>
          Metadata
        </Link>
        <Link to={tomesUrl({ delete: dataset.id })} className="button danger" preventScrollReset aria-label={`Delete ${dataset.name}`}>
          Delete
        </Link>
      </div>
    </article>
  );
}

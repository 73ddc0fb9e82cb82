import { Link } from '@remix-run/react';
import type { Dataset } from '../../../server/domain/tomes';
import { abbreviateTokens, countOf } from '../../../contract/usage';

/** The selected campaign's description and the knowledge its assistant can read. */
export function CampaignOverview({
  description,
  tomes,
}: {
  description: string;
  tomes: Array<Pick<Dataset, 'id' | 'name' | 'description' | 'document_count' | 'total_tokens'>>;
}) {
  return (
    <section className="campaign-overview" aria-label="Campaign knowledge">
      <p className={description ? 'campaign-description' : 'campaign-description muted'}>{description || 'No description yet.'}</p>
      <h3>Connected knowledge</h3>
      {tomes.length === 0 ? (
        <p className="muted small">
          No Knowledge Tomes linked. <Link to="/dashboard?tab=campaigns">Link a Knowledge Tome</Link> so the assistant has something to read.
        </p>
      ) : (
        <ul className="knowledge-list">
          {tomes.map((tome) => (
            <li key={tome.id}>
              <strong>{tome.name}</strong>{' '}
              <span className="muted small">
                {countOf(tome.document_count, 'document')} · {abbreviateTokens(tome.total_tokens)} tokens
              </span>
              {tome.description && <p className="small muted">{tome.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

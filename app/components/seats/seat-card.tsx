import { Form, Link } from '@remix-run/react';
import { playerViewUrl } from '../../../contract/player-views';
import { countOf } from '../../../contract/usage';
import type { Seat } from '../../../server/domain/seats/members';
import type { CampaignBudgetStatus } from '../../../server/domain/usage/campaign-budget';
import { CampaignBudgetNotice } from './campaign-budget-notice';

/** The documents of a campaign its players may read, as the player's home lists them. */
export interface ShownDocuments {
  campaign_id: string;
  documents: Array<{ id: string; filename: string }>;
  document_count: number;
}

/** How many shown documents a card names before "All N documents". */
const DOCUMENTS_NAMED = 5;

/**
 * A campaign the user plays in: its GM, what the GM shows, and every screen of it one tap away, each
 * opening the campaign as its players see it (never a GM's screen).
 */
export function SeatCard({
  seat,
  budget,
  shown,
  heading: Heading = 'h3',
}: {
  seat: Seat;
  budget?: CampaignBudgetStatus;
  shown?: ShownDocuments;
  heading?: 'h2' | 'h3';
}) {
  const id = seat.campaign_id;
  return (
    <article className="card campaign-card seat-card" data-testid="seat-card" aria-label={seat.name}>
      <Heading>{seat.name}</Heading>
      <p className="muted small">
        GM: {seat.gm_username} · joined {seat.joined_at.slice(0, 10)}
      </p>
      {seat.description && <p className="muted small">{seat.description}</p>}
      {budget && <CampaignBudgetNotice budget={budget} audience="player" />}
      {shown && (
        <section className="seat-documents" aria-label={`Documents of ${seat.name}`}>
          <h4>What your GM shares</h4>
          {shown.documents.length === 0 ? (
            <p className="muted small">Nothing shared yet: your GM’s documents appear here once shown to players.</p>
          ) : (
            <ul className="seat-document-list">
              {shown.documents.slice(0, DOCUMENTS_NAMED).map((document) => (
                <li key={document.id}>
                  <Link to={`${playerViewUrl(id)}?document=${encodeURIComponent(document.id)}`}>{document.filename}</Link>
                </li>
              ))}
              {shown.documents.length > DOCUMENTS_NAMED && (
                <li>
                  <Link to={playerViewUrl(id)}>All {countOf(shown.document_count, 'document')}</Link>
                </li>
              )}
            </ul>
          )}
        </section>
      )}
      <div className="campaign-card-actions">
        <Link className="button primary" to={`/assistant?campaign=${id}`}>
          Open in Assistant
        </Link>
        <Link className="button secondary" to={playerViewUrl(id)}>
          Documents
        </Link>
        <Link className="button secondary" to={playerViewUrl(id, 'timeline')}>
          Timeline
        </Link>
        <Link className="button secondary" to={playerViewUrl(id, 'map')}>
          Concept Map
        </Link>
        <Link className="button secondary" to={`/campaigns/${id}/sessions`}>
          Sessions
        </Link>
        <Link className="button secondary" to={`/campaigns/${id}/notes`}>
          My notes
        </Link>
        <Form method="post" action={`/campaigns/${id}/leave`}>
          <button type="submit" className="button danger" aria-label={`Leave ${seat.name}`}>
            Leave
          </button>
        </Form>
      </div>
    </article>
  );
}

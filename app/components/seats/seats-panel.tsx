import { Form, Link } from '@remix-run/react';
import type { Seat } from '../../../server/domain/seats/members';
import type { CampaignBudgetStatus } from '../../../server/domain/usage/campaign-budget';
import { CampaignBudgetNotice } from './campaign-budget-notice';

/**
 * The dashboard's "Campaigns you play in": each campaign another GM runs with the user at the
 * table, with the way into its screens and the player's own notes.
 */
export function SeatsPanel({ seats, budgets, joined }: { seats: Seat[]; budgets: CampaignBudgetStatus[]; joined: string | null }) {
  const joinedSeat = joined ? seats.find((seat) => seat.campaign_id === joined) : undefined;
  return (
    <section className="seats-panel stack" aria-labelledby="seats-heading">
      <div className="campaigns-toolbar">
        <h2 id="seats-heading">Campaigns you play in</h2>
        <Link className="button secondary" to="/join">
          Join with an invite code
        </Link>
      </div>
      {joinedSeat && (
        <p className="notice success" role="status">
          You joined {joinedSeat.name}. Welcome to the table!
        </p>
      )}
      {seats.length === 0 ? (
        <p className="muted">When a GM invites you to their campaign, it appears here.</p>
      ) : (
        <div className="grid">
          {seats.map((seat) => (
            <article key={seat.campaign_id} className="card campaign-card seat-card" data-testid="seat-card" aria-label={seat.name}>
              <h3>{seat.name}</h3>
              <p className="muted small">
                GM: {seat.gm_username} · joined {seat.joined_at.slice(0, 10)}
              </p>
              {seat.description && <p className="muted small">{seat.description}</p>}
              <SeatBudget budget={budgets.find((budget) => budget.campaign_id === seat.campaign_id)} />
              <div className="campaign-card-actions">
                <Link className="button primary" to={`/assistant?campaign=${seat.campaign_id}`}>
                  Open in Assistant
                </Link>
                <Link className="button secondary" to={`/timeline?campaign=${seat.campaign_id}`}>
                  Timeline
                </Link>
                <Link className="button secondary" to={`/concept-map?campaign=${seat.campaign_id}`}>
                  Concept Map
                </Link>
                <Link className="button secondary" to={`/campaigns/${seat.campaign_id}/sessions`}>
                  Sessions
                </Link>
                <Link className="button secondary" to={`/campaigns/${seat.campaign_id}/notes`}>
                  My notes
                </Link>
                <Form method="post" action={`/campaigns/${seat.campaign_id}/leave`}>
                  <button type="submit" className="button danger" aria-label={`Leave ${seat.name}`}>
                    Leave
                  </button>
                </Form>
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}

function SeatBudget({ budget }: { budget: CampaignBudgetStatus | undefined }) {
  return budget ? <CampaignBudgetNotice budget={budget} audience="player" /> : null;
}

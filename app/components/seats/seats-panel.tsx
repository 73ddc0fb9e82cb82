import { Link } from '@remix-run/react';
import type { Seat } from '../../../server/domain/seats/members';
import type { CampaignBudgetStatus } from '../../../server/domain/usage/campaign-budget';
import { SeatCard } from './seat-card';

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
            <SeatCard key={seat.campaign_id} seat={seat} budget={budgets.find((budget) => budget.campaign_id === seat.campaign_id)} />
          ))}
        </div>
      )}
    </section>
  );
}

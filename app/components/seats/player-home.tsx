import { Link } from '@remix-run/react';
import type { Seat } from '../../../server/domain/seats/members';
import type { CampaignBudgetStatus } from '../../../server/domain/usage/campaign-budget';
import { PageHeader } from '~/components/page-header';
import { SeatCard, type ShownDocuments } from './seat-card';

/**
 * Where a player lands (issue 34): the campaigns they play in, each with what its GM shares and its
 * documents, timeline, concept map and Assistant one tap away, in a player's words. A person who also
 * runs a campaign gets the GM's dashboard instead, with these campaigns in a section of their own.
 */
export function PlayerHome({ seats, budgets, shown, joined }: { seats: Seat[]; budgets: CampaignBudgetStatus[]; shown: ShownDocuments[]; joined: string | null }) {
  const joinedSeat = joined ? seats.find((seat) => seat.campaign_id === joined) : undefined;
  return (
    <main className="page player-home">
      <PageHeader
        title={seats.length === 1 ? 'Your campaign' : 'Your campaigns'}
        subtitle={seats.length === 1 ? 'What your game master shares with the table.' : 'The campaigns you play in: what each game master shares with the table.'}
      />
      {joinedSeat && (
        <p className="notice success" role="status">
          You joined {joinedSeat.name}. Welcome to the table!
        </p>
      )}
      <div className="grid">
        {seats.map((seat) => (
          <SeatCard
            key={seat.campaign_id}
            seat={seat}
            heading="h2"
            budget={budgets.find((budget) => budget.campaign_id === seat.campaign_id)}
            shown={shown.find((documents) => documents.campaign_id === seat.campaign_id)}
          />
        ))}
      </div>
      <p className="muted small">
        Invited to another table? <Link to="/join">Join with an invite code</Link>. Running a game of your own?{' '}
        <Link to="/dashboard?tab=campaigns">Open the game master’s tools</Link>.
      </p>
    </main>
  );
}

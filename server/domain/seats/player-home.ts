import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type PlayerView, playerViewUrl } from '../../../contract/player-views';
import { listSeats, type Seat } from './members';

/** Whose screens a person gets (issue 34): a game master's, a player's, or both. */
export interface Home {
  /** The user runs a campaign of their own. */
  runsCampaigns: boolean;
  /**
   * The user runs no campaign and keeps no Knowledge Tome, but has a seat at someone's table: their
   * screens speak to a player (their campaigns, what the GM shows), never a GM's empty dashboard.
   */
  playsOnly: boolean;
  seats: Seat[];
}

/** The rule behind `playsOnly`, for a caller that has the user's campaigns, tomes and seats at hand. */
export function playsOnly(counts: { campaigns: number; tomes: number; seats: number }): boolean {
  return counts.campaigns === 0 && counts.tomes === 0 && counts.seats > 0;
}

export async function homeOf(db: Kysely<DB>, userId: string): Promise<Home> {
  const [campaign, tome, seats] = await Promise.all([
    db.selectFrom('campaigns').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
    db.selectFrom('datasets').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
    listSeats(db, userId),
  ]);
  const runsCampaigns = campaign !== undefined;
  return { runsCampaigns, playsOnly: playsOnly({ campaigns: runsCampaigns ? 1 : 0, tomes: tome ? 1 : 0, seats: seats.length }), seats };
}

/**
 * Where a GM's campaign screen (the timeline, the concept map) sends someone reading it as a player:
 * a campaign they play in opens that campaign's player view; with no campaign of their own, their one
 * campaign's view, or their list of campaigns when they play in several. Null: the GM's screen itself.
 */
export function playerScreenRedirect(input: {
  ownCampaignIds: readonly string[];
  seatCampaignIds: readonly string[];
  requested: string | null;
  view: PlayerView;
}): string | null {
  const { ownCampaignIds, seatCampaignIds, requested, view } = input;
  if (requested && !ownCampaignIds.includes(requested) && seatCampaignIds.includes(requested)) return playerViewUrl(requested, view);
  if (ownCampaignIds.length > 0 || seatCampaignIds.length === 0) return null;
  return seatCampaignIds.length === 1 ? playerViewUrl(seatCampaignIds[0], view) : '/dashboard';
}

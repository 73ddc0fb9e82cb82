import { type LoaderFunctionArgs, redirect } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/server-runtime';
import type { PlayerView } from '../../contract/player-views';
import { viewAsCookie as writeViewAsCookie } from '../../contract/view-as-cookie';
import { requireUser } from './session.server';
import { viewAsPlayer } from './view-as.server';

/**
 * A seat check's 404 as the page's 404: a player (or a removed one) opening a GM-only screen,
 * another campaign's id or a forged one meets the same "Page not found" as a missing page.
 */
export async function orNotFound<T>(context: AppLoadContext, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (context.domain.isDomainError(error) && error.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

/** The view-as switch's cookie, Secure when the page came over https. */
export function viewAsCookie(mode: 'player' | 'gm', request: Request): string {
  return writeViewAsCookie(mode, new URL(request.url).protocol === 'https:');
}

/**
 * The GM's timeline and concept map, asked for by someone who reads the campaign as a player (a
 * player's card, the nav): answered with the campaign's player view, never "No campaigns yet".
 */
export async function redirectReadersToPlayerView(
  context: AppLoadContext,
  userId: string,
  ownCampaignIds: string[],
  requested: string | null,
  view: PlayerView,
): Promise<void> {
  const seats = await context.domain.seats.listSeats(context.services.db, userId);
  const to = context.domain.seats.playerScreenRedirect({ ownCampaignIds, seatCampaignIds: seats.map((seat) => seat.campaign_id), requested, view });
  if (to) throw redirect(to);
}

/**
 * A GM screen's campaigns (timeline, concept map) and the one asked for in `?campaign=` (else the
 * first); someone who reads it as a player is sent to their player view first.
 */
export async function campaignsOfGmScreen(context: AppLoadContext, userId: string, url: URL, view: PlayerView) {
  const campaigns = (await context.domain.campaigns.listCampaigns(context.services.db, userId)).map(({ id, name }) => ({ id, name }));
  const requested = url.searchParams.get('campaign');
  await redirectReadersToPlayerView(
    context,
    userId,
    campaigns.map((campaign) => campaign.id),
    requested,
    view,
  );
  const selected = campaigns.find((campaign) => campaign.id === requested) ?? campaigns[0] ?? null;
  return { campaigns, requested, selected };
}

/**
 * The campaign a /campaigns/:id page names, the signed-in user and their access to it (as the
 * view-as switch asks), a 404 when they have none.
 */
export async function campaignReader(context: AppLoadContext, request: Request, params: LoaderFunctionArgs['params']) {
  const campaignId = params.id ?? '';
  const user = requireUser(context, request);
  const access = await orNotFound(
    context,
    context.domain.ownership.requireCampaignAccess(context.services.db, user.id, campaignId, { viewAsPlayer: viewAsPlayer(request) }),
  );
  return { campaignId, user, access };
}

/** The user's own campaigns (id and name) and the one the address names (?campaign=), else their first. */
export async function ownCampaignPicked(context: AppLoadContext, request: Request) {
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const campaigns = (await context.domain.campaigns.listCampaigns(context.services.db, user.id)).map(({ id, name }) => ({ id, name }));
  const selected = campaigns.find((campaign) => campaign.id === url.searchParams.get('campaign')) ?? campaigns[0] ?? null;
  return { user, url, campaigns, selected };
}

/**
 * The GM's "view as player" switch: a cookie the switch's form sets and clears (issue #14).
 * Loaders of campaign screens pass it to requireCampaignAccess, so the GM sees a screen exactly
 * as a player would; for a player it changes nothing.
 */
import { VIEW_AS_COOKIE } from '../../contract/view-as-cookie';

export { VIEW_AS_COOKIE };

export function viewAsPlayer(request: Request): boolean {
  const cookies = request.headers.get('cookie') ?? '';
  return cookies.split(';').some((pair) => pair.trim() === `${VIEW_AS_COOKIE}=player`);
}

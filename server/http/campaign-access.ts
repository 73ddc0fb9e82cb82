import type { FastifyRequest } from 'fastify';
import { VIEW_AS_COOKIE } from '../../contract/view-as-cookie';
import { requireCampaignAccess, type CampaignAccess } from '../domain/ownership';
import type { Services } from '../services';
import { currentUser } from './auth';

/**
 * The caller's seat at the campaign in the address, for /api routes that read campaign
 * material. The GM's "view as player" cookie counts here too, so the browser's live pieces
 * (the streamed answer) see exactly what the screen's loader saw.
 */
export function campaignAccessOf(services: Pick<Services, 'db'>, request: FastifyRequest, campaignId: string): Promise<CampaignAccess> {
  const viewAsPlayer = request.cookies?.[VIEW_AS_COOKIE] === 'player';
  return requireCampaignAccess(services.db, currentUser(request).id, campaignId, { viewAsPlayer });
}

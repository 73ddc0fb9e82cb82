import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { homeOf, playerScreenRedirect } from './player-home';

describe('playerScreenRedirect', () => {
  const base = { ownCampaignIds: [] as string[], seatCampaignIds: [] as string[], requested: null, view: 'timeline' as const };

  it('opens the player view of a campaign the user plays in', () => {
    expect(playerScreenRedirect({ ...base, ownCampaignIds: ['mine'], seatCampaignIds: ['theirs'], requested: 'theirs' })).toBe('/play/theirs?view=timeline');
    expect(playerScreenRedirect({ ...base, seatCampaignIds: ['theirs'], requested: 'theirs', view: 'map' })).toBe('/play/theirs?view=map');
  });

  it("keeps a GM on their own campaign's screen, and on an unknown one (the screen says it is missing)", () => {
    expect(playerScreenRedirect({ ...base, ownCampaignIds: ['mine'], seatCampaignIds: ['theirs'], requested: 'mine' })).toBeNull();
    expect(playerScreenRedirect({ ...base, ownCampaignIds: ['mine'], seatCampaignIds: ['theirs'] })).toBeNull();
    expect(playerScreenRedirect({ ...base, ownCampaignIds: ['mine'], requested: 'nobody-s' })).toBeNull();
    expect(playerScreenRedirect(base)).toBeNull();
  });

  it("sends a player with no campaign of their own to their one campaign's view, or to their campaigns", () => {
    expect(playerScreenRedirect({ ...base, seatCampaignIds: ['a'] })).toBe('/play/a?view=timeline');
    expect(playerScreenRedirect({ ...base, seatCampaignIds: ['a'], requested: 'someone-else-s' })).toBe('/play/a?view=timeline');
    expect(playerScreenRedirect({ ...base, seatCampaignIds: ['a', 'b'] })).toBe('/dashboard');
  });
});

describe('homeOf', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells a player, a GM, and a GM who also plays apart', async () => {
    const gm = await t.signUp();
    const player = await t.signUp();
    const both = await t.signUp();
    const newcomer = await t.signUp();
    const call = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const campaignId = (await call(gm.token, '/api/campaigns', { name: 'The Ember Crown' })).json().id as string;
    const { code } = (await call(gm.token, `/api/campaigns/${campaignId}/invites`, { uses: 5 })).json() as { code: string };
    expect((await call(player.token, '/api/invites/redeem', { code })).statusCode).toBe(200);
    expect((await call(both.token, '/api/invites/redeem', { code })).statusCode).toBe(200);
    await call(both.token, '/api/campaigns', { name: 'Salt and Iron' });

    const { db } = t.services;
    expect(await homeOf(db, player.userId)).toMatchObject({ playsOnly: true, runsCampaigns: false, seats: [{ campaign_id: campaignId }] });
    expect(await homeOf(db, gm.userId)).toMatchObject({ playsOnly: false, runsCampaigns: true, seats: [] });
    expect(await homeOf(db, both.userId)).toMatchObject({ playsOnly: false, runsCampaigns: true, seats: [{ campaign_id: campaignId }] });
    // Someone with no seat yet is a GM setting up, as is a player who keeps Knowledge Tomes of their own.
    expect(await homeOf(db, newcomer.userId)).toMatchObject({ playsOnly: false, runsCampaigns: false });
    await call(player.token, '/api/datasets', { name: 'My own lore' });
    expect((await homeOf(db, player.userId)).playsOnly).toBe(false);
  });
});

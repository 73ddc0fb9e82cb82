import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { requireCampaignAccess } from './ownership';

describe('requireCampaignAccess: the one seat check', () => {
  let database: Database;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    for (const name of ['gm', 'player', 'stranger']) {
      const user = await db
        .insertInto('users')
        .values({ username: name, email: `${name}@example.test`, password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = user.id;
    }
    const campaign = await db.insertInto('campaigns').values({ user_id: ids.gm, name: 'Ember Crown' }).returning('id').executeTakeFirstOrThrow();
    ids.campaign = campaign.id;
    await db.insertInto('campaign_members').values({ campaign_id: ids.campaign, user_id: ids.player, invite_id: null }).execute();
  });
  afterAll(async () => {
    await database.close();
  });

  it('seats the owner as GM, who may view as a player', async () => {
    const access = await requireCampaignAccess(database.db, ids.gm, ids.campaign);
    expect(access).toMatchObject({ role: 'gm', audience: 'gm', ownerId: ids.gm, userId: ids.gm });
    const asPlayer = await requireCampaignAccess(database.db, ids.gm, ids.campaign, { viewAsPlayer: true });
    expect(asPlayer).toMatchObject({ role: 'gm', audience: 'player', ownerId: ids.gm });
  });

  it('seats a member as a player, whatever the switch says', async () => {
    const access = await requireCampaignAccess(database.db, ids.player, ids.campaign, { viewAsPlayer: false });
    expect(access).toMatchObject({ role: 'player', audience: 'player', ownerId: ids.gm, userId: ids.player });
  });

  it('answers 404 to anyone without a seat, and to forged ids', async () => {
    for (const [user, campaign] of [
      [ids.stranger, ids.campaign],
      [ids.player, '00000000-0000-0000-0000-000000000000'],
      [ids.player, 'not-a-uuid'],
      ['not-a-uuid', ids.campaign],
    ]) {
      await expect(requireCampaignAccess(database.db, user, campaign)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('ends a removed seat, and every seat of a disabled GM, on the next call', async () => {
    const { db } = database;
    await db.updateTable('users').set({ disabled: true }).where('id', '=', ids.gm).execute();
    await expect(requireCampaignAccess(db, ids.player, ids.campaign)).rejects.toMatchObject({ status: 404 });
    await db.updateTable('users').set({ disabled: false }).where('id', '=', ids.gm).execute();
    await expect(requireCampaignAccess(db, ids.player, ids.campaign)).resolves.toMatchObject({ role: 'player' });
    await db.deleteFrom('campaign_members').where('user_id', '=', ids.player).execute();
    await expect(requireCampaignAccess(db, ids.player, ids.campaign)).rejects.toMatchObject({ status: 404 });
  });
});

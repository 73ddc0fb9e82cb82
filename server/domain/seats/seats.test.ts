import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { runAdminCommand } from '../../cli/admin-commands';
import { codeHash } from '../accounts/registration-codes';
import { recordGeneration } from '../chat/usage-records';
import { requireCampaignAccess } from '../ownership';
import { recordUsage } from '../usage/usage';
import { requireCampaignBudget } from '../usage/campaign-budget';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Account = { token: string; userId: string; username: string };

describe('campaign seats over /api', () => {
  let t: TestApp;
  let gm: Account;
  let otherGm: Account;
  let p1: Account;
  let p2: Account;
  let campaign: string;
  let otherCampaign: string;

  const call = (who: Account, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const newCampaign = async (who: Account, name: string) => (await call(who, 'POST', '/api/campaigns', { name })).json().id as string;
  const invite = async (who: Account, campaignId: string, body: object = {}) => {
    const response = await call(who, 'POST', `/api/campaigns/${campaignId}/invites`, body);
    expect(response.statusCode).toBe(201);
    return response.json() as { code: string; link: string; invite: { id: string; status: string; uses: number } };
  };
  const members = async (campaignId: string) => t.services.db.selectFrom('campaign_members').select('user_id').where('campaign_id', '=', campaignId).execute();
  const usesOf = async (inviteId: string) =>
    (await t.services.db.selectFrom('campaign_invites').select('uses').where('id', '=', inviteId).executeTakeFirstOrThrow()).uses;

  beforeAll(async () => {
    t = await createTestApp();
    gm = await t.signUp();
    otherGm = await t.signUp();
    p1 = await t.signUp();
    p2 = await t.signUp();
    campaign = await newCampaign(gm, 'The Ember Crown');
    otherCampaign = await newCampaign(otherGm, 'Salt and Iron');
  });
  afterAll(async () => {
    await t.close();
  });

  it('invites with a code and a link; a player joins and the GM sees who joined', async () => {
    const created = await invite(gm, campaign, { uses: 2, expires_in_days: 3, note: 'Thursday group' });
    expect(created.code).toMatch(/^SEAT-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(created.link).toBe(`/join/${created.code}`);
    expect(created.invite).toMatchObject({ status: 'active', uses: 0, max_uses: 2, note: 'Thursday group' });
    // Only the hash is stored.
    const row = await t.services.db.selectFrom('campaign_invites').selectAll().where('id', '=', created.invite.id).executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(codeHash(created.code));
    expect(JSON.stringify(row)).not.toContain(created.code);

    const joined = await call(p1, 'POST', '/api/invites/redeem', { code: created.code.toLowerCase() });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ campaign_id: campaign, name: 'The Ember Crown', gm_username: gm.username });
    // Joining again takes no use.
    expect((await call(p1, 'POST', '/api/invites/redeem', { code: created.code })).statusCode).toBe(200);
    expect(await usesOf(created.invite.id)).toBe(1);

    const list = (await call(gm, 'GET', `/api/campaigns/${campaign}/members`)).json();
    expect(list).toEqual([expect.objectContaining({ user_id: p1.userId, username: p1.username })]);
    expect((await call(p1, 'GET', '/api/seats')).json().map((s: { campaign_id: string }) => s.campaign_id)).toEqual([campaign]);
    // The GM's own campaigns list is unchanged for the player.
    expect((await call(p1, 'GET', '/api/campaigns')).json()).toEqual([]);
  });

  it('refuses used, expired, revoked, unknown and forged invites with a clear 4xx and writes nothing', async () => {
    const single = await invite(gm, campaign, { uses: 1 });
    expect((await call(p2, 'POST', '/api/invites/redeem', { code: single.code })).statusCode).toBe(200);
    const outsider = await t.signUp();
    const usedUp = await call(outsider, 'POST', '/api/invites/redeem', { code: single.code });
    expect(usedUp.statusCode).toBe(410);
    expect(usedUp.json().error).toBe('This invite has already been used. Ask your GM for a new one.');

    const expiring = await invite(gm, campaign, { uses: 5 });
    await t.services.db
      .updateTable('campaign_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.invite.id)
      .execute();
    const expired = await call(outsider, 'POST', '/api/invites/redeem', { code: expiring.code });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe('This invite has expired. Ask your GM for a new one.');

    const revoking = await invite(gm, campaign, { uses: 5 });
    const revoked = await call(gm, 'DELETE', `/api/campaigns/${campaign}/invites/${revoking.invite.id}`);
    expect(revoked.json().status).toBe('revoked');
    const refused = await call(outsider, 'POST', '/api/invites/redeem', { code: revoking.code });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error).toBe('This invite was revoked by the GM. Ask your GM for a new one.');

    for (const code of ['SEAT-AAAAA-BBBBB-CCCCC', 'x'.repeat(101), ' ', "'; drop table campaign_invites; --"]) {
      const response = await call(outsider, 'POST', '/api/invites/redeem', { code });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json().error).toBeTruthy();
    }
    expect((await call(outsider, 'POST', '/api/invites/redeem', { code: 42 })).statusCode).toBe(400);
    // The GM cannot take a player's seat at their own table.
    const own = await invite(gm, campaign);
    const self = await call(gm, 'POST', '/api/invites/redeem', { code: own.code });
    expect(self.statusCode).toBe(409);

    expect(await usesOf(expiring.invite.id)).toBe(0);
    expect(await usesOf(revoking.invite.id)).toBe(0);
    expect(await usesOf(own.invite.id)).toBe(0);
    expect((await members(campaign)).map((m) => m.user_id)).not.toContain(outsider.userId);
    expect((await members(campaign)).map((m) => m.user_id)).not.toContain(gm.userId);
  });

  it('seats exactly one of two players racing for an invite’s last use', async () => {
    const single = await invite(gm, campaign, { uses: 1 });
    const [a, b] = [await t.signUp(), await t.signUp()];
    const answers = await Promise.all([a, b].map((who) => call(who, 'POST', '/api/invites/redeem', { code: single.code })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(await usesOf(single.invite.id)).toBe(1);
    const seated = (await members(campaign)).map((m) => m.user_id);
    expect([a.userId, b.userId].filter((id) => seated.includes(id))).toHaveLength(1);
  });

  it('checks invite input: bad uses, expiry and notes are 400 with nothing written', async () => {
    const before = (await call(gm, 'GET', `/api/campaigns/${campaign}/invites`)).json().length;
    for (const body of [{ uses: 0 }, { uses: 1.5 }, { uses: 'many' }, { uses: 101 }, { expires_in_days: -1 }, { expires_in_days: 91 }, { note: 'n'.repeat(201) }]) {
      const response = await call(gm, 'POST', `/api/campaigns/${campaign}/invites`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
    expect((await call(gm, 'GET', `/api/campaigns/${campaign}/invites`)).json()).toHaveLength(before);
    const never = await invite(gm, campaign, { expires_in_days: null });
    expect(never.invite).toMatchObject({ expires_at: null, status: 'active' });
    // The Players form's spelling of null, taken by the same schema (ADR 0344); left out, 7 days.
    expect((await invite(gm, campaign, { expires_in_days: 'never' })).invite).toMatchObject({ expires_at: null });
    expect((await invite(gm, campaign, {})).invite).toMatchObject({ expires_at: expect.any(String) });
  });

  it('registers a new account with a player invite: it counts as an approved code and seats the player', async () => {
    const created = await invite(gm, campaign, { uses: 1 });
    const register = (username: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username, email: `${username}@example.com`, password: 'Dragons4ever', registration_code: code },
      });
    const ok = await register('newplayer1', created.code);
    expect(ok.statusCode).toBe(200);
    const newcomer = ok.json().user.id as string;
    expect((await members(campaign)).map((m) => m.user_id)).toContain(newcomer);

    // The invite is used up now: a second registration is refused, and no account is created.
    const again = await register('newplayer2', created.code);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('This invite has already been used. Ask your GM for a new one.');
    const unknown = await register('newplayer3', 'SEAT-ZZZZZ-ZZZZZ-ZZZZZ');
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().error).toBe('Invalid registration code');
    // A refusal after the invite was claimed (a taken name) rolls the use back.
    const another = await invite(gm, campaign, { uses: 1 });
    expect((await register('newplayer1', another.code)).statusCode).toBe(409);
    expect(await usesOf(another.invite.id)).toBe(0);
    const names = (await t.services.db.selectFrom('users').select('username').execute()).map((u) => u.username);
    expect(names).not.toContain('newplayer2');
    expect(names).not.toContain('newplayer3');
  });

  it('gives a player 404 on every GM-only route and on another campaign, with nothing changed', async () => {
    const gmInvite = await invite(gm, campaign, { uses: 3 });
    const otherInvite = await invite(otherGm, otherCampaign);
    const tome = (await call(gm, 'POST', '/api/datasets', { name: 'GM lore' })).json().id as string;
    const gmOnly: [Method, string, object?][] = [
      ['GET', `/api/campaigns/${campaign}/invites`],
      ['POST', `/api/campaigns/${campaign}/invites`, { uses: 50 }],
      ['DELETE', `/api/campaigns/${campaign}/invites/${gmInvite.invite.id}`],
      ['GET', `/api/campaigns/${campaign}/members`],
      ['DELETE', `/api/campaigns/${campaign}/members/${p2.userId}`],
      ['PUT', `/api/campaigns/${campaign}/budget`, { monthly_budget_usd: 999 }],
      ['PATCH', `/api/campaigns/${campaign}`, { name: 'Hijacked' }],
      ['DELETE', `/api/campaigns/${campaign}`],
      ['POST', `/api/campaigns/${campaign}/datasets`, { dataset_id: tome }],
    ];
    for (const [method, url, body] of gmOnly) {
      const response = await call(p1, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Another campaign's ids, and forged ids, answer like missing ones.
    const elsewhere: [Method, string, object?][] = [
      ['GET', `/api/campaigns/${otherCampaign}/notes`],
      ['POST', `/api/campaigns/${otherCampaign}/notes`, { title: 'x' }],
      ['GET', `/api/campaigns/${otherCampaign}/budget`],
      ['GET', `/api/campaigns/${otherCampaign}/members`],
      ['DELETE', `/api/campaigns/${otherCampaign}/invites/${otherInvite.invite.id}`],
      ['DELETE', `/api/campaigns/${campaign}/invites/${otherInvite.invite.id}`],
      ['GET', '/api/campaigns/not-a-uuid/notes'],
      ['GET', '/api/campaigns/00000000-0000-4000-8000-000000000000/budget'],
      ['DELETE', '/api/seats/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, url, body] of elsewhere) {
      expect((await call(p1, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(gm, 'DELETE', `/api/campaigns/${campaign}/invites/${otherInvite.invite.id}`)).statusCode).toBe(404);
    expect((await call(gm, 'DELETE', `/api/campaigns/${campaign}/members/${otherGm.userId}`)).statusCode).toBe(404);

    const row = await t.services.db.selectFrom('campaigns').selectAll().where('id', '=', campaign).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'The Ember Crown', monthly_budget_usd: null });
    expect(
      (await t.services.db.selectFrom('campaign_invites').select('revoked_at').where('id', 'in', [gmInvite.invite.id, otherInvite.invite.id]).execute()).every(
        (i) => i.revoked_at === null,
      ),
    ).toBe(true);
    expect((await members(campaign)).map((m) => m.user_id)).toContain(p2.userId);
  });

  it('keeps notes private to their author: not the GM, not another player', async () => {
    const note = (await call(p1, 'POST', `/api/campaigns/${campaign}/notes`, { title: 'Suspects', body: 'Quenby is lying.' })).json();
    expect(note).toMatchObject({ title: 'Suspects', body: 'Quenby is lying.' });
    expect((await call(p1, 'GET', `/api/campaigns/${campaign}/notes`)).json()).toEqual([note]);
    expect((await call(gm, 'GET', `/api/campaigns/${campaign}/notes`)).json()).toEqual([]);
    expect((await call(p2, 'GET', `/api/campaigns/${campaign}/notes`)).json()).toEqual([]);
    for (const who of [gm, p2]) {
      expect((await call(who, 'PATCH', `/api/campaigns/${campaign}/notes/${note.id}`, { body: 'x' })).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/api/campaigns/${campaign}/notes/${note.id}`)).statusCode).toBe(404);
    }
    expect((await call(p1, 'POST', `/api/campaigns/${campaign}/notes`, { title: ' ' })).statusCode).toBe(400);
    expect((await call(p1, 'POST', `/api/campaigns/${campaign}/notes`, { title: 'x', body: 'y'.repeat(50_001) })).statusCode).toBe(400);
    const edited = await call(p1, 'PATCH', `/api/campaigns/${campaign}/notes/${note.id}`, { body: 'Quenby is paid.' });
    expect(edited.json()).toMatchObject({ id: note.id, title: 'Suspects', body: 'Quenby is paid.' });
    expect((await call(p1, 'GET', `/api/campaigns/${campaign}/notes`)).json()).toHaveLength(1);
  });

  it('removing a player takes effect on their next request', async () => {
    const gone = await t.signUp();
    await call(gone, 'POST', '/api/invites/redeem', { code: (await invite(gm, campaign)).code });
    expect((await call(gone, 'GET', `/api/campaigns/${campaign}/notes`)).statusCode).toBe(200);
    expect((await call(gone, 'GET', `/api/campaigns/${campaign}/budget`)).statusCode).toBe(200);
    expect((await call(gm, 'DELETE', `/api/campaigns/${campaign}/members/${gone.userId}`)).json()).toEqual({ removed: gone.userId });
    expect((await call(gone, 'GET', `/api/campaigns/${campaign}/notes`)).statusCode).toBe(404);
    expect((await call(gone, 'POST', `/api/campaigns/${campaign}/notes`, { title: 'still here?' })).statusCode).toBe(404);
    expect((await call(gone, 'GET', '/api/seats')).json()).toEqual([]);
    await expect(requireCampaignAccess(t.services.db, gone.userId, campaign)).rejects.toMatchObject({ status: 404 });
    expect((await call(gm, 'DELETE', `/api/campaigns/${campaign}/members/${gone.userId}`)).statusCode).toBe(404);
  });

  it('a removed player cannot rejoin with the invite that seated them; others and a new invite still work', async () => {
    const removed = await t.signUp();
    const friend = await t.signUp();
    const shared = await invite(gm, campaign, { uses: 5 });
    expect((await call(removed, 'POST', '/api/invites/redeem', { code: shared.code })).statusCode).toBe(200);
    expect((await call(gm, 'DELETE', `/api/campaigns/${campaign}/members/${removed.userId}`)).statusCode).toBe(200);

    const again = await call(removed, 'POST', '/api/invites/redeem', { code: shared.code });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatch(/removed you/);
    expect((await members(campaign)).map((m) => m.user_id)).not.toContain(removed.userId);
    expect(await usesOf(shared.invite.id)).toBe(1);

    expect((await call(friend, 'POST', '/api/invites/redeem', { code: shared.code })).statusCode).toBe(200);
    expect((await call(removed, 'POST', '/api/invites/redeem', { code: (await invite(gm, campaign)).code })).statusCode).toBe(200);
    expect((await call(removed, 'GET', `/api/campaigns/${campaign}/notes`)).statusCode).toBe(200);
  });

  it('seats one user in several campaigns of several GMs while they run their own', async () => {
    await call(gm, 'POST', '/api/invites/redeem', { code: (await invite(otherGm, otherCampaign)).code });
    await call(p1, 'POST', '/api/invites/redeem', { code: (await invite(otherGm, otherCampaign)).code });
    const own = await newCampaign(p1, 'My own table');
    expect(
      (await call(p1, 'GET', '/api/seats'))
        .json()
        .map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['Salt and Iron', 'The Ember Crown']);
    expect((await call(p1, 'GET', '/api/campaigns')).json().map((c: { id: string }) => c.id)).toEqual([own]);
    expect((await requireCampaignAccess(t.services.db, gm.userId, otherCampaign)).role).toBe('player');
    expect((await requireCampaignAccess(t.services.db, gm.userId, campaign)).role).toBe('gm');
    // A player leaves of their own accord.
    expect((await call(gm, 'DELETE', `/api/seats/${otherCampaign}`)).statusCode).toBe(200);
    expect((await call(gm, 'GET', '/api/seats')).json()).toEqual([]);
  });

  it('counts players’ AI use against the campaign budget: a warning at 80%, a hard stop at 100%', async () => {
    const budgetOf = async (who: Account) => (await call(who, 'GET', `/api/campaigns/${campaign}/budget`)).json();
    expect(await budgetOf(p1)).toMatchObject({ budget: null, level: 'none', message: null });
    expect((await call(gm, 'PUT', `/api/campaigns/${campaign}/budget`, { monthly_budget_usd: -1 })).statusCode).toBe(400);
    expect((await call(gm, 'PUT', `/api/campaigns/${campaign}/budget`, { monthly_budget_usd: 'lots' })).statusCode).toBe(400);
    expect((await call(gm, 'PUT', `/api/campaigns/${campaign}/budget`, { monthly_budget_usd: 1 })).json()).toMatchObject({ budget: 1, spent: 0, level: 'ok' });

    const playerAccess = await requireCampaignAccess(t.services.db, p1.userId, campaign);
    const gmAccess = await requireCampaignAccess(t.services.db, gm.userId, campaign);
    // The players' calls carry the campaign; the GM's own use in the campaign does not count.
    await recordUsage(t.services.db, { userId: p1.userId, campaignId: campaign, feature: 'campaign_chat', model: 'offline', costUsd: 0.5 });
    await recordUsage(t.services.db, { userId: gm.userId, campaignId: campaign, feature: 'campaign_chat', model: 'offline', costUsd: 5 });
    await recordUsage(t.services.db, { userId: p1.userId, feature: 'document_chat', model: 'offline', costUsd: 5 });
    expect(await budgetOf(p1)).toMatchObject({ spent: 0.5, used_percent: 50, level: 'ok', message: null });

    await recordGeneration(
      t.services.db,
      p2.userId,
      'campaign_chat',
      {
        text: '',
        engine: 'claude',
        model: 'claude-sonnet-4-5',
        citations: [],
        usage: { inputTokens: 100_000, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      } as never,
      10,
      campaign,
    );
    const warned = await budgetOf(p2);
    expect(warned.level).toBe('warning');
    expect(warned.spent).toBeGreaterThanOrEqual(0.8);
    expect(warned.message).toMatch(/^This campaign has used 8\d% of its \$1\.00 AI budget for the month\.$/);
    expect((await requireCampaignBudget(t.services.db, playerAccess)).level).toBe('warning');

    await recordUsage(t.services.db, { userId: p2.userId, campaignId: campaign, feature: 'embedding', model: 'voyage-3.5', costUsd: 0.2 });
    const stopped = await budgetOf(p1);
    expect(stopped.level).toBe('exceeded');
    await expect(requireCampaignBudget(t.services.db, playerAccess)).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^This campaign's AI budget for the month is used up \(\$1\.\d\d of \$1\.00\)\. Ask your GM to raise it/),
    });
    // The GM (also viewing as a player) is never stopped by the campaign budget.
    expect((await requireCampaignBudget(t.services.db, gmAccess)).level).toBe('exceeded');
    const viewing = await requireCampaignAccess(t.services.db, gm.userId, campaign, { viewAsPlayer: true });
    expect((await requireCampaignBudget(t.services.db, viewing)).level).toBe('exceeded');
    // The player's own banner is their own usage, as the spec says.
    const own = (await call(p1, 'GET', '/api/usage/current-month')).json();
    expect(own.month_data.total_cost).toBeCloseTo(5.5, 6);
    // A budget of 0 means no AI for players; null removes the cap.
    expect((await call(gm, 'PUT', `/api/campaigns/${campaign}/budget`, { monthly_budget_usd: null })).json().level).toBe('none');
    await expect(requireCampaignBudget(t.services.db, playerAccess)).resolves.toMatchObject({ level: 'none' });
  });

  it('lets the administrator list, limit and revoke GM-issued invites; disabling a GM disables them', async () => {
    const db = t.services.db;
    const gm2 = await t.signUp();
    const table = await newCampaign(gm2, 'Lantern Watch');
    const first = await invite(gm2, table, { uses: 4 });
    const listed = await runAdminCommand(db, 'player-invites', [gm2.username]);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain(first.invite.id);
    expect(listed[0]).toContain('Lantern Watch');
    expect(listed[0]).toContain('0/4 used');

    expect(await runAdminCommand(db, 'player-invite-limit', [gm2.username, '1'])).toEqual([`${gm2.username} may hold 1 open player invite.`]);
    const capped = await call(gm2, 'POST', `/api/campaigns/${table}/invites`, {});
    expect(capped.statusCode).toBe(409);
    expect(capped.json().error).toContain('the most your administrator allows');
    await runAdminCommand(db, 'player-invite-limit', [gm2.username, '0']);
    expect((await call(gm2, 'POST', `/api/campaigns/${table}/invites`, {})).json().error).toBe('Your administrator has turned off player invites for your account.');
    await runAdminCommand(db, 'player-invite-limit', [gm2.username, 'default']);
    const second = await invite(gm2, table);
    await expect(runAdminCommand(db, 'player-invite-limit', [gm2.username, '-3'])).rejects.toThrow('whole number');

    expect(await runAdminCommand(db, 'revoke-player-invite', [first.invite.id])).toEqual(['Revoked 1 player invite.']);
    expect((await call(p1, 'POST', '/api/invites/redeem', { code: first.code })).statusCode).toBe(410);
    await expect(runAdminCommand(db, 'revoke-player-invite', ['nope'])).rejects.toThrow('No invite with id nope');

    // Disabling the GM: their invites stop working and their players lose the table, until enabled.
    const third = await invite(gm2, table, { uses: 5 });
    expect((await call(p1, 'POST', '/api/invites/redeem', { code: second.code })).statusCode).toBe(200);
    await runAdminCommand(db, 'disable', [gm2.username]);
    const refused = await call(p2, 'POST', '/api/invites/redeem', { code: third.code });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error).toBe('This invite no longer works. Ask your GM for a new one.');
    expect((await runAdminCommand(db, 'player-invites', [gm2.username])).join('\n')).toContain('gm_disabled');
    expect((await call(p1, 'GET', `/api/campaigns/${table}/notes`)).statusCode).toBe(404);
    expect((await call(p1, 'GET', '/api/seats')).json().map((s: { campaign_id: string }) => s.campaign_id)).not.toContain(table);
    await runAdminCommand(db, 'enable', [gm2.username]);
    expect((await call(p2, 'POST', '/api/invites/redeem', { code: third.code })).statusCode).toBe(200);

    expect(await runAdminCommand(db, 'revoke-player-invite', ['--user', gm2.username])).toEqual(['Revoked 2 player invites.']);
    expect((await call(p1, 'GET', `/api/campaigns/${table}/notes`)).statusCode).toBe(200);
  });
});

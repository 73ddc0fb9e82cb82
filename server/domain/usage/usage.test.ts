import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin-commands';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { recordUsage } from './usage';

describe('monthly budget per user', () => {
  let t: TestApp;
  let gm: { token: string; userId: string; username: string };
  beforeAll(async () => {
    t = await createTestApp({ env: { MONTHLY_BUDGET_USD: '10' } });
    gm = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
  });
  const current = async () => (await t.app.inject({ method: 'GET', url: '/api/usage/current-month', headers: bearer(gm.token) })).json();

  it('starts at MONTHLY_BUDGET_USD and follows the admin CLI’s budget command', async () => {
    expect((await current()).budget).toBe(10);
    await recordUsage(t.services.db, { userId: gm.userId, feature: 'campaign_chat', model: 'claude-haiku-4-5', inputTokens: 1000, outputTokens: 100, costUsd: 1.5 });

    expect(await runAdminCommand(t.services.db, 'budget', [gm.username.toUpperCase(), '2'])).toEqual([`${gm.username.toUpperCase()}'s monthly budget is $2.00.`]);
    const tight = await current();
    expect(tight).toMatchObject({ budget: 2, budget_used_percent: 75, budget_remaining: 0.5 });
    expect(tight.month_data.usage_breakdown.campaign_chat).toMatchObject({ calls: 1, cost: 1.5, tokens: 1100 });

    await runAdminCommand(t.services.db, 'budget', [gm.username, '1']);
    expect(await current()).toMatchObject({ budget: 1, budget_used_percent: 150, budget_remaining: 0 });

    await runAdminCommand(t.services.db, 'budget', [gm.username, 'default']);
    expect((await current()).budget).toBe(10);
  });

  it('refuses a budget that is not an amount, or an unknown account', async () => {
    await expect(runAdminCommand(t.services.db, 'budget', [gm.username, 'lots'])).rejects.toThrow('The budget must be a number of dollars, 0 or more');
    await expect(runAdminCommand(t.services.db, 'budget', [gm.username, '-5'])).rejects.toThrow('0 or more');
    await expect(runAdminCommand(t.services.db, 'budget', ['nobody_here', '5'])).rejects.toThrow('No account named nobody_here');
    await expect(runAdminCommand(t.services.db, 'budget', [gm.username])).rejects.toThrow('Usage: npm run admin -- budget USER AMOUNT|default');
  });
});

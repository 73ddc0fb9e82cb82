import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../tests/support/shared-dir';
import { seedTome } from '../../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../../tests/support/test-app';

/** The GM's real session log in ../shared: the evening's six events, each with its source. */
describe('session-12.log -> proposed events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('proposes the arrival in Greywater, the ledger, the ambush, the interrogation, the vision and the barge', async () => {
    const log = fs.readFileSync(sharedPath('fixtures/formats/session-12.log'), 'utf8');
    const gm = await t.signUp();
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(gm.token), ...(payload ? { payload } : {}) });
    const tome = await seedTome(t.services, gm.userId, { name: 'Ember Crown', documents: [{ filename: 'session-12.log', content: log }] });
    const campaign = (await call('POST', '/api/campaigns', { name: 'The Ember Crown' })).json().id;
    await call('POST', `/api/campaigns/${campaign}/datasets`, { dataset_id: tome.datasetId });

    const response = await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: tome.documents[0].id });
    expect(response.statusCode, response.body).toBe(200);
    const proposals = response.json().proposals as Array<Record<string, any>>;
    expect(proposals).toHaveLength(6);
    const [arrival, ledger, ambush, interrogation, vision, barge] = proposals;
    expect(arrival).toMatchObject({ event_type: 'player_party', location: 'Greywater' });
    expect(arrival.title).toMatch(/reaches Greywater/);
    expect(arrival.participants).toEqual(expect.arrayContaining(['Tamsin Reed', 'Orrin Vale', 'Sefa Dunmore', 'Brother Aldous', 'Wenna Corlis']));
    expect(ledger).toMatchObject({ event_type: 'discovery', location: 'Greywater' });
    expect(ledger.title).toMatch(/ledger/);
    expect(ledger.participants).toEqual(['Tamsin Reed', 'Hollis Quenby']);
    expect(ambush).toMatchObject({ event_type: 'battle' });
    expect(ambush.title).toMatch(/ambush/);
    expect(interrogation).toMatchObject({ event_type: 'npc_event' });
    expect(interrogation.quote).toContain('the Veiled Abbess, will meet Hollis Quenby at the Drowned Chapel');
    expect(vision).toMatchObject({ event_type: 'prophecy' });
    expect(vision.participants).toEqual(['Sefa Dunmore', 'Ardent Vael']);
    expect(barge.title).toMatch(/barge Gull's Promise/);
    expect(barge.participants).toContain('Mirela Voss');
    for (const proposal of proposals) {
      expect(log.slice(proposal.start, proposal.end)).toBe(proposal.quote);
      expect(proposal).toMatchObject({ estimated: true, filename: 'session-12.log', status: 'pending' });
    }
    // All on the one evening.
    expect(new Set(proposals.map((proposal) => proposal.day)).size).toBe(1);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { bearer, type TestApp } from './test-app';
import { createTome, uploadAndWait } from './tome-upload';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'ember-crown');

/** Text that only the GM may ever see: each is inside a `:::gm` block or the GM-only notes. */
export const SECRETS = [
  'Drowned Chapel',
  'look away',
  "Lantern's pay",
  'new moon',
  'forty gold crowns',
  'flooded nave',
  'corrupt',
  'pays',
  'captured zealot',
  'gm-secrets',
  ':::',
];

/** Every secret a text holds (an empty list: it leaks nothing). */
export function secretsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return SECRETS.filter((secret) => lower.includes(secret.toLowerCase()));
}

export interface EmberCrownTable {
  gm: { token: string; userId: string };
  players: Array<{ token: string; userId: string }>;
  /** Not seated at the campaign. */
  outsider: { token: string; userId: string };
  campaignId: string;
  /** Another campaign of the same GM, where the players have no seat. */
  otherCampaignId: string;
  datasetId: string;
  lore: string;
  log: string;
  /** GM-only as a whole. */
  secrets: string;
}

/**
 * The Ember Crown at a table: a GM whose tome holds the lore and session 12 (shown to players,
 * their secrets in `:::gm` blocks) and the GM's notes (GM-only), ingested by the real pipeline
 * (the app's workers must run); two players seated by a campaign_members row each.
 */
export async function seatEmberCrownTable(t: TestApp): Promise<EmberCrownTable> {
  const gm = await t.signUp();
  const players = [await t.signUp(), await t.signUp()];
  const outsider = await t.signUp();
  const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(gm.token), payload });
  const datasetId = await createTome(t, gm.token, 'The Ember Crown');
  const upload = async (name: string) => (await uploadAndWait(t, gm.token, datasetId, name, fs.readFileSync(path.join(FIXTURES, name)))).documentId;
  const lore = await upload('ember-crown-lore.md');
  const log = await upload('session-12.log');
  const secrets = await upload('gm-secrets.md');
  for (const id of [lore, log]) {
    const shown = await call('PUT', `/api/datasets/${datasetId}/documents/${id}/visibility`, { player_visible: true });
    if (shown.statusCode !== 200) throw new Error(`visibility answered ${shown.statusCode}: ${shown.body}`);
  }
  const campaignId = (await call('POST', '/api/campaigns', { name: 'The Ember Crown' })).json().id as string;
  const otherCampaignId = (await call('POST', '/api/campaigns', { name: 'A private one-shot' })).json().id as string;
  for (const id of [campaignId, otherCampaignId]) await call('POST', `/api/campaigns/${id}/datasets`, { dataset_id: datasetId });
  await t.services.db
    .insertInto('campaign_members')
    .values(players.map((player) => ({ campaign_id: campaignId, user_id: player.userId })))
    .execute();
  return { gm, players, outsider, campaignId, otherCampaignId, datasetId, lore, log, secrets };
}

/** What a player asks, several ways, about each secret. */
export const SECRET_QUESTIONS = [
  'Who pays Hollis Quenby?',
  'Is Magistrate Quenby taking bribes from the Pale Lantern?',
  'What is the relationship between the Order of the Pale Lantern and Hollis Quenby?',
  'How much gold does the magistrate get each month?',
  'Where will the Veiled Abbess meet Hollis Quenby?',
  'Where does the meeting of the Lantern leaders happen?',
  'Tell me about the Drowned Chapel.',
  'When and where is the secret meeting on the new moon?',
  'What did the captured zealot say during the interrogation?',
];

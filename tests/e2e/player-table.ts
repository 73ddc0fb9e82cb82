import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signIn, uniqueName } from './fixtures';

/**
 * A GM's table for the player screens' tests: the Ember Crown's lore (shown to players, its secrets in
 * `:::gm` blocks) and the GM's notes (GM-only), a shown and a hidden timeline event, and the concept
 * map built from both documents.
 */
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'ember-crown');

/** Words only the GM may read: from the `:::gm` blocks, the GM-only notes and the hidden event. */
export const GM_ONLY_WORDS = ['Drowned Chapel', 'look away', 'new moon', 'gm-secrets', 'The pact is signed'];

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function upload(request: APIRequestContext, token: string, datasetId: string, name: string) {
  const response = await request.post(`/api/datasets/${datasetId}/documents`, {
    headers: auth(token),
    multipart: { file: { name, mimeType: 'text/markdown', buffer: fs.readFileSync(path.join(FIXTURES, name)) } },
  });
  expect(response.status()).toBe(202);
  const { job_id: jobId, document_id: documentId } = (await response.json()) as { job_id: string; document_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/jobs/${jobId}/status`, { headers: auth(token) })).json()) as { status: string }).status, {
      timeout: 90_000,
    })
    .toBe('completed');
  return documentId;
}

export interface GmTable {
  campaignId: string;
  campaignName: string;
  lore: string;
  secrets: string;
}

export async function seedGmTable(request: APIRequestContext, token: string, options: { conceptMap?: boolean } = {}): Promise<GmTable> {
  const datasetId = ((await (await request.post('/api/datasets', { headers: auth(token), data: { name: uniqueName('Ember ') } })).json()) as { id: string }).id;
  const lore = await upload(request, token, datasetId, 'ember-crown-lore.md');
  const secrets = await upload(request, token, datasetId, 'gm-secrets.md');
  const shown = await request.put(`/api/datasets/${datasetId}/documents/${lore}/visibility`, { headers: auth(token), data: { player_visible: true } });
  expect(shown.status()).toBe(200);
  const campaignName = uniqueName('Ember Crown ');
  const campaignId = ((await (await request.post('/api/campaigns', { headers: auth(token), data: { name: campaignName } })).json()) as { id: string }).id;
  await request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(token), data: { dataset_id: datasetId } });
  for (const [title, visible] of [
    ['Ambush in Greywater', true],
    ['The pact is signed at the Drowned Chapel', false],
  ] as const) {
    const event = await request.post(`/api/campaigns/${campaignId}/timeline/events`, {
      headers: auth(token),
      data: { title, date: '2026-03-14', event_type: 'player_party', player_visible: visible },
    });
    expect(event.status()).toBe(201);
  }
  if (options.conceptMap) {
    const built = await request.post(`/api/campaigns/${campaignId}/concept-map/generate?wait=1`, {
      headers: auth(token),
      data: { selected_documents: [lore, secrets].map((id) => ({ id, dataset_id: datasetId })) },
      timeout: 120_000,
    });
    expect(built.status()).toBe(200);
  }
  return { campaignId, campaignName, lore, secrets };
}

/** A second person at their own browser, signed in, seated at the campaign with an invite. */
export async function seatPlayer(browser: Browser, baseURL: string, gmRequest: APIRequestContext, gmToken: string, campaignId: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page: Page = await context.newPage();
  const player = await signIn(page, uniqueName('player'));
  await join(page, player.token, gmRequest, gmToken, campaignId);
  return { page, ...player };
}

/** The player joins another campaign of a GM's with an invite code. */
export async function join(page: Page, playerToken: string, gmRequest: APIRequestContext, gmToken: string, campaignId: string) {
  const invite = await gmRequest.post(`/api/campaigns/${campaignId}/invites`, { headers: auth(gmToken), data: { uses: 1 } });
  expect(invite.status()).toBe(201);
  const { code } = (await invite.json()) as { code: string };
  expect((await page.request.post('/api/invites/redeem', { headers: auth(playerToken), data: { code } })).status()).toBe(200);
}

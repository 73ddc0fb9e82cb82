import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The timeline's two forms on the one form path (ADR 0050): the event form (the modal, and its
 * panel without JavaScript) and a proposal's card. A field error the action answers shows beside
 * its field, with JavaScript on or off. With JavaScript the form's checks never arrive here (a slow
 * connection), so what the page shows is the server's answer.
 */
const CHECKS = /\/assets\/(form-parse|timeline-forms)-[^/]*\.js$/;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
// No input limits an entry's length: only the schema does.
const LONG_NAME = `Aria, ${'Borin'.repeat(21)}`;
const TOO_LONG = 'Participants entries are 100 characters at most';

async function campaignByApi(page: Page, token: string, name: string) {
  const response = await page.request.post('/api/campaigns', { data: { name }, headers: auth(token) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** With JavaScript, the form's checks (the parse and the timeline's schemas) never load; the posts the page makes are counted. */
async function serverChecksOnly(page: Page, js: boolean) {
  if (js) await page.route(CHECKS, () => {});
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  return posts;
}

for (const js of [true, false]) {
  test.describe(js ? 'timeline forms with JavaScript' : 'timeline forms without JavaScript', () => {
    test.use({ javaScriptEnabled: js });

    test('the event form shows the action’s field error beside its field, keeps what was typed, then saves', async ({ page, user }) => {
      const campaign = await campaignByApi(page, user.token, 'Long Titles');
      const posts = await serverChecksOnly(page, js);
      await page.goto(`/timeline?campaign=${campaign}`);
      if (js) await expect(page.getByRole('form', { name: 'Timeline view' }).getByRole('button', { name: 'Show' })).toBeHidden();
      await page.getByRole('link', { name: '+ Add Event' }).click();
      const form = js ? page.getByTestId('event-modal') : page.getByTestId('event-panel');
      await expect(form.getByRole('heading', { name: 'Create New Event' })).toBeVisible();
      await form.getByLabel('Title').fill('The long road');
      await form.getByLabel('Participants').fill(LONG_NAME);
      await form.getByRole('button', { name: 'Create Event' }).click();

      const participants = form.getByLabel('Participants');
      await expect(participants).toHaveAccessibleDescription(TOO_LONG);
      await expect(participants).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByRole('alert')).toHaveText(TOO_LONG);
      await expect(form.getByLabel('Title')).toHaveValue('The long road');
      expect(posts).toHaveLength(1);

      await participants.fill('Aria, Borin');
      await form.getByRole('button', { name: 'Create Event' }).click();
      await expect(page.getByTestId('event-list').locator('strong')).toHaveText(['The long road']);
    });

    test('a proposal’s card shows the action’s field error beside its field; Reject posts without the checks', async ({ page, user }) => {
      const campaign = await campaignByApi(page, user.token, 'Proposals checked');
      const session = await page.request.post(`/api/campaigns/${campaign}/sessions`, {
        data: { title: 'Out of Greywater', world_start: '1492-03-01', notes: 'The party rides out of Greywater at dawn.\n\nThey reach the Sunless Vault.' },
        headers: auth(user.token),
      });
      expect(session.status()).toBe(201);
      const sessionId = ((await session.json()) as { id: string }).id;
      expect((await page.request.post(`/api/campaigns/${campaign}/sessions/${sessionId}/proposals`, { headers: auth(user.token) })).ok()).toBe(true);
      const posts = await serverChecksOnly(page, js);
      await page.goto(`/timeline/proposals?campaign=${campaign}`);
      const cards = page.getByTestId('proposal');
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);

      const card = cards.first();
      await card.getByLabel('Title').fill('Out at dawn');
      await card.getByLabel('Participants').fill(LONG_NAME);
      await card.getByRole('button', { name: 'Accept' }).click();
      const participants = page.getByTestId('proposal').first().getByLabel('Participants');
      await expect(participants).toHaveAccessibleDescription(TOO_LONG);
      await expect(participants).toHaveAttribute('aria-invalid', 'true');
      // Only that card: the others show no error.
      await expect(page.getByRole('alert')).toHaveText([TOO_LONG]);
      await expect(page.getByTestId('proposal').first().getByLabel('Title')).toHaveValue('Out at dawn');
      expect(posts).toHaveLength(1);

      // Reject needs no valid fields: it posts as the form is, with the checks loaded too.
      await page.unroute(CHECKS);
      await page.goto(`/timeline/proposals?campaign=${campaign}`);
      const cleared = page.getByTestId('proposal').first().getByLabel('Title');
      await cleared.fill('');
      await cleared.blur();
      if (js) await expect(cleared).toHaveAccessibleDescription('Title is required');
      await page.getByTestId('proposal').first().getByRole('button', { name: 'Reject' }).click();
      await expect(page.getByRole('status')).toHaveText('Proposal rejected.');
      await expect(cards).toHaveCount(count - 1);
    });
  });
}

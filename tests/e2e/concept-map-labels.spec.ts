import { expect, test } from './fixtures';
import { auth, SCREENS, seedTome } from './tome-seed';

/** Issue 34, item 5: the map draws concepts of the world only, each with its name in view. */
const NOTES = `greywater-session-notes.md

# People

**Wenna Corlis** is the harbourmaster of Greywater. Wenna Corlis answers to the Salt Guild.

**Hollis Quenby** is the magistrate of Greywater. Hollis Quenby takes bribes from the Pale Lantern.

# Places

**The Drowned Chapel** lies under the harbour of Greywater. The Pale Lantern meets at the Drowned Chapel.
`;

for (const screen of SCREENS) {
  test(`every concept drawn has a visible label, and no heading or file name is one (${screen.name})`, async ({ page, user }) => {
    await page.setViewportSize(screen.viewport);
    const { datasetId } = await seedTome(page.request, user.token, { 'greywater-session-notes.md': NOTES });
    const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: 'Greywater' } });
    const campaignId = ((await campaign.json()) as { id: string }).id;
    expect((await page.request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(user.token), data: { dataset_id: datasetId } })).status()).toBe(200);

    await page.goto(`/concept-map?campaign=${campaignId}`);
    await page.getByRole('link', { name: 'Select Documents' }).first().click();
    const modal = page.getByTestId('select-documents-modal');
    await modal.getByRole('button', { name: 'Generate Map' }).click();
    const graph = page.getByTestId('concept-graph');
    await expect(graph).toHaveAttribute('data-state', 'settled', { timeout: 30_000 });
    const nodes = graph.locator('[data-node-id]');
    expect(await nodes.count()).toBeGreaterThanOrEqual(3);
    const names = await nodes.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')?.split(',')[0] ?? ''));
    for (const name of ['People', 'Places', 'greywater-session-notes.md', 'greywater-session-notes']) expect(names).not.toContain(name);
    for (const node of await nodes.all()) {
      const label = node.locator('.cm-label');
      await expect(label).toBeVisible();
      expect((await label.textContent())?.trim()).not.toBe('');
    }
  });
}

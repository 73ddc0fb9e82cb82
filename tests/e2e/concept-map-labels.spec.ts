import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { atEachScreen, auth, SCREENS, seedTome } from './tome-seed';

/** The names drawn over another concept's dot, as "name over dot" (a pixel of anti-aliasing allowed): none may be. */
const labelsOverDots = (graph: Locator) =>
  graph.locator('[data-node-id]').evaluateAll((elements) => {
    const name = (element: Element) => element.getAttribute('aria-label')?.split(',')[0] ?? '';
    const dots = elements.map((element) => {
      const box = element.querySelector('circle')!.getBoundingClientRect();
      return { element, x: box.left + box.width / 2, y: box.top + box.height / 2, r: box.width / 2 };
    });
    const found: string[] = [];
    for (const element of elements) {
      const label = element.querySelector('.cm-label');
      if (!label || getComputedStyle(label).display === 'none') continue;
      const box = label.getBoundingClientRect();
      for (const dot of dots) {
        if (dot.element === element) continue;
        const dx = dot.x - Math.max(box.left, Math.min(dot.x, box.right));
        const dy = dot.y - Math.max(box.top, Math.min(dot.y, box.bottom));
        if (Math.hypot(dx, dy) < dot.r - 1) found.push(`${name(element)} over ${name(dot.element)}`);
      }
    }
    return found;
  });

/** Issue 34, item 5: the map draws concepts of the world only, each with its name in view. */
const NOTES = `greywater-session-notes.md

# People

**Wenna Corlis** is the harbourmaster of Greywater. Wenna Corlis answers to the Salt Guild.

**Hollis Quenby** is the magistrate of Greywater. Hollis Quenby takes bribes from the Pale Lantern.

# Places

**The Drowned Chapel** lies under the harbour of Greywater. The Pale Lantern meets at the Drowned Chapel.
`;

test('every concept drawn has a visible label, and no heading or file name is one, at phone, tablet and desktop sizes', async ({ page, user }) => {
  const { datasetId } = await seedTome(page.request, user.token, { 'greywater-session-notes.md': NOTES });
  const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: 'Greywater' } });
  const campaignId = ((await campaign.json()) as { id: string }).id;
  expect((await page.request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(user.token), data: { dataset_id: datasetId } })).status()).toBe(200);
  test.setTimeout(3 * 120_000);
  // The map is generated once, from the first size's page; each size loads it afresh.
  let generated = false;
  await atEachScreen(page, async () => {
    await page.goto(`/concept-map?campaign=${campaignId}`);
    if (!generated) {
      await page.getByRole('link', { name: 'Select Documents' }).first().click();
      await page.getByTestId('select-documents-modal').getByRole('button', { name: 'Generate Map' }).click();
      generated = true;
    }
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
    expect(await labelsOverDots(graph)).toEqual([]);
  });
});

/** A crowded map: 40 people of one town, each tied to the next, so their labels compete for room. */
const FIRST = ['Wenna', 'Hollis', 'Marrow', 'Tamsin', 'Corvin', 'Isolde', 'Bram', 'Odile'];
const LAST = ['Corlis', 'Quenby', 'Ashgrove', 'Fennimore', 'Talbride'];
const PEOPLE = FIRST.flatMap((first) => LAST.map((last) => `${first} ${last}`));
const CROWDED = `greywater-households.md

${PEOPLE.map((name, i) => `**${name}** keeps a house in Greywater. ${name} trades with ${PEOPLE[(i + 1) % PEOPLE.length]}.`).join('\n\n')}
`;

test('a crowded map places each name on a free side of its circle, never over a dot, says how many have no room, and shows a hidden one on focus', async ({
  page,
  user,
}) => {
  const { datasetId } = await seedTome(page.request, user.token, { 'greywater-households.md': CROWDED });
  const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: 'Greywater households' } });
  const campaignId = ((await campaign.json()) as { id: string }).id;
  expect((await page.request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(user.token), data: { dataset_id: datasetId } })).status()).toBe(200);
  let generated = false;
  for (const screen of SCREENS) {
    await test.step(screen.name, async () => {
      await page.setViewportSize(screen.viewport);
      await page.goto(`/concept-map?campaign=${campaignId}`);
      if (!generated) {
        await page.getByRole('link', { name: 'Select Documents' }).first().click();
        await page.getByTestId('select-documents-modal').getByRole('button', { name: 'Generate Map' }).click();
        generated = true;
      }
      const graph = page.getByTestId('concept-graph');
      await expect(graph).toHaveAttribute('data-state', 'settled', { timeout: 30_000 });
      const nodes = graph.locator('[data-node-id]');
      expect(await nodes.count()).toBeGreaterThanOrEqual(30);
      const labels = await nodes.evaluateAll((elements) =>
        elements.map((element) => {
          const label = element.querySelector('.cm-label');
          const box = label && getComputedStyle(label).display !== 'none' ? label.getBoundingClientRect() : null;
          return {
            hidden: element.classList.contains('label-hidden'),
            side: (element as SVGGElement).dataset.labelSide ?? 'below',
            box: box && [box.left, box.top, box.right, box.bottom],
          };
        }),
      );
      const shown = labels.filter((label) => !label.hidden && label.box);
      // What a reader sees: names that never sit on one another.
      for (let i = 0; i < shown.length; i++) {
        for (let j = i + 1; j < shown.length; j++) {
          const [a, b] = [shown[i].box!, shown[j].box!];
          expect(a[0] < b[2] - 1 && b[0] < a[2] - 1 && a[1] < b[3] - 1 && b[1] < a[3] - 1, `labels ${i} and ${j} overlap`).toBe(false);
        }
      }
      // Names move beside or above their circle where below has no room, and never over another concept's dot.
      expect(new Set(shown.map((label) => label.side)).size).toBeGreaterThan(1);
      expect(await labelsOverDots(graph)).toEqual([]);
      const hidden = labels.filter((label) => label.hidden).length;
      const notice = page.getByTestId('hidden-labels');
      if (hidden === 0) await expect(notice).toHaveCount(0);
      else {
        await expect(notice).toContainText(`${hidden} ${hidden === 1 ? 'name has' : 'names have'} no room at this zoom`);
        // A concept without room shows its name when it has the keyboard's focus.
        const concealed = graph.locator('[data-node-id].label-hidden').first();
        await concealed.focus();
        await expect(concealed.locator('.cm-label')).toBeVisible();
      }
    });
  }
});

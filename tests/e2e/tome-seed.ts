import { type APIRequestContext, type Page, test } from '@playwright/test';
import { expect, uniqueName } from './fixtures';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new tome holding the given text documents, each processed to the end of its job; ids by file name. */
export async function seedTome(request: APIRequestContext, token: string, files: Record<string, string>, name = uniqueName('Tome ')) {
  const tome = await request.post('/api/datasets', { headers: auth(token), data: { name } });
  expect(tome.status()).toBe(201);
  const datasetId = ((await tome.json()) as { id: string }).id;
  const documents: Record<string, string> = {};
  for (const [filename, text] of Object.entries(files)) {
    const upload = await request.post(`/api/datasets/${datasetId}/documents`, {
      headers: auth(token),
      multipart: { file: { name: filename, mimeType: 'text/plain', buffer: Buffer.from(text) } },
    });
    expect(upload.status()).toBe(202);
    const { job_id: jobId, document_id: documentId } = (await upload.json()) as { job_id: string; document_id: string };
    await expect
      .poll(async () => ((await (await request.get(`/api/jobs/${jobId}/status`, { headers: auth(token) })).json()) as { status: string }).status, {
        timeout: 60_000,
      })
      .toBe('completed');
    documents[filename] = documentId;
  }
  return { datasetId, name, documents };
}

export async function showToPlayers(request: APIRequestContext, token: string, datasetId: string, documentId: string) {
  const response = await request.put(`/api/datasets/${datasetId}/documents/${documentId}/visibility`, { headers: auth(token), data: { player_visible: true } });
  expect(response.status()).toBe(200);
}

/** The three screen sizes every screen is checked at. */
export const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
  { name: 'desktop', viewport: { width: 1280, height: 720 } },
] as const;

/**
 * Runs `check` at each of the three sizes in the one page: the data a test sets up once, a fresh
 * load at each size (a screen decides some of its layout when it loads). A new context, account
 * and world per size cost Chromium far more than the check itself (ADR 0363).
 */
export async function atEachScreen(page: Page, check: (screen: (typeof SCREENS)[number]) => Promise<void>) {
  for (const screen of SCREENS) {
    await test.step(screen.name, async () => {
      await page.setViewportSize(screen.viewport);
      await check(screen);
    });
  }
}

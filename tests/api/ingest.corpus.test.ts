import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPath } from '../support/shared-dir';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { createTome, uploadFile, waitForJob } from '../support/tome-upload';

/**
 * Every fixture of ../shared/fixtures through the real upload API with the workers running
 * (see its README): each format completes with its phrase in the document's text and in a
 * searchable passage; each hostile file gets its expected outcome.
 */

const formatsDir = sharedPath('fixtures', 'formats');
const hostileDir = sharedPath('fixtures', 'hostile');
const read = (dir: string, name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));
const fold = (s: string) =>
  s
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The README's formats table: file -> the phrase its text must contain. */
function expectedPhrases(): Array<[string, string]> {
  const readme = fs.readFileSync(sharedPath('fixtures', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## formats/'), readme.indexOf('## hostile/'));
  const rows: Array<[string, string]> = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !/\.\w+$/.test(cells[1]) || cells[1] === 'file') continue;
    rows.push([cells[1], cells[3]]);
  }
  return rows;
}

const PHRASES = expectedPhrases();
const PAGES: Record<string, number> = { 'combat.pdf': 19, 'spellcasting.pdf': 199 };

describe('ingestion of the shared fixtures through the API', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let tome: string;

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    gm = await t.signUp();
    tome = await createTome(t, gm.token, 'Fixtures');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(gm.token) });

  async function ingest(dir: string, file: string) {
    const response = await uploadFile(t, gm.token, tome, file, read(dir, file));
    if (response.statusCode !== 202) return { rejected: response };
    const { job_id, document_id } = response.json() as { job_id: string; document_id: string };
    const job = await waitForJob(t, gm.token, job_id, 240_000);
    return { job, documentId: document_id };
  }

  async function expectNoHalfMadeDocument(documentId: string) {
    const doc = (await get(`/api/datasets/${tome}/documents/${documentId}`)).json();
    expect(doc).toMatchObject({ status: 'failed', content: '', token_count: 0 });
    const chunks = await t.services.db.selectFrom('chunks').select('id').where('document_id', '=', documentId).execute();
    expect(chunks).toEqual([]);
  }

  it('the README lists all sixteen format fixtures', () => {
    expect(PHRASES.map(([file]) => file).sort()).toEqual(fs.readdirSync(formatsDir).sort());
    expect(PHRASES).toHaveLength(16);
  });

  it.each(PHRASES)('%s completes with its phrase in the text and in a searchable passage', async (file, phrase) => {
    const { job, documentId = '', rejected } = await ingest(formatsDir, file);
    expect(rejected?.body, 'upload refused').toBeUndefined();
    expect(job).toMatchObject({ status: 'completed', progress: 100, error: null });

    const doc = (await get(`/api/datasets/${tome}/documents/${documentId}`)).json();
    expect(doc.status).toBe('ready');
    expect(doc.token_count).toBeGreaterThan(0);
    expect(fold(doc.content)).toContain(fold(phrase));

    const chunks = await t.services.db
      .selectFrom('chunks')
      .innerJoin('chunk_vectors', 'chunk_vectors.chunk_id', 'chunks.id')
      .select(['chunks.id', 'chunks.content', 'chunks.page', 'chunks.token_count', 'chunk_vectors.model'])
      .where('chunks.document_id', '=', documentId)
      .orderBy('chunks.ordinal')
      .execute();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.model === t.services.ai.embedder.model && c.token_count > 0)).toBe(true);
    const holding = chunks.filter((c) => fold(c.content).includes(fold(phrase)));
    expect(holding.length, `no passage holds "${phrase}"`).toBeGreaterThan(0);

    // Findable by the full-text index the assistant searches.
    const found = await t.services.db
      .selectFrom('chunks')
      .select('id')
      .where('document_id', '=', documentId)
      .where(sql<boolean>`search_vector @@ plainto_tsquery('english', ${phrase})`)
      .execute();
    expect(found.map((row) => row.id)).toEqual(expect.arrayContaining(holding.map((c) => c.id)));

    if (PAGES[file]) {
      expect(doc.page_count).toBe(PAGES[file]);
      expect(chunks.every((c) => c.page !== null && c.page >= 1 && c.page <= PAGES[file])).toBe(true);
      expect(new Set(chunks.map((c) => c.page)).size).toBeGreaterThan(PAGES[file] / 2);
    } else {
      expect(chunks.every((c) => c.page === null)).toBe(true);
    }
  });

  it('truncated.pdf: the job fails, the PDF is damaged or incomplete', async () => {
    const { job, documentId } = await ingest(hostileDir, 'truncated.pdf');
    expect(job?.status).toBe('failed');
    expect(job?.error).toMatch(/damaged or incomplete/);
    await expectNoHalfMadeDocument(documentId!);
  });

  it('not-a-pdf.pdf: refused, the content does not match the .pdf type', async () => {
    const { rejected } = await ingest(hostileDir, 'not-a-pdf.pdf');
    expect(rejected?.statusCode).toBe(422);
    expect(rejected?.json().error).toMatch(/content does not match the \.pdf type/);
  });

  it('empty.txt: refused, the file is empty', async () => {
    const { rejected } = await ingest(hostileDir, 'empty.txt');
    expect(rejected?.statusCode).toBe(422);
    expect(rejected?.json().error).toMatch(/file is empty/);
  });

  it('binary-noise.txt: refused or failed as not text', async () => {
    const { rejected, job, documentId } = await ingest(hostileDir, 'binary-noise.txt');
    if (rejected) {
      expect(rejected.statusCode).toBe(422);
      expect(rejected.json().error).toMatch(/does not look like text/);
    } else {
      expect(job).toMatchObject({ status: 'failed' });
      expect(job?.error).toMatch(/does not look like text/);
      await expectNoHalfMadeDocument(documentId!);
    }
  });

  it('zip-bomb.docx: refused before inflating past the limit', async () => {
    const { rejected, job, documentId } = await ingest(hostileDir, 'zip-bomb.docx');
    if (rejected) {
      expect(rejected.statusCode).toBe(422);
      expect(rejected.json().error).toMatch(/zip bomb/);
    } else {
      expect(job?.status).toBe('failed');
      expect(job?.error).toMatch(/zip bomb/);
      await expectNoHalfMadeDocument(documentId!);
    }
  });

  it('billion-laughs.xml: no entity expansion', async () => {
    const { job, documentId, rejected } = await ingest(hostileDir, 'billion-laughs.xml');
    if (rejected) {
      expect(rejected.statusCode).toBeLessThan(500);
      return;
    }
    if (job?.status === 'failed') {
      await expectNoHalfMadeDocument(documentId!);
      return;
    }
    const doc = (await get(`/api/datasets/${tome}/documents/${documentId}/content`)).json();
    expect(doc.content.length).toBeLessThan(2000);
    expect(doc.content).not.toContain('lollollol');
  });

  it('broken.json: readable as text', async () => {
    const { job, documentId } = await ingest(hostileDir, 'broken.json');
    expect(job?.status).toBe('completed');
    const doc = (await get(`/api/datasets/${tome}/documents/${documentId}/content`)).json();
    expect(doc.content).toContain('Orc');
    expect(doc.content).toContain('15');
  });

  it.each([
    ['latin1.txt', 'Les règles du maître: épée, bâton, créature.'],
    ['utf16.txt', 'The dragon’s hoard lies beneath the mountain.'],
  ])('%s: decoded with its accents and apostrophe', async (file, expected) => {
    const { job, documentId } = await ingest(hostileDir, file);
    expect(job?.status).toBe('completed');
    const doc = (await get(`/api/datasets/${tome}/documents/${documentId}/content`)).json();
    expect(doc.content).toBe(expected);
  });

  it('xss.md: stored as the text it is', async () => {
    const { job, documentId } = await ingest(hostileDir, 'xss.md');
    expect(job?.status).toBe('completed');
    const doc = (await get(`/api/datasets/${tome}/documents/${documentId}/content`)).json();
    expect(doc.content).toBe(new TextDecoder().decode(read(hostileDir, 'xss.md')).trim());
    const file = await get(`/api/datasets/${tome}/documents/${documentId}/file?inline=1`);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('the tome counts only what completed', async () => {
    const documents = (await get(`/api/datasets/${tome}/documents`)).json() as Array<{ status: string; token_count: number }>;
    const ready = documents.filter((d) => d.status === 'ready');
    const dataset = (await get(`/api/datasets/${tome}`)).json();
    expect(dataset.document_count).toBe(ready.length);
    expect(dataset.total_tokens).toBe(ready.reduce((sum, d) => sum + d.token_count, 0));
    expect(documents.every((d) => d.status !== 'processing')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTome, multipart, uploadAndWait, uploadFile, waitForJob } from '../../../tests/support/tome-upload';
import { buildPdf } from '../../domain/ingest/extract/test-fixtures';
import { listDatasets } from '../../domain/tomes';

const text = (value: string) => new TextEncoder().encode(value);

const LORE = `# The Ember Crown

## Ardent Vael
Ardent Vael is the last keeper of the Ember Crown, a circlet that burns without fuel.

## The Drowned Chapel
A ruined chapel under the tide where the Veiled Abbess meets her informants.
`;

describe('Knowledge Tomes over /api/datasets', () => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  describe('datasets', () => {
    it('creates a tome with metadata guessed from its name and description', async () => {
      const response = await call(alice.token, 'POST', '/api/datasets', {
        name: '  SRD 5e Spells ',
        description: 'Official spellcasting rules and the magic of dragons',
      });
      expect(response.statusCode).toBe(201);
      const dataset = response.json();
      expect(dataset).toMatchObject({ name: 'SRD 5e Spells', document_count: 0, total_tokens: 0 });
      expect(dataset.metadata).toMatchObject({ type: 'official_dnd', category: 'rules', source: 'official_dnd', is_official_dnd: true, version: '1.0' });
      expect(dataset.metadata.tags).toEqual(expect.arrayContaining(['magic', 'dragons', 'rules']));

      const plain = (await call(alice.token, 'POST', '/api/datasets', { name: 'Odds and ends' })).json();
      expect(plain.description).toBe('');
      expect(plain.metadata).toEqual({ type: 'custom_campaign', category: 'general', source: 'user_upload', tags: [], is_official_dnd: false, version: '1.0' });

      const places = (await call(alice.token, 'POST', '/api/datasets', { name: 'Cities of the Sword Coast', description: 'Towns, taverns and a map' })).json();
      expect(places.metadata.category).toBe('locations');
      expect(places.metadata.type).toBe('custom_campaign');
    });

    it('requires a name and says so', async () => {
      for (const payload of [{ name: '   ' }, {}, { description: 'no name' }]) {
        const response = await call(alice.token, 'POST', '/api/datasets', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe('Dataset name is required');
      }
    });

    it('updates metadata: tags split on commas and trimmed, enumerations checked', async () => {
      const dataset = (await call(alice.token, 'POST', '/api/datasets', { name: 'Notes' })).json();
      const updated = await call(alice.token, 'PUT', `/api/datasets/${dataset.id}/metadata`, {
        type: 'lore',
        category: 'characters',
        source: 'imported',
        tags: [' villains , heroes', '', '  ', 'heroes', 'Ember Crown '],
        is_official_dnd: false,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().metadata).toEqual({
        type: 'lore',
        category: 'characters',
        source: 'imported',
        tags: ['villains', 'heroes', 'Ember Crown'],
        is_official_dnd: false,
        version: '1.0',
      });
      const asLine = await call(alice.token, 'PUT', `/api/datasets/${dataset.id}/metadata`, {
        type: 'general',
        category: 'mechanics',
        source: 'generated',
        tags: 'a, b,,c ,',
        is_official_dnd: true,
      });
      expect(asLine.json().metadata.tags).toEqual(['a', 'b', 'c']);
      expect(asLine.json().metadata.is_official_dnd).toBe(true);

      const bad = await call(alice.token, 'PUT', `/api/datasets/${dataset.id}/metadata`, { type: 'homebrew', category: 'lore', source: 'user_upload', tags: [] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain('type must be one of');
      const listed = (await call(alice.token, 'GET', '/api/datasets')).json().find((d: { id: string }) => d.id === dataset.id);
      expect(listed.metadata.type).toBe('general');
    });

    it('deletes a tome with everything in it', async () => {
      const id = await createTome(t, alice.token, 'Doomed');
      const { documentId } = await uploadAndWait(t, alice.token, id, 'doomed.md', text(LORE));
      expect((await call(alice.token, 'DELETE', `/api/datasets/${id}`)).json()).toEqual({ deleted: id });
      expect((await call(alice.token, 'GET', `/api/datasets/${id}/documents`)).statusCode).toBe(404);
      const left = await t.services.db.selectFrom('chunks').select('id').where('document_id', '=', documentId).execute();
      expect(left).toEqual([]);
      expect((await call(alice.token, 'DELETE', `/api/datasets/${id}`)).statusCode).toBe(404);
    });

    it('renames a tome and edits its description, refusing a name already taken and bad input', async () => {
      const id = await createTome(t, alice.token, 'Harbour notes', 'Draft');
      await createTome(t, alice.token, 'Sunken temple');
      const renamed = await call(alice.token, 'PATCH', `/api/datasets/${id}`, { name: '  Harbour of Saltmarsh ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id, name: 'Harbour of Saltmarsh', description: 'Draft' });
      const described = await call(alice.token, 'PATCH', `/api/datasets/${id}`, { description: 'Smugglers and the tide' });
      expect(described.json()).toMatchObject({ name: 'Harbour of Saltmarsh', description: 'Smugglers and the tide' });

      const taken = await call(alice.token, 'PATCH', `/api/datasets/${id}`, { name: 'SUNKEN temple' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe('You already have a Knowledge Tome named "Sunken temple". Choose another name, or add the documents to that tome.');
      for (const payload of [{ name: '  ' }, {}, { name: 'x'.repeat(201) }, { description: 'y'.repeat(5001) }]) {
        expect((await call(alice.token, 'PATCH', `/api/datasets/${id}`, payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      }
      expect((await call(alice.token, 'GET', `/api/datasets/${id}`)).json()).toMatchObject({ name: 'Harbour of Saltmarsh', description: 'Smugglers and the tide' });
    });

    it('refuses a second tome of the same name with a clear message', async () => {
      await createTome(t, alice.token, 'Bestiary');
      const again = await call(alice.token, 'POST', '/api/datasets', { name: ' bestiary ' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('You already have a Knowledge Tome named "Bestiary". Choose another name, or add the documents to that tome.');
      // Another user's names are theirs.
      const carol = await t.signUp();
      expect((await call(carol.token, 'POST', '/api/datasets', { name: 'Bestiary' })).statusCode).toBe(201);
    });
  });

  describe('documents', () => {
    it('says when an upload is already in the tome, and replaces it or keeps both only when asked', async () => {
      const id = await createTome(t, alice.token, 'Duplicates');
      const first = await uploadAndWait(t, alice.token, id, 'crown.md', text(LORE));
      const again = await uploadFile(t, alice.token, id, 'crown copy.md', text(LORE));
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('"crown copy.md" has the same content as "crown.md", already in this tome. Replace that document, or keep both.');
      expect((await call(alice.token, 'GET', `/api/datasets/${id}/documents`)).json()).toHaveLength(1);

      const upload = async (query: string) => {
        const body = await multipart({ file: { filename: 'crown copy.md', bytes: text(LORE) } });
        return t.app.inject({
          method: 'POST',
          url: `/api/datasets/${id}/documents${query}`,
          headers: { ...bearer(alice.token), ...body.headers },
          payload: body.payload,
        });
      };
      expect((await upload('?duplicate=maybe')).statusCode).toBe(400);
      const replaced = await upload('?duplicate=replace');
      expect(replaced.statusCode).toBe(202);
      expect(replaced.json().document_id).toBe(first.documentId);
      await waitForJob(t, alice.token, replaced.json().job_id);
      const afterReplace = (await call(alice.token, 'GET', `/api/datasets/${id}/documents`)).json();
      expect(afterReplace.map((d: { filename: string }) => d.filename)).toEqual(['crown copy.md']);

      const kept = await upload('?duplicate=keep');
      expect(kept.statusCode).toBe(202);
      expect(kept.json().document_id).not.toBe(first.documentId);
      await waitForJob(t, alice.token, kept.json().job_id);
      expect((await call(alice.token, 'GET', `/api/datasets/${id}`)).json().document_count).toBe(2);
      // The same file in another tome is no duplicate.
      const other = await createTome(t, alice.token, 'Duplicates elsewhere');
      expect((await uploadFile(t, alice.token, other, 'crown.md', text(LORE))).statusCode).toBe(202);
    });

    it('counts ready documents only, the failed ones apart, the same on every screen and in the API', async () => {
      const id = await createTome(t, alice.token, 'Counted');
      await uploadAndWait(t, alice.token, id, 'good.md', text(LORE));
      const broken = await uploadAndWait(t, alice.token, id, 'broken.pdf', text('%PDF-1.7 this is not really a pdf'));
      expect(broken.job.status).toBe('failed');
      const dataset = (await call(alice.token, 'GET', `/api/datasets/${id}`)).json();
      expect(dataset).toMatchObject({ document_count: 1, failed_document_count: 1 });
      expect((await call(alice.token, 'GET', '/api/datasets')).json().find((d: { id: string }) => d.id === id)).toMatchObject({
        document_count: 1,
        failed_document_count: 1,
      });
      const documents = (await call(alice.token, 'GET', `/api/datasets/${id}/documents`)).json();
      expect(documents.find((d: { filename: string }) => d.filename === 'broken.pdf')).toMatchObject({ status: 'failed', error: expect.any(String) });
      // The screens read the same domain function (the Assistant and content creator used a second count before).
      const listed = (await listDatasets(t.services.db, alice.userId)).find((d) => d.id === id);
      expect(listed).toMatchObject({ document_count: 1, failed_document_count: 1 });
    });

    it('uploads, processes, lists, reads, replaces and deletes a document, keeping the counts right', async () => {
      const id = await createTome(t, alice.token, 'Ember Crown lore');
      const upload = await uploadFile(t, alice.token, id, 'ember-crown.md', text(LORE));
      expect(upload.statusCode).toBe(202);
      const { job_id, document_id } = upload.json();

      const early = (await call(alice.token, 'GET', `/api/jobs/${job_id}/status`)).json();
      expect(early).toMatchObject({ document_id });
      expect(['queued', 'extracting', 'chunking', 'embedding', 'indexing', 'completed']).toContain(early.status);

      const job = await waitForJob(t, alice.token, job_id);
      expect(job).toMatchObject({ status: 'completed', progress: 100, error: null });
      expect(job.progress_message).toMatch(/^Ready: \d+ passages?/);
      // The tome's recent jobs (the no-JavaScript status list) hold it, ended a moment ago, with its file's name.
      const recent = (await call(alice.token, 'GET', `/api/datasets/${id}/jobs`)).json();
      expect(recent).toEqual([expect.objectContaining({ id: job_id, document_id, status: 'completed', filename: 'ember-crown.md' })]);

      const list = (await call(alice.token, 'GET', `/api/datasets/${id}/documents`)).json();
      expect(list).toHaveLength(1);
      const [summary] = list;
      expect(summary).toMatchObject({ id: document_id, dataset_id: id, filename: 'ember-crown.md', file_type: 'md', status: 'ready' });
      expect(summary.token_count).toBeGreaterThan(20);
      expect(Math.abs(Date.parse(summary.upload_date) - Date.now())).toBeLessThan(120_000);
      expect(summary.content_preview.startsWith('The Ember Crown Ardent Vael')).toBe(true);
      expect(summary).not.toHaveProperty('content');

      const detail = (await call(alice.token, 'GET', `/api/datasets/${id}/documents/${document_id}`)).json();
      expect(detail.content).toBe(LORE.trim());
      const content = (await call(alice.token, 'GET', `/api/datasets/${id}/documents/${document_id}/content`)).json();
      expect(content).toMatchObject({ id: document_id, filename: 'ember-crown.md', content: LORE.trim() });

      const chunks = await t.services.db
        .selectFrom('chunks')
        .innerJoin('chunk_vectors', 'chunk_vectors.chunk_id', 'chunks.id')
        .select(['chunks.heading_path', 'chunks.content', 'chunks.token_count', 'chunk_vectors.model', 'chunk_vectors.embedding'])
        .where('chunks.document_id', '=', document_id)
        .orderBy('chunks.ordinal')
        .execute();
      expect(chunks.length).toBeGreaterThanOrEqual(1);
      expect(chunks.some((c) => c.heading_path.includes('Ardent Vael') && c.content.includes('last keeper'))).toBe(true);
      for (const chunk of chunks) {
        expect(chunk.model).toBe(t.services.ai.embedder.model);
        expect(chunk.embedding).toHaveLength(512);
        expect(chunk.token_count).toBeGreaterThan(0);
      }

      const dataset = (await call(alice.token, 'GET', `/api/datasets/${id}`)).json();
      expect(dataset.document_count).toBe(1);
      expect(dataset.total_tokens).toBe(summary.token_count);

      const usage = (await call(alice.token, 'GET', '/api/usage/current-month')).json();
      expect(usage.month_data.total_embedding_tokens).toBeGreaterThan(0);
      expect(usage.month_data.usage_breakdown.embedding.calls).toBeGreaterThanOrEqual(1);

      // PUT replaces the text and re-indexes it.
      const replacement = await multipart({
        file: { filename: 'ember-crown.md', bytes: text('# Revised\n\nThe Ember Crown was lost at sea.') },
        update_existing: 'true',
        document_id,
      });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/datasets/${id}/documents/${document_id}`,
        headers: { ...bearer(alice.token), ...replacement.headers },
        payload: replacement.payload,
      });
      expect(put.statusCode).toBe(202);
      expect(put.json().document_id).toBe(document_id);
      expect((await waitForJob(t, alice.token, put.json().job_id)).status).toBe('completed');
      const revised = (await call(alice.token, 'GET', `/api/datasets/${id}/documents/${document_id}/content`)).json();
      expect(revised.content).toBe('# Revised\n\nThe Ember Crown was lost at sea.');
      const revisedChunks = await t.services.db.selectFrom('chunks').select('content').where('document_id', '=', document_id).execute();
      expect(revisedChunks.map((c) => c.content).join(' ')).toContain('lost at sea');
      expect(revisedChunks.map((c) => c.content).join(' ')).not.toContain('last keeper');

      const mismatch = await multipart({ file: { filename: 'x.md', bytes: text('# x') }, document_id: '00000000-0000-4000-8000-000000000000' });
      const wrong = await t.app.inject({
        method: 'PUT',
        url: `/api/datasets/${id}/documents/${document_id}`,
        headers: { ...bearer(alice.token), ...mismatch.headers },
        payload: mismatch.payload,
      });
      expect(wrong.statusCode).toBe(400);

      expect((await call(alice.token, 'DELETE', `/api/datasets/${id}/documents/${document_id}`)).json()).toEqual({ deleted: document_id });
      expect((await call(alice.token, 'GET', `/api/datasets/${id}/documents`)).json()).toEqual([]);
      expect((await call(alice.token, 'GET', `/api/datasets/${id}`)).json()).toMatchObject({ document_count: 0, total_tokens: 0 });
      expect(await t.services.db.selectFrom('chunks').select('id').where('document_id', '=', document_id).execute()).toEqual([]);
      expect((await call(alice.token, 'GET', `/api/jobs/${job_id}/status`)).statusCode).toBe(404);
    });

    it('serves the original file whole, in ranges, and with ?token=', async () => {
      const id = await createTome(t, alice.token, 'Files');
      const body = 'The quick red dragon jumps over the lazy kobold. '.repeat(40);
      const { documentId } = await uploadAndWait(t, alice.token, id, 'Dragon notes é.txt', text(body));
      const url = `/api/datasets/${id}/documents/${documentId}/file`;

      const whole = await call(alice.token, 'GET', url);
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe(body);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-disposition']).toBe(`attachment; filename="Dragon notes ?.txt"; filename*=UTF-8''Dragon%20notes%20%C3%A9.txt`);

      const inline = await call(alice.token, 'GET', `${url}?inline=1`);
      expect(inline.headers['content-disposition']).toMatch(/^inline;/);
      expect(inline.headers['content-type']).toBe('text/plain; charset=utf-8');

      const ranged = await t.app.inject({ method: 'GET', url, headers: { ...bearer(alice.token), range: 'bytes=4-12' } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.body).toBe(body.slice(4, 13));
      expect(ranged.headers['content-range']).toBe(`bytes 4-12/${body.length}`);

      const suffix = await t.app.inject({ method: 'GET', url, headers: { ...bearer(alice.token), range: 'bytes=-7' } });
      expect(suffix.body).toBe(body.slice(-7));

      const multi = await t.app.inject({ method: 'GET', url, headers: { ...bearer(alice.token), range: 'bytes=0-3, 10-14' } });
      expect(multi.statusCode).toBe(206);
      expect(multi.headers['content-type']).toMatch(/^multipart\/byteranges; boundary=/);
      expect(multi.body).toContain(`Content-Range: bytes 0-3/${body.length}\r\n\r\n${body.slice(0, 4)}\r\n`);
      expect(multi.body).toContain(`Content-Range: bytes 10-14/${body.length}\r\n\r\n${body.slice(10, 15)}\r\n`);

      const many = Array.from({ length: 9 }, (_, i) => `${i * 10}-${i * 10 + 1}`).join(',');
      const tooMany = await t.app.inject({ method: 'GET', url, headers: { ...bearer(alice.token), range: `bytes=${many}` } });
      expect(tooMany.statusCode).toBe(416);
      const outside = await t.app.inject({ method: 'GET', url, headers: { ...bearer(alice.token), range: `bytes=${body.length + 5}-` } });
      expect(outside.statusCode).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${body.length}`);

      const viaQuery = await t.app.inject({ method: 'GET', url: `${url}?token=${alice.token}&inline=1` });
      expect(viaQuery.statusCode).toBe(200);
      expect(viaQuery.body).toBe(body);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `${url}?token=not-a-token` })).statusCode).toBe(401);
      // The token is accepted on the file address only.
      expect((await t.app.inject({ method: 'GET', url: `/api/datasets?token=${alice.token}` })).statusCode).toBe(401);
    });

    it('reads a PDF page by page and serves it for the viewer', async () => {
      const id = await createTome(t, alice.token, 'Scrolls');
      const pdf = buildPdf([
        ['The Salt Road', 'Caravans cross the salt flats at night.'],
        ['The Glass Tower', 'Ardent Vael keeps the Ember Crown in the glass tower.'],
      ]);
      const { documentId, job } = await uploadAndWait(t, alice.token, id, 'scrolls.pdf', pdf);
      expect(job.status).toBe('completed');
      const doc = (await call(alice.token, 'GET', `/api/datasets/${id}/documents/${documentId}`)).json();
      expect(doc).toMatchObject({ file_type: 'pdf', page_count: 2, status: 'ready' });
      expect(doc.content).toContain('Ardent Vael keeps the Ember Crown');
      const chunks = await t.services.db.selectFrom('chunks').select(['page', 'content']).where('document_id', '=', documentId).orderBy('ordinal').execute();
      expect(chunks.find((c) => c.content.includes('Ardent Vael'))?.page).toBe(2);
      expect(chunks.find((c) => c.content.includes('salt flats'))?.page).toBe(1);

      const file = await t.app.inject({
        method: 'GET',
        url: `/api/datasets/${id}/documents/${documentId}/file?inline=1`,
        headers: { ...bearer(alice.token), range: 'bytes=0-7' },
      });
      expect(file.statusCode).toBe(206);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(`inline; filename=scrolls.pdf`);
      expect(file.body).toBe('%PDF-1.4');
    });

    it('never serves an uploaded web page as a page', async () => {
      const id = await createTome(t, alice.token, 'Pages');
      const { documentId } = await uploadAndWait(
        t,
        alice.token,
        id,
        'page.html',
        text('<html><body><h1>Hi</h1><script>alert(1)</script><p>Hello there</p></body></html>'),
      );
      const response = await call(alice.token, 'GET', `/api/datasets/${id}/documents/${documentId}/file?inline=1`);
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['content-security-policy']).toContain('sandbox');
      const content = (await call(alice.token, 'GET', `/api/datasets/${id}/documents/${documentId}/content`)).json().content;
      expect(content).toContain('Hello there');
      expect(content).not.toContain('alert');
    });
  });

  it('documents every route in /api/openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/datasets',
      '/api/datasets/{id}',
      '/api/datasets/{id}/metadata',
      '/api/datasets/{id}/documents',
      '/api/datasets/{id}/documents/{docId}',
      '/api/datasets/{id}/documents/{docId}/content',
      '/api/datasets/{id}/documents/{docId}/file',
      '/api/jobs/{jobId}/status',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/datasets/{id}/metadata'].put.requestBody.content['application/json'].schema.properties.type.enum).toContain('official_dnd');
  });

  it('answers 404 to another user on every dataset, document, file and job route', async () => {
    const id = await createTome(t, alice.token, 'Private lore');
    const { jobId, documentId } = await uploadAndWait(t, alice.token, id, 'secret.md', text(LORE));
    const doc = `/api/datasets/${id}/documents/${documentId}`;
    const replacement = await multipart({ file: { filename: 'x.md', bytes: text('# Stolen') } });
    const requests: Array<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object | Buffer; headers?: Record<string, string> }> = [
      { method: 'GET', url: `/api/datasets/${id}` },
      { method: 'DELETE', url: `/api/datasets/${id}` },
      { method: 'PATCH', url: `/api/datasets/${id}`, payload: { name: 'Stolen', description: 'mine now' } },
      { method: 'PUT', url: `/api/datasets/${id}/metadata`, payload: { type: 'lore', category: 'lore', source: 'user_upload', tags: [] } },
      { method: 'GET', url: `/api/datasets/${id}/documents` },
      { method: 'POST', url: `/api/datasets/${id}/documents`, payload: replacement.payload, headers: replacement.headers },
      { method: 'GET', url: doc },
      { method: 'GET', url: `${doc}/content` },
      { method: 'PUT', url: doc, payload: replacement.payload, headers: replacement.headers },
      { method: 'DELETE', url: doc },
      { method: 'GET', url: `${doc}/file` },
      { method: 'GET', url: `${doc}/file?inline=1&token=${bob.token}` },
      { method: 'GET', url: `/api/datasets/${id}/jobs` },
      { method: 'GET', url: `/api/jobs/${jobId}/status` },
    ];
    for (const request of requests) {
      const response = await t.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...(request.url.includes('token=') ? {} : bearer(bob.token)), ...request.headers },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json().error).toMatch(/not found$/);
    }
    expect((await call(bob.token, 'GET', '/api/datasets')).json()).toEqual([]);
    // Nothing changed for Alice.
    const dataset = (await call(alice.token, 'GET', `/api/datasets/${id}`)).json();
    expect(dataset).toMatchObject({ name: 'Private lore', document_count: 1 });
    expect((await call(alice.token, 'GET', `${doc}/content`)).json().content).toBe(LORE.trim());
    // Ids that are not ids at all answer the same.
    expect((await call(bob.token, 'GET', '/api/datasets/not-a-uuid/documents')).statusCode).toBe(404);
    expect((await call(bob.token, 'GET', '/api/jobs/12345/status')).statusCode).toBe(404);
  });
});

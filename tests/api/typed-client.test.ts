import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tomekeeperClient, uploadBody } from '../../contract/openapi/client';
import { JOB_STATUSES } from '../../contract/tomes';
import { createRegistrationCode } from '../../server/domain/accounts/registration-codes';
import { createTestApp, type TestApp } from '../support/test-app';

// The generated client driving a real server over HTTP, the way a script would.
describe('the typed /api client', () => {
  let t: TestApp;
  let baseUrl = '';

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers, logs in with a token, creates a tome and lists it', async () => {
    const anonymous = tomekeeperClient(baseUrl);
    const registration_code = await createRegistrationCode(t.services.db);
    const registered = await anonymous.POST('/api/auth/register', {
      body: { username: 'scribe', email: 'scribe@example.com', password: 'Dragons4ever', registration_code },
    });
    expect(registered.response.status).toBe(200);

    const login = await anonymous.POST('/api/auth/login', { body: { username: 'scribe', password: 'Dragons4ever' } });
    expect(login.error).toBeUndefined();
    const api = tomekeeperClient(baseUrl, login.data!.token);

    const created = await api.POST('/api/datasets', { body: { name: 'Scripted lore', description: 'Made by a script' } });
    expect(created.response.status).toBe(201);
    const tomeId: string = created.data!.id;

    const listed = await api.GET('/api/datasets');
    expect(Array.isArray(listed.data) && listed.data.map((tome) => [tome.name, tome.document_count])).toEqual([['Scripted lore', 0]]);

    // A page: the same list as { items, next_cursor }.
    const page = await api.GET('/api/datasets', { params: { query: { limit: 1 } } });
    expect(page.data && !Array.isArray(page.data) && [page.data.items.map((tome) => tome.id), page.data.next_cursor]).toEqual([[tomeId], null]);

    // An upload takes the file itself: the document's multipart body, typed.
    const uploaded = await api.POST('/api/datasets/{id}/documents', {
      params: { path: { id: tomeId } },
      body: { file: new File(['# The Salt Road\n\nA caravan crosses the salt flats.'], 'salt-road.md', { type: 'text/markdown' }) },
      bodySerializer: uploadBody,
    });
    expect(uploaded.response.status).toBe(202);
    const job = await api.GET('/api/jobs/{jobId}/status', { params: { path: { jobId: uploaded.data!.job_id } } });
    expect(JOB_STATUSES).toContain(job.data!.status);
    const documents = await api.GET('/api/datasets/{id}/documents', { params: { path: { id: tomeId } } });
    expect(Array.isArray(documents.data) && documents.data.map((document) => document.filename)).toEqual(['salt-road.md']);

    // A personal API token, made with the session, works as the script's token.
    const made = await api.POST('/api/tokens', { body: { name: 'typed client', expires_in_days: 7 } });
    expect(made.response.status).toBe(201);
    const byToken = tomekeeperClient(baseUrl, made.data!.token);
    expect((await byToken.GET('/api/auth/me')).data!.user.username).toBe('scribe');

    const one = await api.GET('/api/datasets/{id}', { params: { path: { id: tomeId } } });
    expect(one.data!.description).toBe('Made by a script');

    const missing = await api.GET('/api/datasets/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.error).toMatch(/not found/i);

    const signedOut = await anonymous.GET('/api/datasets');
    expect(signedOut.response.status).toBe(401);
  });
});

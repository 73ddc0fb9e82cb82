import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCEPT_TYPE_MAP, DEFAULT_SETTINGS } from '../../../contract/concept-map';
import { storePassagesHash } from '../ingest/passages-hash';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTome, multipart, uploadAndWait, waitForJob } from '../../../tests/support/tome-upload';
import type { ConceptMap, MapConcept } from './map-store';
import { HARBOUR_NOTES, SESSION_NOTES, WOODS_NOTES } from './test-notes';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('concept map over /api (offline extractor)', () => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let tome: SeededTome;
  let woods: SeededTome;
  let campaignId: string;
  const doc = (seeded: SeededTome, filename: string) => {
    const found = seeded.documents.find((d) => d.filename === filename)!;
    return { id: found.id, dataset_id: seeded.datasetId };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    tome = await seedTome(t.services, alice.userId, {
      name: 'Saltmarsh notes',
      documents: [
        { filename: 'harbour.md', content: HARBOUR_NOTES },
        { filename: 'session-4.md', content: SESSION_NOTES },
      ],
    });
    woods = await seedTome(t.services, alice.userId, { name: 'Mossveil', documents: [{ filename: 'woods.md', content: WOODS_NOTES }] });
    campaignId = await campaignOf(alice.token, 'Saltmarsh');
    await link(alice.token, campaignId, tome.datasetId);
    await link(alice.token, campaignId, woods.datasetId);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function campaignOf(token: string, name: string) {
    const response = await call(token, 'POST', '/api/campaigns', { name });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  async function link(token: string, campaign: string, datasetId: string) {
    expect((await call(token, 'POST', `/api/campaigns/${campaign}/datasets`, { dataset_id: datasetId })).statusCode).toBe(200);
  }
  async function generate(campaign: string, selected: Array<{ id: string; dataset_id: string }>) {
    return call(alice.token, 'POST', `/api/campaigns/${campaign}/concept-map/generate`, { selected_documents: selected });
  }
  // By name, another spelling, or the name under a title ('Madam Oriel Vask').
  const named = (map: ConceptMap, name: string): MapConcept | undefined =>
    map.concepts.find((concept) => [concept.name, ...concept.aliases].some((form) => form === name || form.endsWith(` ${name}`)));
  function related(map: ConceptMap, source: string, label: string, target: string) {
    const from = named(map, source)?.id;
    const to = named(map, target)?.id;
    return map.relationships.find((r) => r.source === from && r.target === to && r.relationship === label);
  }

  it('answers an empty map with the default settings before anything is generated', async () => {
    const campaign = await campaignOf(alice.token, 'Fresh start');
    const response = await call(alice.token, 'GET', `/api/campaigns/${campaign}/concept-map`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      campaign_id: campaign,
      concepts: [],
      relationships: [],
      settings: { show_labels: true, min_strength: 3, layout: 'force_directed' },
      processed_docs: [],
      last_updated: null,
      engine: null,
      job: null,
    });
  });

  it('lists the documents of the linked tomes for the Select Documents modal', async () => {
    const response = await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map/documents`);
    expect(response.statusCode).toBe(200);
    const documents = response.json().documents as Array<Record<string, unknown>>;
    expect(documents.map((d) => d.filename)).toEqual(['woods.md', 'harbour.md', 'session-4.md']);
    expect(documents[1]).toMatchObject({ dataset_name: 'Saltmarsh notes', status: 'ready', processed: false, outdated: false });
    expect(documents[1].chunk_count).toBeGreaterThan(0);
  });

  it("builds the map of the campaign's people, places, factions and artifact, related as the notes say", async () => {
    const response = await generate(campaignId, [doc(tome, 'harbour.md'), doc(tome, 'session-4.md')]);
    expect(response.statusCode).toBe(200);
    const map = response.json() as ConceptMap;

    expect(named(map, 'Idris Thornvale')?.type).toBe('character');
    expect(named(map, 'Oriel Vask')?.type).toBe('character');
    expect(named(map, 'Bel Harrow')?.type).toBe('character');
    expect(named(map, 'Copper Syndicate')?.type).toBe('organization');
    expect(named(map, 'Tidewardens')?.type).toBe('organization');
    expect(named(map, 'Brinehollow')?.type).toBe('location');
    expect(named(map, 'Salt Chapel')?.type).toBe('location');
    expect(named(map, 'Greyfen Isle')?.type).toBe('location');
    expect(named(map, 'Lantern of Ketter')).toBeDefined();
    // 'Captain Idris Thornvale', 'Idris Thornvale' and 'Thornvale' are one person.
    expect(map.concepts.filter((c) => /thornvale/i.test(c.name))).toHaveLength(1);

    expect(related(map, 'Oriel Vask', 'leads', 'Copper Syndicate')).toBeDefined();
    expect(related(map, 'Idris Thornvale', 'commands', 'Gilded Heron')).toBeDefined();
    expect(related(map, 'Idris Thornvale', 'serves', 'Copper Syndicate')).toBeDefined();
    expect(related(map, 'Idris Thornvale', 'betrays', 'Copper Syndicate')).toBeDefined();
    expect(related(map, 'Bel Harrow', 'leads', 'Tidewardens')).toBeDefined();

    for (const concept of map.concepts) {
      expect(concept.visual.color).toBe(CONCEPT_TYPE_MAP[concept.type].color);
      expect(concept.sources).toBeGreaterThanOrEqual(1);
    }
    const ids = new Set(map.concepts.map((c) => c.id));
    for (const relationship of map.relationships) {
      expect(ids.has(relationship.source) && ids.has(relationship.target)).toBe(true);
      expect(relationship.strength).toBeGreaterThanOrEqual(1);
      expect(relationship.strength).toBeLessThanOrEqual(10);
      expect(relationship.count).toBeGreaterThanOrEqual(1);
    }
    // Thornvale is in both documents: the passages of each count, and hovering shows where they are.
    const thornvale = named(map, 'Idris Thornvale')!;
    expect(thornvale.sources).toBeGreaterThanOrEqual(4);
    expect(thornvale.source_passages[0]).toMatchObject({ filename: 'harbour.md', dataset_id: tome.datasetId });
    expect(thornvale.source_passages[0].quote).toContain('Thornvale');

    expect(map.processed_docs.map((d) => d.filename).sort()).toEqual(['harbour.md', 'session-4.md']);
    expect(map.processed_docs.every((d) => !d.outdated)).toBe(true);
    expect(map.engine).toBe('offline');
    expect(Date.parse(map.last_updated!)).toBeGreaterThan(Date.now() - 60_000);
    expect(map.settings).toEqual(DEFAULT_SETTINGS);
    // The offline extractor is not an AI call: nothing is spent.
    const usage = (await call(alice.token, 'GET', '/api/usage/current-month')).json();
    expect(usage.month_data.usage_breakdown.concept_map).toBeUndefined();

    const again = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map`)).json() as ConceptMap;
    expect(again.concepts.map((c) => c.id)).toEqual(map.concepts.map((c) => c.id));
    expect(again.relationships).toHaveLength(map.relationships.length);
  });

  it('updates incrementally: unchanged documents are not read again, changed ones are, left-out ones leave', async () => {
    const before = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map`)).json() as ConceptMap;
    const processedAt = (map: ConceptMap, filename: string) => map.processed_docs.find((d) => d.filename === filename)?.processed_at;

    const added = (await generate(campaignId, [doc(tome, 'harbour.md'), doc(tome, 'session-4.md'), doc(woods, 'woods.md')])).json() as ConceptMap;
    expect(processedAt(added, 'harbour.md')).toBe(processedAt(before, 'harbour.md'));
    expect(processedAt(added, 'session-4.md')).toBe(processedAt(before, 'session-4.md'));
    expect(named(added, 'Aneth Quill')?.type).toBe('character');
    expect(related(added, 'Aneth Quill', 'guards', 'Mossveil Wood')).toBeDefined();
    // Concepts keep their ids across an update.
    expect(named(added, 'Copper Syndicate')?.id).toBe(named(before, 'Copper Syndicate')?.id);

    // The session notes are edited: the map says so, and the next update reads them again.
    const sessionId = doc(tome, 'session-4.md').id;
    await t.services.db
      .updateTable('chunks')
      .set({ content: 'Idris Thornvale betrayed the Copper Syndicate and fled to the Ashfen Marsh with Corwin Dale.' })
      .where('document_id', '=', sessionId)
      .where('ordinal', '=', 1)
      .execute();
    // As ingestion does when it swaps a document's new passages in.
    await storePassagesHash(t.services.db, sessionId);
    const stale = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map`)).json() as ConceptMap;
    expect(stale.processed_docs.find((d) => d.filename === 'session-4.md')?.outdated).toBe(true);
    expect(stale.processed_docs.find((d) => d.filename === 'harbour.md')?.outdated).toBe(false);
    const listed = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map/documents`)).json().documents;
    expect(listed.find((d: { filename: string }) => d.filename === 'session-4.md')).toMatchObject({ processed: true, outdated: true });

    const updated = (await generate(campaignId, [doc(tome, 'harbour.md'), doc(tome, 'session-4.md'), doc(woods, 'woods.md')])).json() as ConceptMap;
    expect(processedAt(updated, 'harbour.md')).toBe(processedAt(before, 'harbour.md'));
    expect(Date.parse(processedAt(updated, 'session-4.md')!)).toBeGreaterThan(Date.parse(processedAt(before, 'session-4.md')!));
    expect(named(updated, 'Ashfen Marsh')).toBeDefined();
    expect(named(updated, 'Greyfen Isle')).toBeUndefined();
    expect(updated.processed_docs.every((d) => !d.outdated)).toBe(true);

    // Leaving the woods out of the selection drops its concepts.
    const narrowed = (await generate(campaignId, [doc(tome, 'harbour.md'), doc(tome, 'session-4.md')])).json() as ConceptMap;
    expect(named(narrowed, 'Aneth Quill')).toBeUndefined();
    expect(named(narrowed, 'Circle of Thorns')).toBeUndefined();
    expect(narrowed.processed_docs).toHaveLength(2);
  });

  it('drops the concepts of a deleted document and of an unlinked tome', async () => {
    const campaign = await campaignOf(alice.token, 'Two coasts');
    const own = await seedTome(t.services, alice.userId, {
      name: 'Coast',
      documents: [
        { filename: 'harbour.md', content: HARBOUR_NOTES },
        { filename: 'woods.md', content: WOODS_NOTES },
      ],
    });
    const more = await seedTome(t.services, alice.userId, { name: 'Sessions', documents: [{ filename: 'session-4.md', content: SESSION_NOTES }] });
    await link(alice.token, campaign, own.datasetId);
    await link(alice.token, campaign, more.datasetId);
    const built = (await generate(campaign, [doc(own, 'harbour.md'), doc(own, 'woods.md'), doc(more, 'session-4.md')])).json() as ConceptMap;
    expect(named(built, 'Aneth Quill')).toBeDefined();
    expect(named(built, 'Greyfen Isle')).toBeDefined();

    const removed = await call(alice.token, 'DELETE', `/api/datasets/${own.datasetId}/documents/${doc(own, 'woods.md').id}`);
    expect(removed.statusCode).toBe(200);
    const afterDelete = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/concept-map`)).json() as ConceptMap;
    expect(named(afterDelete, 'Aneth Quill')).toBeUndefined();
    expect(named(afterDelete, 'Mossveil Wood')).toBeUndefined();
    expect(named(afterDelete, 'Copper Syndicate')).toBeDefined();
    expect(afterDelete.processed_docs.map((d) => d.filename).sort()).toEqual(['harbour.md', 'session-4.md']);

    expect((await call(alice.token, 'DELETE', `/api/campaigns/${campaign}/datasets/${more.datasetId}`)).statusCode).toBe(200);
    const afterUnlink = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/concept-map`)).json() as ConceptMap;
    expect(named(afterUnlink, 'Greyfen Isle')).toBeUndefined();
    expect(afterUnlink.processed_docs.map((d) => d.filename)).toEqual(['harbour.md']);
    expect(related(afterUnlink, 'Oriel Vask', 'leads', 'Copper Syndicate')).toBeDefined();
  });

  it('asks for at least one document, and only the campaign’s own ready documents', async () => {
    const url = `/api/campaigns/${campaignId}/concept-map/generate`;
    for (const payload of [{ selected_documents: [] }, {}]) {
      const response = await call(alice.token, 'POST', url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Please select at least one document to analyze' });
    }
    const missing = await generate(campaignId, [{ id: '00000000-0000-4000-8000-000000000000', dataset_id: tome.datasetId }]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Document not found' });
    expect((await generate(campaignId, [{ id: 'not-a-uuid', dataset_id: tome.datasetId }])).statusCode).toBe(404);
    // The right document named under the wrong tome.
    expect((await generate(campaignId, [{ id: doc(tome, 'harbour.md').id, dataset_id: woods.datasetId }])).statusCode).toBe(404);
    expect((await call(alice.token, 'POST', url, { selected_documents: [{ id: doc(tome, 'harbour.md').id }] })).statusCode).toBe(400);

    const loose = await seedTome(t.services, alice.userId, { name: 'Unlinked', documents: [{ filename: 'loose.md', content: WOODS_NOTES }] });
    const unlinked = await generate(campaignId, [doc(loose, 'loose.md')]);
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().error).toMatch(/not linked to this campaign/);

    await link(alice.token, campaignId, loose.datasetId);
    await t.services.db.updateTable('documents').set({ status: 'processing' }).where('id', '=', doc(loose, 'loose.md').id).execute();
    const processing = await generate(campaignId, [doc(loose, 'loose.md')]);
    expect(processing.statusCode).toBe(400);
    expect(processing.json().error).toMatch(/still being processed/);
    await call(alice.token, 'DELETE', `/api/campaigns/${campaignId}/datasets/${loose.datasetId}`);
  });

  it('saves the settings per campaign and checks them', async () => {
    const url = `/api/campaigns/${campaignId}/concept-map/settings`;
    for (const bad of [{ min_strength: 0 }, { min_strength: 11 }, { min_strength: 2.5 }, { min_strength: 'many' }, { layout: 'circular' }, { zoom: 2 }]) {
      const response = await call(alice.token, 'PUT', url, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect((await call(alice.token, 'PUT', url, { min_strength: 0 })).json().error).toMatch(/whole number from 1 to 10/);

    const saved = await call(alice.token, 'PUT', url, { min_strength: 6, show_labels: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ show_labels: false, min_strength: 6, layout: 'force_directed' });
    expect((await call(alice.token, 'PUT', url, { layout: 'force_directed' })).json()).toEqual({ show_labels: false, min_strength: 6, layout: 'force_directed' });
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map`)).json().settings).toEqual({
      show_labels: false,
      min_strength: 6,
      layout: 'force_directed',
    });

    // Another campaign keeps its own, and settings can be saved before a map exists.
    const other = await campaignOf(alice.token, 'Elsewhere');
    expect((await call(alice.token, 'GET', `/api/campaigns/${other}/concept-map`)).json().settings).toEqual(DEFAULT_SETTINGS);
    expect((await call(alice.token, 'PUT', `/api/campaigns/${other}/concept-map/settings`, { min_strength: 9 })).json().min_strength).toBe(9);
    expect((await call(alice.token, 'GET', `/api/campaigns/${other}/concept-map`)).json()).toMatchObject({ concepts: [], settings: { min_strength: 9 } });
    await call(alice.token, 'PUT', url, { min_strength: 3, show_labels: true });
  });

  it("answers 404 on every concept-map route for another user's campaign and documents, and changes nothing", async () => {
    const before = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map`)).json();
    const base = `/api/campaigns/${campaignId}/concept-map`;
    const attempts: Array<[Method, string, object?]> = [
      ['GET', base],
      ['GET', `${base}/documents`],
      ['POST', `${base}/generate`, { selected_documents: [doc(tome, 'harbour.md')] }],
      ['PUT', `${base}/settings`, { min_strength: 9 }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(bob.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'Campaign not found' });
    }
    // Bob's own campaign cannot reach Alice's documents either, even naming her tome.
    const bobs = await campaignOf(bob.token, 'Bob’s heist');
    expect((await call(bob.token, 'POST', `/api/campaigns/${bobs}/datasets`, { dataset_id: tome.datasetId })).statusCode).toBe(404);
    const stolen = await call(bob.token, 'POST', `/api/campaigns/${bobs}/concept-map/generate`, { selected_documents: [doc(tome, 'harbour.md')] });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Document not found' });
    expect((await call(bob.token, 'GET', `/api/campaigns/${bobs}/concept-map/documents`)).json()).toEqual({ documents: [] });
    expect((await call(bob.token, 'GET', `/api/campaigns/${bobs}/concept-map`)).json().concepts).toEqual([]);

    expect((await call(alice.token, 'GET', `/api/campaigns/${campaignId}/concept-map`)).json()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await call(alice.token, 'GET', '/api/campaigns/nope/concept-map')).statusCode).toBe(404);
  });

  it('describes its routes in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/campaigns/{id}/concept-map',
        '/api/campaigns/{id}/concept-map/generate',
        '/api/campaigns/{id}/concept-map/settings',
        '/api/campaigns/{id}/concept-map/documents',
      ]),
    );
  });
});

describe('large selections run as a job', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let tome: SeededTome;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    gm = await t.signUp();
    const notes = [HARBOUR_NOTES, SESSION_NOTES, WOODS_NOTES];
    tome = await seedTome(t.services, gm.userId, {
      name: 'Many notes',
      documents: Array.from({ length: 7 }, (_, i) => ({ filename: `note-${i + 1}.md`, content: notes[i % 3] })),
    });
    const response = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(gm.token), payload: { name: 'Big map' } });
    campaignId = response.json().id;
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/datasets`, headers: bearer(gm.token), payload: { dataset_id: tome.datasetId } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues the build, reports progress on the job, then serves the map', async () => {
    const selected = tome.documents.map((d) => ({ id: d.id, dataset_id: tome.datasetId }));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/concept-map/generate`,
      headers: bearer(gm.token),
      payload: { selected_documents: selected },
    });
    expect(response.statusCode).toBe(202);
    const { job_id } = response.json();

    let job: { status: string; progress: number; error: string | null } = { status: 'queued', progress: 0, error: null };
    for (let i = 0; i < 300 && job.status !== 'completed' && job.status !== 'failed'; i++) {
      const status = await t.app.inject({ method: 'GET', url: `/api/jobs/${job_id}/status`, headers: bearer(gm.token) });
      expect(status.statusCode).toBe(200);
      job = status.json();
      if (job.status !== 'completed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ status: 'completed', progress: 100, error: null });

    const map = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/concept-map`, headers: bearer(gm.token) })).json() as ConceptMap;
    expect(map.processed_docs).toHaveLength(7);
    expect(map.job).toBeNull();
    expect(map.concepts.some((c) => c.name === 'Copper Syndicate')).toBe(true);
    expect(map.concepts.some((c) => c.name === 'Aneth Quill')).toBe(true);
    // The same document seven times over is still one set of concepts.
    expect(map.concepts.filter((c) => c.name === 'Copper Syndicate')).toHaveLength(1);

    // Everything is read now: the same selection is merged at once, without a job.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/concept-map/generate`,
      headers: bearer(gm.token),
      payload: { selected_documents: selected },
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as ConceptMap).concepts.length).toBe(map.concepts.length);
  });

  it('answers the map itself when asked to wait for the job', async () => {
    const more = await seedTome(t.services, gm.userId, {
      name: 'More notes',
      documents: Array.from({ length: 6 }, (_, i) => ({ filename: `more-${i + 1}.md`, content: i % 2 ? WOODS_NOTES : SESSION_NOTES })),
    });
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/datasets`, headers: bearer(gm.token), payload: { dataset_id: more.datasetId } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/concept-map/generate?wait=true`,
      headers: bearer(gm.token),
      payload: { selected_documents: more.documents.map((d) => ({ id: d.id, dataset_id: more.datasetId })) },
    });
    expect(response.statusCode).toBe(200);
    const map = response.json() as ConceptMap;
    expect(map.processed_docs.map((d) => d.filename).sort()).toEqual(more.documents.map((d) => d.filename).sort());
    expect(map.concepts.some((c) => c.name === 'Aneth Quill')).toBe(true);
    expect(map.concepts.some((c) => c.name === 'Copper Syndicate')).toBe(true);
  });
});

describe('a document replaced through ingestion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is fingerprinted when its passages are swapped in, so the map sees the change without hashing passages on load', async () => {
    const gm = await t.signUp();
    const datasetId = await createTome(t, gm.token, 'Harbour notes');
    const { documentId: document_id } = await uploadAndWait(t, gm.token, datasetId, 'harbour.md', new TextEncoder().encode(HARBOUR_NOTES));
    const passagesHash = async () =>
      (
        await sql<{
          hash: string;
        }>`select md5(string_agg(heading_path || chr(31) || content, chr(30) order by ordinal)) as hash from chunks where document_id = ${document_id}`.execute(
          t.services.db,
        )
      ).rows[0].hash;
    const stored = async () =>
      (await t.services.db.selectFrom('documents').select('passages_hash').where('id', '=', document_id).executeTakeFirstOrThrow()).passages_hash;
    expect(await stored()).toBe(await passagesHash());

    const campaign = (await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(gm.token), payload: { name: 'Harbour' } })).json().id;
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign}/datasets`, headers: bearer(gm.token), payload: { dataset_id: datasetId } });
    const built = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/concept-map/generate?wait=true`,
      headers: bearer(gm.token),
      payload: { selected_documents: [{ id: document_id, dataset_id: datasetId }] },
    });
    expect((built.json() as ConceptMap).processed_docs).toMatchObject([{ id: document_id, outdated: false }]);

    const before = await stored();
    const replacement = await multipart({ file: { filename: 'harbour.md', bytes: new TextEncoder().encode(WOODS_NOTES) }, document_id });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/datasets/${datasetId}/documents/${document_id}`,
      headers: { ...bearer(gm.token), ...replacement.headers },
      payload: replacement.payload,
    });
    expect(put.statusCode).toBe(202);
    expect((await waitForJob(t, gm.token, put.json().job_id)).status).toBe('completed');
    expect(await stored()).toBe(await passagesHash());
    expect(await stored()).not.toBe(before);
    const map = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign}/concept-map`, headers: bearer(gm.token) })).json() as ConceptMap;
    expect(map.processed_docs).toMatchObject([{ id: document_id, outdated: true }]);
  });
});

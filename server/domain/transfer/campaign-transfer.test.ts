import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { multipart, uploadAndWait, waitForJob } from '../../../tests/support/tome-upload';
import { buildPdf, deflatedRepeats, rawZip } from '../ingest/extract/test-fixtures';
import { CAMPAIGN_TABLES, LEFT_OUT } from './campaign-tables';
import { appTables } from './table-rows';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const harptos = readFileSync(new URL('../timeline/fixtures/fantasy-calendar/harptos.json', import.meta.url), 'utf8');

const NOTES = `# Session 12 notes

The party reached Waterdeep and met Laeral Silverhand at the Yawning Portal.

:::gm
The innkeeper Durnan secretly guards the entrance to Undermountain for the Masked Lords.
:::

On the road back they fought a band of orcs near the Sword Coast.
`;

describe('campaign export and import', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let campaignId: string;
  let archive: Uint8Array;
  const originals = new Map<string, string>();

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  async function exportOf(token: string, id: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/export`, headers: bearer(token) });
    return { response, bytes: new Uint8Array(response.rawPayload) };
  }

  async function importAs(token: string, bytes: Uint8Array, filename = 'campaign.zip') {
    const body = await multipart({ file: { filename, bytes } });
    return t.app.inject({ method: 'POST', url: '/api/campaigns/import', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  }

  async function countsOf(userId: string) {
    const count = async (table: 'campaigns' | 'datasets' | 'documents' | 'document_files' | 'timeline_events' | 'conversations' | 'jobs') =>
      Number(
        (
          await t.services.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      campaigns: await count('campaigns'),
      datasets: await count('datasets'),
      documents: await count('documents'),
      files: await count('document_files'),
      events: await count('timeline_events'),
      conversations: await count('conversations'),
      jobs: await count('jobs'),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    gm = await t.signUp();
    const lore = (await api(gm.token, 'POST', '/api/datasets', { name: 'Sword Coast Lore', description: 'Rules and places' })).json().id as string;
    const notes = (await api(gm.token, 'POST', '/api/datasets', { name: 'Session Notes' })).json().id as string;
    const pdf = buildPdf([['Waterdeep is the City of Splendors on the Sword Coast.'], ['The Yawning Portal is an inn above Undermountain.']]);
    const markdown = strToU8(NOTES);
    originals.set('waterdeep.pdf', sha256(pdf));
    originals.set('session-12.md', sha256(markdown));
    await uploadAndWait(t, gm.token, lore, 'waterdeep.pdf', pdf);
    const notesDoc = await uploadAndWait(t, gm.token, notes, 'session-12.md', markdown);
    expect(notesDoc.job.status).toBe('completed');
    const notesDocumentId = notesDoc.documentId;
    expect((await api(gm.token, 'PUT', `/api/datasets/${notes}/documents/${notesDocumentId}/visibility`, { player_visible: true })).statusCode).toBe(200);

    campaignId = (await api(gm.token, 'POST', '/api/campaigns', { name: 'Dragon Heist', description: 'Year of the Ageless One' })).json().id;
    for (const id of [lore, notes]) expect((await api(gm.token, 'POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: id })).statusCode).toBe(200);
    await t.services.db.updateTable('campaigns').set({ monthly_budget_usd: 12.5 }).where('id', '=', campaignId).execute();
    expect((await api(gm.token, 'POST', `/api/campaigns/${campaignId}/calendar/import`, JSON.parse(harptos))).statusCode).toBe(200);
    const shown = await api(gm.token, 'POST', `/api/campaigns/${campaignId}/timeline/events`, {
      title: 'Arrival in Waterdeep',
      day: 100,
      event_type: 'player_party',
      description: 'The party arrives.',
      player_visible: true,
      linked_documents: [notesDocumentId],
    });
    expect(shown.statusCode).toBe(201);
    const hidden = await api(gm.token, 'POST', `/api/campaigns/${campaignId}/timeline/events`, {
      title: 'The Masked Lords meet',
      day: 101,
      event_type: 'npc_event',
    });
    expect(hidden.statusCode).toBe(201);
    const chat = await api(gm.token, 'POST', `/api/campaigns/${campaignId}/chat`, { query: 'Where is the Yawning Portal?' });
    expect(chat.statusCode).toBe(200);
    // A proposal from the session note and a concept map with a relationship (written directly: their engines are tested elsewhere).
    const { db } = t.services;
    await db
      .insertInto('timeline_proposals')
      .values({
        campaign_id: campaignId,
        user_id: gm.userId,
        document_id: notesDocumentId,
        fingerprint: 'f1',
        title: 'Fight with orcs',
        event_day: 102,
        event_type: 'battle',
        participants: JSON.stringify(['orcs']),
        quote: 'fought a band of orcs',
        quote_start: 10,
        quote_end: 30,
        engine: 'offline',
      })
      .execute();
    await db
      .insertInto('concept_maps')
      .values({
        campaign_id: campaignId,
        user_id: gm.userId,
        settings: JSON.stringify({ show_labels: true, min_strength: 0.2, layout: 'force' }),
        engine: 'offline',
      })
      .execute();
    const [a, b] = await db
      .insertInto('concept_map_concepts')
      .values([
        { campaign_id: campaignId, key: 'waterdeep', name: 'Waterdeep', type: 'location', aliases: JSON.stringify(['City of Splendors']) },
        { campaign_id: campaignId, key: 'durnan', name: 'Durnan', type: 'character', aliases: JSON.stringify([]) },
      ])
      .returning('id')
      .execute();
    await db.insertInto('concept_map_sources').values({ concept_id: a!.id, document_id: notesDocumentId, ordinal: 0, quote: 'Waterdeep' }).execute();
    await db
      .insertInto('concept_map_relationships')
      .values({ campaign_id: campaignId, source_id: b!.id, target_id: a!.id, relationship: 'lives in', strength: 3 })
      .execute();

    const exported = await exportOf(gm.token, campaignId);
    expect(exported.response.statusCode).toBe(200);
    archive = exported.bytes;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it('exports a zip attachment with a manifest, every table, the Fantasy-Calendar file and each original byte for byte', async () => {
    const { response } = await exportOf(gm.token, campaignId);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Dragon Heist.tomekeeper.zip"/);
    const entries = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
    expect(manifest).toMatchObject({ format: 'tomekeeper-campaign', version: 1, campaign: { id: campaignId, name: 'Dragon Heist' } });
    expect(manifest.tables).toMatchObject({ campaigns: 1, datasets: 2, documents: 2, timeline_events: 2, timeline_proposals: 1, concept_map_concepts: 2 });
    expect(manifest.tables.messages).toBeGreaterThanOrEqual(2);
    const events = new TextDecoder().decode(entries['tables/timeline_events.jsonl']);
    expect(events).toContain('"player_visible":false');
    const calendar = JSON.parse(new TextDecoder().decode(entries['calendar/fantasy-calendar.json']));
    expect(JSON.stringify(calendar)).toContain('Hammer');
    const sums = new Set(manifest.files.map((f: { path: string }) => sha256(entries[f.path]!)));
    expect(sums).toEqual(new Set(originals.values()));
  });

  it('answers 404 to anyone but the GM: another user and a seated player alike', async () => {
    const stranger = await t.signUp();
    expect((await exportOf(stranger.token, campaignId)).response.statusCode).toBe(404);
    const player = await t.signUp();
    await t.services.db.insertInto('campaign_members').values({ campaign_id: campaignId, user_id: player.userId }).execute();
    const refused = (await exportOf(player.token, campaignId)).response;
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('Campaign not found');
    expect((await exportOf(gm.token, 'not-a-uuid')).response.statusCode).toBe(404);
  });

  it('imports as another user: every field equal, tomes renamed on a clash, documents processed again from the same bytes', async () => {
    const other = await t.signUp();
    expect((await api(other.token, 'POST', '/api/datasets', { name: 'Session Notes' })).statusCode).toBe(201);
    const imported = await importAs(other.token, archive);
    expect(imported.statusCode).toBe(201);
    const campaign = imported.json().campaign;
    expect(campaign).toMatchObject({ name: 'Dragon Heist', description: 'Year of the Ageless One' });
    expect(campaign.id).not.toBe(campaignId);
    const jobs = await t.services.db.selectFrom('jobs').select('id').where('user_id', '=', other.userId).execute();
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect((await waitForJob(t, other.token, job.id)).status).toBe('completed');

    const again = unzipSync((await exportOf(other.token, campaign.id)).bytes);
    const first = unzipSync(archive);
    const tomeNames = (entries: Record<string, Uint8Array>) => rowsOf(entries, 'datasets').map((d) => d.name);
    expect(tomeNames(again).sort()).toEqual(['Session Notes (imported)', 'Sword Coast Lore']);
    for (const spec of CAMPAIGN_TABLES) {
      // Rows ordered by ids come in another order under new ids: compared as sets.
      const before = rowsOf(first, spec.table)
        .map((row) => comparable(spec.table, row))
        .sort(byJson);
      const after = rowsOf(again, spec.table)
        .map((row) => comparable(spec.table, row))
        .sort(byJson);
      expect(after, spec.table).toEqual(before);
    }
    const manifest = JSON.parse(new TextDecoder().decode(again['manifest.json']));
    expect(new Set(manifest.files.map((f: { path: string }) => sha256(again[f.path]!)))).toEqual(new Set(originals.values()));
    // The GM-only passage is GM-only again.
    const gmOnly = await t.services.db.selectFrom('chunks').select('content').where('user_id', '=', other.userId).where('gm_only', '=', true).execute();
    expect(gmOnly.map((c) => c.content).join(' ')).toContain('Durnan');
  });

  it('refuses damaged, foreign and hostile archives, naming the problem, and writes nothing', async () => {
    const victim = await t.signUp();
    const before = await countsOf(victim.userId);
    const entries = unzipSync(archive);
    const withEntries = (changes: Record<string, Uint8Array | null>) => {
      const copy: Record<string, Uint8Array> = { ...entries };
      for (const [name, bytes] of Object.entries(changes)) {
        if (bytes === null) delete copy[name];
        else copy[name] = bytes;
      }
      return zipSync(copy);
    };
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
    const firstFile = manifest.files[0].path as string;
    const cases: Array<[string, Uint8Array, number, RegExp]> = [
      ['garbage', strToU8('this is not a zip at all'), 400, /not a zip archive/],
      ['empty zip', zipSync({}), 422, /no manifest\.json/],
      ['foreign zip', zipSync({ 'manifest.json': strToU8('{"name":"something else"}') }), 422, /not that of a Tomekeeper campaign export/],
      ['later version', withEntries({ 'manifest.json': strToU8(JSON.stringify({ ...manifest, version: 99 })) }), 422, /format version 99/],
      ['zip slip', withEntries({ '../../etc/cron.d/evil': strToU8('* * * * * root rm -rf /') }), 400, /unsafe path/],
      ['absolute path', withEntries({ '/tmp/evil': strToU8('x') }), 400, /unsafe path/],
      ['changed bytes', withEntries({ [firstFile]: strToU8('tampered') }), 422, /damaged/],
      ['missing table', withEntries({ 'tables/timeline_events.jsonl': null }), 422, /timeline_events\.jsonl is missing/],
      ['bad row', withEntries({ 'tables/timeline_events.jsonl': strToU8('[1,2,3]\n{}') }), 422, /not a row|rows/],
      [
        'unknown column',
        withEntries({
          'tables/concept_map_concepts.jsonl': strToU8(
            rowsOf(entries, 'concept_map_concepts')
              .map((r) => JSON.stringify({ ...r, evil: 1 }))
              .join('\n'),
          ),
        }),
        422,
        /column this server does not know \(evil\)/,
      ],
      [
        'bad value',
        withEntries({
          'tables/timeline_events.jsonl': strToU8(
            rowsOf(entries, 'timeline_events')
              .map((r) => JSON.stringify({ ...r, event_day: 'soon' }))
              .join('\n'),
          ),
        }),
        422,
        /timeline_events/,
      ],
      ['zip bomb', rawZip([{ name: 'manifest.json', method: 8, data: deflatedRepeats(64), declaredSize: 64 * 1024 * 1024 }]), 413, /zip bomb|too much/],
    ];
    for (const [label, bytes, status, message] of cases) {
      const response = await importAs(victim.token, bytes);
      expect(response.statusCode, label).toBe(status);
      expect(response.json().error, label).toMatch(message);
    }
    expect(await countsOf(victim.userId)).toEqual(before);
    const unattached = await t.services.db.selectFrom('document_files').select('id').where('document_id', 'is', null).execute();
    expect(unattached).toEqual([]);
  });

  it('has every table of the database either exported or left out with a reason', async () => {
    const classified = new Set([...CAMPAIGN_TABLES.map((s) => s.table), ...Object.keys(LEFT_OUT)]);
    const unclassified = (await appTables(t.services.db)).filter((table) => !classified.has(table));
    expect(unclassified, 'add each new table to CAMPAIGN_TABLES or LEFT_OUT in campaign-tables.ts').toEqual([]);
  });
});

const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

function rowsOf(entries: Record<string, Uint8Array>, table: string): Array<Record<string, unknown>> {
  const text = new TextDecoder().decode(entries[`tables/${table}.jsonl`] ?? new Uint8Array());
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

// What must come back equal: every field but ids, references, owners, the re-ingest's timestamps and the clash-renamed tome name.
function comparable(table: string, row: Record<string, unknown>) {
  const spec = CAMPAIGN_TABLES.find((s) => s.table === table)!;
  const out: Record<string, unknown> = { ...row };
  for (const column of [spec.id, ...Object.keys(spec.refs ?? {}), ...(spec.owner ?? []), 'job_id']) if (column) delete out[column];
  if (table === 'datasets') delete out.name;
  if (table === 'documents') {
    delete out.updated_at;
    delete out.text_version; // the id of the extracted text's version, made anew by the ingest
  }
  if (table === 'document_files') delete out.created_at;
  if (table === 'messages') {
    delete out.id;
    out.citations = (out.citations as Array<Record<string, unknown>>).map(({ document_id, dataset_id, ...rest }) => ({
      ...rest,
      document_id: document_id ? 'mapped' : null,
      dataset_id: dataset_id ? 'mapped' : null,
    }));
  }
  if (table === 'document_files') delete out.id;
  return out;
}

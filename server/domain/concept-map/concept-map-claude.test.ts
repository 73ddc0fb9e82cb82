import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClaudeGenerator } from '../../ai/claude';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { costOf } from '../../ai/pricing';
import { storePassagesHash } from '../ingest/passages-hash';
import { startFakeAnthropic, type CapturedAnthropicRequest, type FakeAnthropic } from '../../../tests/support/fake-anthropic';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { claudeExtractionSchema } from './extract';
import type { ConceptMap } from './map-store';
import { HARBOUR_NOTES, SESSION_NOTES, WOODS_NOTES } from './test-notes';

const MODEL = 'claude-haiku-4-5';

/** What Claude "reads" in each note: the same people under other spellings, and one strength out of range. */
function toolInputFor(request: CapturedAnthropicRequest): unknown {
  const prompt = JSON.stringify(request.body.messages);
  if (prompt.includes('Gilded Heron, a smuggling cutter')) {
    return {
      concepts: [
        { name: 'Captain Idris Thornvale', type: 'character', description: 'Smuggler captain of the Gilded Heron.', aliases: ['Thornvale'] },
        { name: 'Gilded Heron', type: 'item', description: 'A smuggling cutter.' },
        { name: 'Copper Syndicate', type: 'faction', description: 'A guild of smugglers who control the docks.' },
        { name: 'Oriel Vask', type: 'character', description: 'Leader of the Copper Syndicate.', aliases: ['Madam Vask'] },
        { name: 'Lantern of Ketter', type: 'artifact', description: 'A cursed artifact that shows the way to drowned treasure.' },
        { name: 'Brinehollow', type: 'location', description: 'A harbour town.' },
      ],
      relationships: [
        { source: 'Thornvale', target: 'Copper Syndicate', relationship: 'serves', strength: 6 },
        { source: 'Oriel Vask', target: 'Copper Syndicate', relationship: 'leads', strength: 9 },
        { source: 'Madam Vask', target: 'Lantern of Ketter', relationship: 'keeps', strength: 14 },
        { source: 'Captain Idris Thornvale', target: 'Gilded Heron', relationship: 'commands', strength: 8 },
      ],
    };
  }
  if (prompt.includes('Session 4')) {
    const fled = prompt.includes('Ashfen Marsh');
    return {
      concepts: [
        { name: 'Idris Thornvale', type: 'person', description: 'Betrayed the Copper Syndicate.' },
        { name: 'The Copper Syndicate', type: 'organization', description: 'Smugglers.' },
        { name: 'Madam Oriel Vask', type: 'character', description: 'Swore revenge on Thornvale.' },
        { name: fled ? 'Ashfen Marsh' : 'Greyfen Isle', type: 'location', description: 'Where Thornvale fled.' },
      ],
      relationships: [
        { source: 'Idris Thornvale', target: 'Copper Syndicate', relationship: 'serves', strength: 4 },
        { source: 'Idris Thornvale', target: fled ? 'Ashfen Marsh' : 'Greyfen Isle', relationship: 'sails to', strength: 5 },
        { source: 'Madam Oriel Vask', target: 'Idris Thornvale', relationship: 'swears revenge on', strength: 7 },
      ],
    };
  }
  return {
    concepts: [
      { name: 'Aneth Quill', type: 'character', description: 'A druid.' },
      { name: 'Mossveil Wood', type: 'location', description: 'A forest.' },
    ],
    relationships: [{ source: 'Aneth Quill', target: 'Mossveil Wood', relationship: 'guards', strength: 7 }],
  };
}

describe('concept map through Claude (the fake Messages API)', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  let gm: { token: string; userId: string };
  let tome: SeededTome;
  let campaignId: string;
  const selection = (seeded: SeededTome, ...filenames: string[]) =>
    filenames.map((filename) => ({ id: seeded.documents.find((d) => d.filename === filename)!.id, dataset_id: seeded.datasetId }));

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: fake.url, model: MODEL, maxRetries: 0, timeoutMs: 5_000 });
    t = await createTestApp({ ai: { generator, embedder: new OfflineEmbedder(), engine: 'claude' } });
    gm = await t.signUp();
    tome = await seedTome(t.services, gm.userId, {
      name: 'Saltmarsh',
      documents: [
        { filename: 'harbour.md', content: HARBOUR_NOTES },
        { filename: 'session-4.md', content: SESSION_NOTES },
        { filename: 'woods.md', content: WOODS_NOTES },
        { filename: 'woods-copy.md', content: WOODS_NOTES },
        { filename: 'woods-again.md', content: WOODS_NOTES },
      ],
    });
    campaignId = (await call('POST', '/api/campaigns', { name: 'Saltmarsh' })).json().id;
    await call('POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: tome.datasetId });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    fake.setDefault((request) => ({ kind: 'tool', input: toolInputFor(request) }));
  });

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(gm.token), ...(payload ? { payload } : {}) });
  }
  const generate = (selected: Array<{ id: string; dataset_id: string }>) =>
    call('POST', `/api/campaigns/${campaignId}/concept-map/generate`, { selected_documents: selected });

  it('sends each document’s passages with the extraction tool forced, and merges what comes back', async () => {
    const response = await generate(selection(tome, 'harbour.md', 'session-4.md'));
    expect(response.statusCode).toBe(200);
    const map = response.json() as ConceptMap;

    // One request per document here (their passages fit one batch), each well-formed.
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      expect(request.body.model).toBe(MODEL);
      expect(request.body.tools).toEqual([{ name: 'record_concepts', description: expect.any(String), input_schema: claudeExtractionSchema }]);
      expect(request.body.tool_choice).toEqual({ type: 'tool', name: 'record_concepts' });
      expect(request.body.max_tokens).toBeGreaterThanOrEqual(1024);
      expect(JSON.stringify(request.body.system)).toMatch(/concept map/i);
    }
    const harbourPrompt = JSON.stringify(fake.requests[0].body.messages);
    expect(harbourPrompt).toContain('harbour.md');
    expect(harbourPrompt).toContain('Captain Idris Thornvale commands the Gilded Heron');
    expect(harbourPrompt).toContain('Sergeant Bel Harrow leads the Tidewardens');
    expect(harbourPrompt).toContain('The Saltmarsh Conspiracy > Rumours');
    expect(JSON.stringify(fake.requests[1].body.messages)).toContain('Oriel Vask swore revenge on Thornvale');

    const byName = (pattern: RegExp) => map.concepts.filter((concept) => pattern.test(concept.name));
    // 'Captain Idris Thornvale' / 'Thornvale' / 'Idris Thornvale', and 'Oriel Vask' / 'Madam Oriel Vask', are one concept each.
    expect(byName(/Thornvale/)).toHaveLength(1);
    expect(byName(/Oriel Vask/)).toHaveLength(1);
    expect(byName(/Copper Syndicate/)).toHaveLength(1);
    const thornvale = byName(/Thornvale/)[0];
    expect(thornvale).toMatchObject({ type: 'character', description: 'Smuggler captain of the Gilded Heron.' });
    expect(thornvale.sources).toBe(2);
    expect(thornvale.source_passages.map((p) => p.filename).sort()).toEqual(['harbour.md', 'session-4.md']);
    expect(byName(/Copper Syndicate/)[0].type).toBe('organization');
    expect(byName(/Lantern of Ketter/)[0].type).toBe('item');

    const edge = (source: RegExp, label: string, target: RegExp) =>
      map.relationships.find((r) => r.source === byName(source)[0]?.id && r.target === byName(target)[0]?.id && r.relationship === label);
    // Both documents say Thornvale serves the Syndicate: one relationship, counted twice and strengthened.
    const serves = edge(/Thornvale/, 'serves', /Copper Syndicate/)!;
    expect(serves.count).toBe(2);
    expect(serves.strength).toBeGreaterThan(6);
    expect(map.relationships.filter((r) => r.relationship === 'serves')).toHaveLength(1);
    expect(edge(/Oriel Vask/, 'keeps', /Lantern of Ketter/)?.strength).toBe(10);
    expect(edge(/Oriel Vask/, 'swears revenge on', /Thornvale/)).toBeDefined();
    for (const relationship of map.relationships) {
      expect(relationship.strength).toBeGreaterThanOrEqual(1);
      expect(relationship.strength).toBeLessThanOrEqual(10);
    }
    expect(map.engine).toBe('claude');

    // Each request is recorded under concept_map at its price.
    const events = await t.services.db.selectFrom('usage_events').selectAll().where('user_id', '=', gm.userId).execute();
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(event).toMatchObject({ feature: 'concept_map', model: MODEL });
      expect(event.input_tokens + event.cache_write_tokens + event.cache_read_tokens).toBeGreaterThan(0);
      const cost = costOf(MODEL, {
        inputTokens: event.input_tokens,
        outputTokens: event.output_tokens,
        cacheReadTokens: event.cache_read_tokens,
        cacheWriteTokens: event.cache_write_tokens,
      });
      expect(Number(event.cost_usd)).toBeCloseTo(cost, 6);
      expect(cost).toBeGreaterThan(0);
    }
    const usage = (await call('GET', '/api/usage/current-month')).json();
    expect(usage.month_data.usage_breakdown.concept_map.calls).toBe(2);
  });

  it('pays only for new and changed documents on update', async () => {
    // Nothing changed: merged from what is stored, without a request.
    const same = await generate(selection(tome, 'harbour.md', 'session-4.md'));
    expect(same.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(0);

    // One new document: one request.
    const added = (await generate(selection(tome, 'harbour.md', 'session-4.md', 'woods.md'))).json() as ConceptMap;
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(fake.requests[0].body.messages)).toContain('Aneth Quill');
    expect(added.concepts.some((c) => c.name === 'Aneth Quill')).toBe(true);

    // The session notes are edited: only they are read again.
    fake.reset();
    fake.setDefault((request) => ({ kind: 'tool', input: toolInputFor(request) }));
    const sessionId = selection(tome, 'session-4.md')[0].id;
    await t.services.db
      .updateTable('chunks')
      .set({ content: 'Idris Thornvale betrayed the Copper Syndicate and fled to the Ashfen Marsh.' })
      .where('document_id', '=', sessionId)
      .where('ordinal', '=', 1)
      .execute();
    // What ingestion does when it swaps a document's new passages in.
    await storePassagesHash(t.services.db, sessionId);
    const changed = (await generate(selection(tome, 'harbour.md', 'session-4.md', 'woods.md'))).json() as ConceptMap;
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(fake.requests[0].body.messages)).toContain('Ashfen Marsh');
    expect(changed.concepts.some((c) => c.name === 'Ashfen Marsh')).toBe(true);
    expect(changed.concepts.some((c) => c.name === 'Greyfen Isle')).toBe(false);
  });

  it('keeps what was read when Claude fails partway, and answers the failure', async () => {
    const before = (await call('GET', `/api/campaigns/${campaignId}/concept-map`)).json();
    fake.setNext({ kind: 'tool', input: toolInputFor({ body: { messages: [] } } as never) });
    fake.setNext({ kind: 'error', status: 529 });
    const failed = await generate(selection(tome, 'harbour.md', 'woods-copy.md', 'woods-again.md'));
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toEqual(expect.any(String));
    expect(fake.requests).toHaveLength(2);
    expect((await call('GET', `/api/campaigns/${campaignId}/concept-map`)).json()).toEqual(before);

    // The retry pays only for the document that failed.
    fake.reset();
    fake.setDefault((request) => ({ kind: 'tool', input: toolInputFor(request) }));
    const retried = await generate(selection(tome, 'harbour.md', 'woods-copy.md', 'woods-again.md'));
    expect(retried.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(1);
    expect((retried.json() as ConceptMap).processed_docs.map((d) => d.filename).sort()).toEqual(['harbour.md', 'woods-again.md', 'woods-copy.md']);
  });

  it('answers 502 when Claude’s structured answer cannot be read', async () => {
    const fresh = await seedTome(t.services, gm.userId, { name: 'Odd', documents: [{ filename: 'odd.md', content: WOODS_NOTES }] });
    await call('POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: fresh.datasetId });
    fake.setNext({ kind: 'tool', input: { concepts: 'a lich, a crown', relationships: 'many' } });
    const response = await generate(selection(fresh, 'odd.md'));
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/could not be read/);
  });
});

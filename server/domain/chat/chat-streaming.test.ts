import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ClaudeGenerator } from '../../ai/claude';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { OFFLINE_NOTE, OfflineGenerator } from '../../ai/offline-generator';
import type { Embedder } from '../../ai/types';
import { startFakeAnthropic, type FakeAnthropic } from '../../../tests/support/fake-anthropic';
import { seedTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

/*
 * The stream's shape over a real socket: text reaches the reader while the server is still
 * working on the rest. Each test holds back the rest of the work (the passage search, or
 * Claude's message) until the reader has seen the first `delta`; a server that sent nothing
 * until the end would never release it, and the test would time out.
 */

const RULES = `# Adventuring

## Falling

At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6. The creature lands prone, unless it avoids taking damage from the fall.

## Suffocating

A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds). When a creature runs out of breath, it can survive for a number of rounds equal to its Constitution modifier.`;

interface StreamEvent {
  event: string;
  data: any;
}

/** Reads the SSE response as it arrives; `firstDelta` settles when the first delta event has been read. */
function readStream(response: Response) {
  let seeFirstDelta!: () => void;
  const firstDelta = new Promise<void>((resolve) => (seeFirstDelta = resolve));
  const events = (async () => {
    const seen: StreamEvent[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += value;
      let boundary = buffer.indexOf('\n\n');
      while (boundary !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        boundary = buffer.indexOf('\n\n');
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
        seen.push({ event, data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') });
        if (event === 'delta') seeFirstDelta();
      }
      if (done) return seen;
    }
  })();
  return { firstDelta, events };
}

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function campaignWithRules(t: TestApp, token: string, userId: string): Promise<string> {
  const rules = await seedTome(t.services, userId, { name: 'Rules', documents: [{ filename: 'rules.md', content: RULES }] });
  const campaign = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(token), payload: { name: 'Saltmere' } });
  const campaignId = campaign.json().id as string;
  await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/datasets`, headers: bearer(token), payload: { dataset_id: rules.datasetId } });
  return campaignId;
}

function ask(base: string, token: string, campaignId: string, query: string) {
  return fetch(`${base}/api/campaigns/${campaignId}/chat`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query }),
  });
}

describe('campaign chat streaming, offline engine', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sends the engine’s opening before the passages are found, then the answer sentence by sentence', async () => {
    // The question's embedding (the first step of the search) waits for the reader's first delta.
    let releaseSearch!: () => void;
    const searchReleased = new Promise<void>((resolve) => (releaseSearch = resolve));
    const offline = new OfflineEmbedder();
    const embedder: Embedder = {
      model: offline.model,
      dimensions: offline.dimensions,
      async embed(texts, inputType) {
        if (inputType === 'query') await searchReleased;
        return offline.embed(texts, inputType);
      },
    };
    t = await createTestApp({ ai: { generator: new OfflineGenerator(), embedder, engine: 'offline' } });
    const gm = await t.signUp();
    const campaignId = await campaignWithRules(t, gm.token, gm.userId);
    const base = await listening(t);

    const response = await ask(base, gm.token, campaignId, 'How long can a creature hold its breath, and what happens when it runs out?');
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = readStream(response);
    await stream.firstDelta;
    releaseSearch();
    const events = await stream.events;

    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(deltas[0]).toBe(`${OFFLINE_NOTE}\n\n`);
    expect(deltas.join('')).toBe(done.data.response);
    // The note, the lead, then at least one piece per cited sentence.
    expect(done.data.citations.length).toBeGreaterThan(0);
    expect(deltas.length).toBeGreaterThanOrEqual(2 + done.data.citations.length);
    for (let n = 1; n <= done.data.citations.length; n++) expect(deltas.some((d) => d.trimEnd().endsWith(`[${n}]`))).toBe(true);
  });
});

describe('campaign chat streaming, Claude (the fake Messages API)', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('passes each delta on as it arrives from the API', async () => {
    fake = await startFakeAnthropic({ chunkSize: 8 });
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: fake.url, model: 'claude-haiku-4-5', maxRetries: 0, timeoutMs: 5_000 });
    t = await createTestApp({ ai: { generator, embedder: new OfflineEmbedder(), engine: 'claude' } });
    const gm = await t.signUp();
    const campaignId = await campaignWithRules(t, gm.token, gm.userId);
    const base = await listening(t);

    let releaseRest!: () => void;
    fake.setNext({
      kind: 'answer',
      text: 'A creature can hold its breath for 1 + its Constitution modifier minutes, at least 30 seconds.',
      holdAfterFirstText: new Promise<void>((resolve) => (releaseRest = resolve)),
    });
    const stream = readStream(await ask(base, gm.token, campaignId, 'How long can a creature hold its breath?'));
    await stream.firstDelta;
    releaseRest();
    const events = await stream.events;

    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.engine).toBe('claude');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(done.data.response);
  });
});

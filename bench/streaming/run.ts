/**
 * Campaign chat streaming at PASSAGES passages (default 10,000) in the campaign's linked tome,
 * offline engine, the real app listening on a socket (fetch as the browser does).
 *   node_modules/.bin/tsx bench/streaming/run.ts        (PASSAGES=30000 RUNS=9 to vary)
 * Per run, one after another in the same process:
 * - the stream (Accept: text/event-stream): time to the response headers, to the first `delta`,
 *   to the first delta after the opening (the first quoted words), to `done`, and the gaps
 *   between deltas;
 * - the same question as JSON (the whole answer at once: what a reader waited for before the
 *   answer streamed);
 * - an anchor: GET /api/health.
 * Embedded database (PGlite) by default; TEST_DATABASE_URL=postgres://… runs it on a server.
 */
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { embeddingText, storedVector } from '../../server/domain/ingest/vectors';
import { bearer, createTestApp } from '../../tests/support/test-app';

const PASSAGES = Number(process.env.PASSAGES ?? 10_000);
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 40);
const RUNS = Number(process.env.RUNS ?? 7);

const TOPICS = [
  'A creature can hold its breath for a number of minutes equal to 1 plus its Constitution modifier, minimum of 30 seconds.',
  'At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6.',
  'A target with half cover has a +2 bonus to AC and Dexterity saving throws.',
  'A long rest is a period of extended downtime, at least 8 hours long.',
  'The harbour guild of smugglers meets at night beneath the old lighthouse where the captain waits.',
  'Whenever you start your turn with 0 hit points, you must make a death saving throw.',
  'A grappled creature can use its action to escape with a Strength (Athletics) or Dexterity (Acrobatics) check.',
  'Difficult terrain costs 1 extra foot of movement for every foot you move through it.',
];
const FILLER = 'ancient tower river duke goblin tavern wizard crown storm vault forest bridge oath raven ember frost market temple'.split(' ');

function passageText(document: number, ordinal: number): string {
  const sentences = [TOPICS[(document + ordinal) % TOPICS.length]];
  for (let s = 0; s < 4; s++) {
    sentences.push(`${Array.from({ length: 18 }, (_, w) => FILLER[(ordinal * 7 + document * 3 + s * 5 + w * 11) % FILLER.length]).join(' ')}.`);
  }
  return sentences.join(' ');
}

const QUESTIONS = [
  'How long can a creature hold its breath?',
  'How much damage does a creature take from a fall of 60 feet?',
  'What bonus does half cover give?',
  'How long is a long rest?',
];

/** The reader, as plain JavaScript for a worker thread: one warm-up, then RUNS rounds of anchor, stream, JSON. */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, campaignId, token, questions, runs } = workerData;
const chatUrl = base + '/api/campaigns/' + campaignId + '/chat';
const post = (query, accept) => fetch(chatUrl, { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json', accept }, body: JSON.stringify({ query }) });
async function streamOnce(query) {
  const started = performance.now();
  const response = await post(query, 'text/event-stream');
  const headers = performance.now() - started;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const deltaTimes = [];
  let buffer = '';
  let done = NaN;
  for (;;) {
    const { value, done: ended } = await reader.read();
    const now = performance.now() - started;
    if (value) buffer += value;
    for (let b = buffer.indexOf('\\n\\n'); b !== -1; b = buffer.indexOf('\\n\\n')) {
      const event = /^event: (.*)$/m.exec(buffer.slice(0, b))?.[1];
      buffer = buffer.slice(b + 2);
      if (event === 'delta') deltaTimes.push(now);
      if (event === 'done') done = now;
      if (event === 'error') throw new Error('the stream ended with an error');
    }
    if (ended) break;
  }
  const gaps = deltaTimes.slice(2).map((time, i) => time - deltaTimes[i + 1]);
  return { headers, first: deltaTimes[0], firstQuoted: deltaTimes[1], done, deltas: deltaTimes.length, gaps };
}
async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
(async () => {
  await streamOnce(questions[0]);
  await (await post(questions[0], 'application/json')).json();
  const samples = { anchor: [], headers: [], first: [], firstQuoted: [], done: [], json: [], gaps: [], deltas: [] };
  for (let run = 0; run < runs; run++) {
    const query = questions[run % questions.length];
    samples.anchor.push(await timed(async () => (await fetch(base + '/api/health')).text()));
    const streamed = await streamOnce(query);
    for (const key of ['headers', 'first', 'firstQuoted', 'done', 'deltas']) samples[key].push(streamed[key]);
    samples.gaps.push(...streamed.gaps);
    samples.json.push(await timed(async () => (await post(query, 'application/json')).json()));
  }
  parentPort.postMessage(samples);
})();
`;

const t = await createTestApp();
try {
  const { db } = t.services;
  const embedder = new OfflineEmbedder();
  const user = await t.signUp('benchstream');
  const dataset = await db
    .insertInto('datasets')
    .values({ user_id: user.userId, name: 'Bench rules', description: '', metadata: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const perDocument = Math.ceil(PASSAGES / DOCUMENTS);
  for (let d = 0; d < DOCUMENTS; d++) {
    const document = await db
      .insertInto('documents')
      .values({ dataset_id: dataset.id, user_id: user.userId, filename: `rules-${d}.md`, file_type: 'md', status: 'ready', updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < perDocument; start += 250) {
      const rows = Array.from({ length: Math.min(250, perDocument - start) }, (_, i) => ({
        document_id: document.id,
        dataset_id: dataset.id,
        user_id: user.userId,
        ordinal: start + i,
        heading_path: `Rules ${d}`,
        page: null,
        content: passageText(d, start + i),
        token_count: 120,
      }));
      const { vectors } = await embedder.embed(
        rows.map((row) => embeddingText({ headingPath: row.heading_path, content: row.content })),
        'document',
      );
      const inserted = await db.insertInto('chunks').values(rows).returning('id').execute();
      await db
        .insertInto('chunk_embeddings')
        .values(inserted.map((row, i) => ({ chunk_id: row.id, model: embedder.model, embedding: storedVector(vectors[i]) })))
        .execute();
    }
  }
  await sql`analyze`.execute(db);
  const campaign = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(user.token), payload: { name: 'Bench' } });
  const campaignId = campaign.json().id as string;
  await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/datasets`, headers: bearer(user.token), payload: { dataset_id: dataset.id } });

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The reader runs in a worker thread: PGlite works on this thread's event loop, and a reader
  // sharing it would only see bytes when the server's work is over, whatever the server sent.
  const reader = new Worker(READER, { eval: true, workerData: { base, campaignId, token: user.token, questions: QUESTIONS, runs: RUNS } });
  const samples = await new Promise<Record<'anchor' | 'headers' | 'first' | 'firstQuoted' | 'done' | 'json' | 'gaps' | 'deltas', number[]>>((resolve, reject) => {
    reader.once('message', resolve);
    reader.once('error', reject);
  });
  await reader.terminate();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const fmt = (values: number[]) => `${Math.min(...values).toFixed(1)} / ${median(values).toFixed(1)} / ${Math.max(...values).toFixed(1)} ms`;
  const ratio = (values: number[]) => `${(median(values) / median(samples.anchor)).toFixed(1)}`;
  console.log(
    `${PASSAGES.toLocaleString('en-US')} passages in ${DOCUMENTS} linked documents, offline engine, ${RUNS} runs (${process.env.TEST_DATABASE_URL ? 'Postgres server' : 'PGlite'})`,
  );
  console.log('| measure | min / median / max | median ÷ anchor |');
  console.log('|---|---|---|');
  console.log(`| anchor: GET /api/health | ${fmt(samples.anchor)} | 1.0 |`);
  console.log(`| stream: response headers | ${fmt(samples.headers)} | ${ratio(samples.headers)} |`);
  console.log(`| stream: first text (the engine's opening) | ${fmt(samples.first)} | ${ratio(samples.first)} |`);
  console.log(`| stream: first quoted text (after retrieval) | ${fmt(samples.firstQuoted)} | ${ratio(samples.firstQuoted)} |`);
  console.log(`| stream: done | ${fmt(samples.done)} | ${ratio(samples.done)} |`);
  console.log(`| JSON: whole answer | ${fmt(samples.json)} | ${ratio(samples.json)} |`);
  console.log(
    `| gap between later deltas (${samples.gaps.length} gaps, ${Math.min(...samples.deltas)}-${Math.max(...samples.deltas)} deltas per answer) | ${fmt(samples.gaps)} | |`,
  );
} finally {
  await t.close();
}

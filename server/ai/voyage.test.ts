import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeVoyageEmbedding, startFakeVoyage, type FakeVoyage } from '../../tests/support/fake-voyage';
import { AiProviderError } from './errors';
import { planBatches } from './embedding-batches';
import { VoyageEmbedder, voyageApiRoot } from './voyage';

const norm = (vector: number[]) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i], 0) / (norm(a) * norm(b));

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

describe('VoyageEmbedder against the fake embeddings API', () => {
  let fake: FakeVoyage;
  let voyage: VoyageEmbedder;

  beforeAll(async () => {
    fake = await startFakeVoyage();
    // The bare origin, as VOYAGE_BASE_URL might be set: /v1 is appended.
    voyage = new VoyageEmbedder({ apiKey: 'voyage-key', baseUrl: fake.url, model: 'voyage-3.5', maxRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  it('embeds 300 texts in three requests of at most 128, in order, 512-dimensional and normalised', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `Chunk ${i}: the owlbear attacks the ranger in room ${i}.`);
    const result = await voyage.embed(texts, 'document');

    expect(fake.requests.map((request) => (request.body.input as string[]).length)).toEqual([128, 128, 44]);
    for (const { body, headers, path } of fake.requests) {
      expect(path).toBe('/v1/embeddings');
      expect(headers.authorization).toBe('Bearer voyage-key');
      expect(body).toMatchObject({ model: 'voyage-3.5', input_type: 'document', output_dimension: 512 });
    }
    expect(result.vectors).toHaveLength(300);
    for (const vector of result.vectors) {
      expect(vector).toHaveLength(512);
      expect(norm(vector)).toBeCloseTo(1, 6);
    }
    expect(cosine(result.vectors[0], fakeVoyageEmbedding(texts[0], 512))).toBeCloseTo(1, 9);
    expect(cosine(result.vectors[299], fakeVoyageEmbedding(texts[299], 512))).toBeCloseTo(1, 9);
    expect(cosine(result.vectors[0], result.vectors[299])).toBeLessThan(0.99);
    const expectedTokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    expect(result.tokens).toBe(expectedTokens);
  });

  it('sends queries as input_type query', async () => {
    const result = await voyage.embed(['How long can I hold my breath?'], 'query');
    expect(fake.requests[0].body.input_type).toBe('query');
    expect(result.vectors).toHaveLength(1);
  });

  it('keeps each request within the token budget', async () => {
    const budgeted = new VoyageEmbedder({ apiKey: 'k', baseUrl: fake.baseUrl, model: 'voyage-3.5', batchTokenBudget: 1_000 });
    const texts = Array.from({ length: 10 }, () => 'x'.repeat(1_600)); // about 400 tokens each
    await budgeted.embed(texts, 'document');
    expect(fake.requests.map((request) => (request.body.input as string[]).length)).toEqual([2, 2, 2, 2, 2]);
  });

  it('does not send blank texts, and still returns a unit vector for them', async () => {
    const result = await voyage.embed(['', 'Fireball deals 8d6 fire damage.', '   '], 'document');
    expect(fake.requests[0].body.input).toEqual(['Fireball deals 8d6 fire damage.']);
    expect(result.vectors).toHaveLength(3);
    expect(norm(result.vectors[0])).toBeCloseTo(1, 6);
    expect(cosine(result.vectors[1], fakeVoyageEmbedding('Fireball deals 8d6 fire damage.', 512))).toBeCloseTo(1, 9);
  });

  it('makes no request for an empty list', async () => {
    expect(await voyage.embed([], 'document')).toEqual({ vectors: [], tokens: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('turns a 429 into a rate-limit error worded for the GM', async () => {
    fake.setNext({ kind: 'error', status: 429, detail: 'Rate limit exceeded' });
    const error = await failureOf(voyage.embed(['a'], 'query'));
    expect(error.kind).toBe('rate_limited');
    expect(error.status).toBe(503);
    expect(error.provider).toBe('voyage');
    expect(error.message).toBe('The embedding service is receiving too many requests from this server. Try again in a minute.');
  });

  it('turns a 500 into a 502 and a bad request into its reason', async () => {
    fake.setNext({ kind: 'error', status: 500 });
    expect((await failureOf(voyage.embed(['a'], 'query'))).status).toBe(502);

    fake.setNext({ kind: 'error', status: 400, detail: 'Input text is too long.' });
    const rejected = await failureOf(voyage.embed(['a'], 'query'));
    expect(rejected.message).toBe('The embedding service rejected the request: Input text is too long.');
  });

  it('names the key setting when the key is refused', async () => {
    fake.setNext({ kind: 'error', status: 401, detail: 'Provided API key is invalid.' });
    const error = await failureOf(voyage.embed(['a'], 'query'));
    expect(error.message).toBe('The embedding service rejected the API key (VOYAGE_API_KEY): Provided API key is invalid.');
  });

  it('retries once by default', async () => {
    const retrying = new VoyageEmbedder({ apiKey: 'k', baseUrl: fake.baseUrl, model: 'voyage-3.5' });
    fake.setNext({ kind: 'error', status: 503 });
    const result = await retrying.embed(['Sneak attack'], 'query');
    expect(result.vectors).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('times out when the service never answers', async () => {
    const impatient = new VoyageEmbedder({ apiKey: 'k', baseUrl: fake.baseUrl, model: 'voyage-3.5', maxRetries: 0, timeoutMs: 300 });
    fake.setNext({ kind: 'hang' });
    const error = await failureOf(impatient.embed(['a'], 'query'));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(504);
    expect(error.message).toBe('The embedding service did not answer in time. Try again in a minute.');
  });

  it('refuses vectors of the wrong size', async () => {
    fake.setNext({ kind: 'embeddings', dimension: 1024 });
    const error = await failureOf(voyage.embed(['a'], 'query'));
    expect(error.kind).toBe('bad_response');
  });

  it('reports an unreachable service', async () => {
    const gone = await startFakeVoyage();
    await gone.close();
    const unreachable = new VoyageEmbedder({ apiKey: 'k', baseUrl: gone.url, model: 'voyage-3.5', maxRetries: 0 });
    const error = await failureOf(unreachable.embed(['a'], 'query'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/could not be reached/);
  });
});

describe('planBatches', () => {
  it('splits by count and by estimated tokens, never leaving a batch empty', () => {
    expect(planBatches(['a', 'b', 'c', 'd', 'e'], 2, 1_000)).toEqual([[0, 1], [2, 3], [4]]);
    // A text over the budget on its own still goes, alone.
    expect(planBatches(['x'.repeat(8_000), 'y'], 128, 1_000)).toEqual([[0], [1]]);
  });
});

describe('voyageApiRoot', () => {
  it('appends /v1 to a bare origin and leaves explicit paths alone', () => {
    expect(voyageApiRoot('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000/v1');
    expect(voyageApiRoot('http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000/v1');
    expect(voyageApiRoot('https://api.voyageai.com/v1')).toBe('https://api.voyageai.com/v1');
    expect(voyageApiRoot('https://proxy.example/voyage/v1/')).toBe('https://proxy.example/voyage/v1');
  });
});

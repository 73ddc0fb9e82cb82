import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeVoyageRerankScore, startFakeVoyage, type FakeVoyage } from '../../tests/support/fake-voyage';
import { AiProviderError } from './errors';
import { VoyageReranker } from './voyage-reranker';

const DOCUMENTS = [
  'Owlbear. Armor Class 13, Hit Points 59.',
  'Misty Step. Range: Self. You teleport up to 30 feet.',
  'Fireball. Range: 150 feet. Each creature takes 8d6 fire damage.',
];

describe('VoyageReranker against the fake rerank API', () => {
  let fake: FakeVoyage;
  let reranker: VoyageReranker;

  beforeAll(async () => {
    fake = await startFakeVoyage();
    reranker = new VoyageReranker({ apiKey: 'voyage-key', baseUrl: fake.url, model: 'rerank-2.5-lite', maxRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  it('sends the query and documents in the wire format and returns scores in input order with the billed tokens', async () => {
    const query = 'What is the range of fireball?';
    const result = await reranker.rerank(query, DOCUMENTS);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.path).toBe('/v1/rerank');
    expect(request.headers.authorization).toBe('Bearer voyage-key');
    expect(request.body).toEqual({ query, documents: DOCUMENTS, model: 'rerank-2.5-lite', truncation: true });
    // The fake answers sorted by relevance; the scores come back mapped to the input order.
    expect(result.scores).toEqual(DOCUMENTS.map((document) => fakeVoyageRerankScore(query, document)));
    expect(result.scores[2]).toBeGreaterThan(result.scores[0]);
    expect(result.tokens).toBeGreaterThan(0);
  });

  it('makes no call for nothing to rerank', async () => {
    expect(await reranker.rerank('fireball', [])).toEqual({ scores: [], tokens: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('turns a refusal into an AiProviderError', async () => {
    fake.setNext({ kind: 'error', status: 401, detail: 'Provided API key is invalid.' });
    const error = await reranker.rerank('fireball', DOCUMENTS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).kind).toBe('auth');
  });

  it('times out when the service never answers', async () => {
    const impatient = new VoyageReranker({ apiKey: 'k', baseUrl: fake.baseUrl, model: 'rerank-2.5-lite', maxRetries: 0, timeoutMs: 300 });
    fake.setNext({ kind: 'hang' });
    const error = await impatient.rerank('fireball', DOCUMENTS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).kind).toBe('timeout');
  });
});

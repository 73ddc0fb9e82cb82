import http from 'node:http';
import { listenOnFreePort } from './listen';

/**
 * A stand-in for Voyage's embeddings and reranking endpoints (POST /v1/embeddings,
 * POST /v1/rerank) on a free local port.
 * Give the client `baseUrl` (or `url`; our client appends /v1 to a bare origin).
 *
 * Embeddings are deterministic bag-of-words hashes of the input, L2-normalised, of the
 * requested output_dimension (1024 when absent), so texts sharing words come out close
 * and retrieval tests can rank by them. `fakeVoyageEmbedding` computes the same vector. A test of
 * search by meaning gives `sameMeaning`, groups of words the fake model reads as one ("ship",
 * "galleon"), so texts that share no word can still come out close, as with a real model.
 * Like the real API it refuses more than 128 inputs and empty strings.
 *
 * Reranking scores each document by the share of the query's words it holds (see
 * `fakeVoyageRerankScore`) and answers like the real API: `data` sorted by descending
 * `relevance_score` (ties in input order), `top_k` and `return_documents` honoured, and
 * `usage.total_tokens` counted as Voyage does: query tokens x documents + document tokens.
 */

export interface VoyageRequestBody {
  /** Embeddings. */
  input?: string | string[];
  /** Reranking. */
  query?: string;
  documents?: string[];
  top_k?: number | null;
  return_documents?: boolean;
  model: string;
  input_type?: 'query' | 'document' | null;
  output_dimension?: number | null;
  truncation?: boolean;
  [key: string]: unknown;
}

export interface CapturedVoyageRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: VoyageRequestBody;
}

export type FakeVoyageReply =
  /** Normal embeddings; `dimension` overrides the requested one (to test validation). */
  | { kind: 'embeddings'; dimension?: number; tokensPerText?: number }
  /** A normal reranking answer (the default for /rerank; either normal kind answers the endpoint called). */
  | { kind: 'rerank' }
  | { kind: 'error'; status: number; detail?: string }
  | { kind: 'hang' };

export type FakeVoyageScript = FakeVoyageReply | ((request: CapturedVoyageRequest) => FakeVoyageReply);

export interface FakeVoyage {
  /** http://127.0.0.1:port */
  url: string;
  /** `url` + /v1, what the Voyage SDK's baseUrl expects. */
  baseUrl: string;
  requests: CapturedVoyageRequest[];
  /** Resolves once a request has arrived (at once when one already has since the last reset). */
  requested(): Promise<void>;
  setNext(script: FakeVoyageScript, options?: { times?: number }): void;
  /** Forget captured requests and queued replies. */
  reset(): void;
  close(): Promise<void>;
}

const MAX_INPUTS = 128;
const MAX_RERANK_DOCUMENTS = 1000;

export async function startFakeVoyage(options: { sameMeaning?: string[][] } = {}): Promise<FakeVoyage> {
  const meaningOf = new Map((options.sameMeaning ?? []).flatMap((group) => group.map((word) => [word.toLowerCase(), group[0].toLowerCase()] as const)));
  const requests: CapturedVoyageRequest[] = [];
  const queue: FakeVoyageScript[] = [];
  const hanging = new Set<http.ServerResponse>();
  const waiting = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const path = (req.url ?? '/').split('?')[0];
      const endpoint = path.replace(/^\/v1/, '');
      if (req.method !== 'POST' || (endpoint !== '/embeddings' && endpoint !== '/rerank')) {
        sendJson(res, 404, { detail: `fake-voyage: no route for ${req.method} ${path}` });
        return;
      }
      let body: VoyageRequestBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as VoyageRequestBody;
      } catch {
        sendJson(res, 400, { detail: 'fake-voyage: the request body is not JSON' });
        return;
      }
      const captured: CapturedVoyageRequest = { method: req.method, path, headers, body };
      requests.push(captured);
      for (const resolve of waiting) resolve();
      waiting.clear();

      if (!headers.authorization?.startsWith('Bearer ')) {
        sendJson(res, 401, { detail: 'Provided API key is invalid.' });
        return;
      }
      const script: FakeVoyageScript = queue.shift() ?? { kind: endpoint === '/rerank' ? 'rerank' : 'embeddings' };
      const reply = typeof script === 'function' ? script(captured) : script;
      if (reply.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (reply.kind === 'error') {
        sendJson(res, reply.status, { detail: reply.detail ?? `fake-voyage: scripted error ${reply.status}` });
        return;
      }

      if (endpoint === '/rerank') {
        const [status, answer] = rerankAnswer(body);
        sendJson(res, status, answer);
        return;
      }
      const inputs = typeof body.input === 'string' ? [body.input] : body.input;
      if (!Array.isArray(inputs) || inputs.length === 0) {
        sendJson(res, 400, { detail: 'Input cannot be empty.' });
        return;
      }
      if (inputs.length > MAX_INPUTS) {
        sendJson(res, 400, { detail: `The batch size limit is ${MAX_INPUTS}. Your batch size is ${inputs.length}.` });
        return;
      }
      if (inputs.some((text) => typeof text !== 'string' || text === '')) {
        sendJson(res, 400, { detail: 'Input cannot contain empty strings.' });
        return;
      }
      const options: { dimension?: number; tokensPerText?: number } = reply.kind === 'embeddings' ? reply : {};
      const dimension = options.dimension ?? body.output_dimension ?? 1024;
      const tokens = inputs.map((text) => options.tokensPerText ?? Math.max(1, Math.ceil(text.length / 4)));
      sendJson(res, 200, {
        object: 'list',
        data: inputs.map((text, index) => ({ object: 'embedding', embedding: fakeVoyageEmbedding(text, dimension, meaningOf), index })),
        model: body.model,
        usage: { total_tokens: tokens.reduce((sum, count) => sum + count, 0) },
      });
    });
  });

  const port = await listenOnFreePort(server);
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    requested: () => (requests.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.add(resolve))),
    setNext(script, { times = 1 } = {}) {
      for (let i = 0; i < times; i += 1) queue.push(script);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function rerankAnswer(body: VoyageRequestBody): [number, unknown] {
  const { query, documents } = body;
  if (typeof query !== 'string' || query.trim() === '') return [400, { detail: 'The query cannot be empty.' }];
  if (!Array.isArray(documents) || documents.length === 0) return [400, { detail: 'Documents cannot be empty.' }];
  if (documents.length > MAX_RERANK_DOCUMENTS) {
    return [400, { detail: `The number of documents cannot exceed ${MAX_RERANK_DOCUMENTS}. Your number of documents is ${documents.length}.` }];
  }
  if (documents.some((text) => typeof text !== 'string')) return [400, { detail: 'Documents must be strings.' }];
  const ranked = documents
    .map((document, index) => ({ index, relevance_score: fakeVoyageRerankScore(query, document), document }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, body.top_k ?? undefined)
    .map(({ index, relevance_score, document }) => (body.return_documents ? { index, document, relevance_score } : { index, relevance_score }));
  const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));
  const totalTokens = tokensOf(query) * documents.length + documents.reduce((sum, text) => sum + tokensOf(text), 0);
  return [200, { object: 'list', data: ranked, model: body.model, usage: { total_tokens: totalTokens } }];
}

/** The fake's relevance of a document to a query: the share of the query's distinct words (3+ letters) it holds. */
export function fakeVoyageRerankScore(query: string, document: string): number {
  const wordsOf = (text: string) => new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= 3));
  const asked = wordsOf(query);
  if (asked.size === 0) return 0;
  const held = wordsOf(document);
  let shared = 0;
  for (const word of asked) if (held.has(word)) shared += 1;
  return shared / asked.size;
}

/** The fake's embedding of one text: hashed lowercased words, L2-normalised. */
export function fakeVoyageEmbedding(text: string, dimension: number, meaningOf: ReadonlyMap<string, string> = new Map()): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const written of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = meaningOf.get(written) ?? written;
    let hash = 2166136261;
    for (let i = 0; i < word.length; i += 1) {
      hash ^= word.charCodeAt(i);
      hash = Math.imul(hash, 16777619);
    }
    hash >>>= 0;
    vector[hash % dimension] += hash & 0x80000000 ? -1 : 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / norm);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

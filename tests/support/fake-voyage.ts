import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Voyage's embeddings endpoint (POST /v1/embeddings) on a free local port.
 * Give the client `baseUrl` (or `url`; our client appends /v1 to a bare origin).
 *
 * Embeddings are deterministic bag-of-words hashes of the input, L2-normalised, of the
 * requested output_dimension (1024 when absent), so texts sharing words come out close
 * and retrieval tests can rank by them. `fakeVoyageEmbedding` computes the same vector.
 * Like the real API it refuses more than 128 inputs and empty strings.
 */

export interface VoyageRequestBody {
  input: string | string[];
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
  | { kind: 'error'; status: number; detail?: string }
  | { kind: 'hang' };

export type FakeVoyageScript = FakeVoyageReply | ((request: CapturedVoyageRequest) => FakeVoyageReply);

export interface FakeVoyage {
  /** http://127.0.0.1:port */
  url: string;
  /** `url` + /v1, what the Voyage SDK's baseUrl expects. */
  baseUrl: string;
  requests: CapturedVoyageRequest[];
  setNext(script: FakeVoyageScript, options?: { times?: number }): void;
  /** Forget captured requests and queued replies. */
  reset(): void;
  close(): Promise<void>;
}

const MAX_INPUTS = 128;

export async function startFakeVoyage(): Promise<FakeVoyage> {
  const requests: CapturedVoyageRequest[] = [];
  const queue: FakeVoyageScript[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'POST' || (path !== '/v1/embeddings' && path !== '/embeddings')) {
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

      if (!headers.authorization?.startsWith('Bearer ')) {
        sendJson(res, 401, { detail: 'Provided API key is invalid.' });
        return;
      }
      const script = queue.shift() ?? { kind: 'embeddings' };
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
      const dimension = reply.dimension ?? body.output_dimension ?? 1024;
      const tokens = inputs.map((text) => reply.tokensPerText ?? Math.max(1, Math.ceil(text.length / 4)));
      sendJson(res, 200, {
        object: 'list',
        data: inputs.map((text, index) => ({ object: 'embedding', embedding: fakeVoyageEmbedding(text, dimension), index })),
        model: body.model,
        usage: { total_tokens: tokens.reduce((sum, count) => sum + count, 0) },
      });
    });
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
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

/** The fake's embedding of one text: hashed lowercased words, L2-normalised. */
export function fakeVoyageEmbedding(text: string, dimension: number): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
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

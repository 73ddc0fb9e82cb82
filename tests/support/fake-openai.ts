import http from 'node:http';
import { listenOnFreePort } from './listen';

/**
 * A stand-in for an OpenAI-compatible server (Ollama, LM Studio, vLLM...): POST
 * /v1/chat/completions (JSON or SSE, tool calls) and POST /v1/embeddings, on a free local port.
 * Give the SDK `baseUrl` (`url` + /v1).
 *
 * Script replies with `setNext`. With the queue empty a chat request gets the default answer:
 * "According to your tomes: <the first sentence of source [1]> [1]" when the request numbers
 * sources, a plain sentence otherwise, or a 400 when a tool call is forced and none was scripted.
 * `tools: false` makes it a server without tool support: any request carrying `tools` gets the
 * 400 Ollama answers ("... does not support tools"). `models` lists the models it has; any other
 * answers 404 "model not found". Embeddings are deterministic bag-of-words hashes of the input in
 * `embeddingDimensions` dimensions (768 by default, as nomic-embed-text), so texts sharing words
 * come out close.
 */

export interface OpenAiRequestBody {
  model: string;
  messages?: Array<{ role: string; content: string | null; [key: string]: unknown }>;
  stream?: boolean;
  tools?: Array<{ type: string; function: { name: string; parameters: unknown } }>;
  tool_choice?: unknown;
  max_tokens?: number;
  input?: string | string[];
  [key: string]: unknown;
}

export interface CapturedOpenAiRequest {
  path: string;
  headers: Record<string, string>;
  body: OpenAiRequestBody;
}

export type FakeOpenAiReply =
  /** A text answer (streamed when asked); `text` defaults to the cited default answer. */
  | { kind: 'answer'; text?: string; usage?: { prompt_tokens: number; completion_tokens: number } | null }
  /** A tool call carrying `args` (a string is sent as is, so tests can send broken JSON). */
  | { kind: 'tool'; args: unknown }
  | { kind: 'error'; status: number; message: string }
  /** Never answers (the client's deadline fires), until `release` answers it as if unscripted. */
  | { kind: 'hang' };

export type FakeOpenAiScript = FakeOpenAiReply | ((request: CapturedOpenAiRequest) => FakeOpenAiReply);

export interface FakeOpenAiOptions {
  /** False: a server (or model) without tool support. */
  tools?: boolean;
  /** Models the server has; undefined: every model. */
  models?: string[];
  embeddingDimensions?: number;
  /** Characters per streamed delta. */
  chunkSize?: number;
}

export interface FakeOpenAi {
  url: string;
  /** `url` + /v1: what OPENAI_BASE_URL is set to. */
  baseUrl: string;
  requests: CapturedOpenAiRequest[];
  setNext(script: FakeOpenAiScript, options?: { times?: number }): void;
  /** Changes what the server is (tool support, models, embedding size) from the next request on. */
  configure(options: FakeOpenAiOptions): void;
  reset(): void;
  /** Answers the requests held by `hang` replies now, as unscripted requests are answered. */
  release(): void;
  close(): Promise<void>;
}

const CONTEXT_LIMIT_CHARS = 400_000;

export async function startFakeOpenAi(initial: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const options: FakeOpenAiOptions = { tools: true, embeddingDimensions: 768, chunkSize: 6, ...initial };
  const requests: CapturedOpenAiRequest[] = [];
  const queue: FakeOpenAiScript[] = [];
  /** Held requests and how to answer them once released. */
  const hanging = new Map<http.ServerResponse, () => void>();
  let count = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
      const path = (req.url ?? '/').split('?')[0];
      let body: OpenAiRequestBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OpenAiRequestBody;
      } catch {
        sendError(res, 400, 'the request body is not JSON');
        return;
      }
      const captured = { path, headers, body };
      requests.push(captured);
      if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/v1/embeddings')) {
        sendError(res, 404, `404 page not found: ${path}`);
        return;
      }
      if (options.models && !options.models.includes(body.model)) {
        sendError(res, 404, `model "${body.model}" not found, try pulling it first`, 'not_found_error');
        return;
      }
      // Refused before any scripted reply is used, as the real server refuses before the model runs.
      if (body.tools && !options.tools) return sendError(res, 400, `registry.ollama.ai/library/${body.model} does not support tools`);
      const script = queue.shift();
      const reply = script ? (typeof script === 'function' ? script(captured) : script) : undefined;
      if (reply?.kind === 'error') return sendError(res, reply.status, reply.message);
      const answer = () => (path === '/v1/embeddings' ? embeddings(res, body) : chat(res, body, undefined));
      if (reply?.kind === 'hang') {
        hanging.set(res, answer);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (path === '/v1/embeddings') return answer();
      if (JSON.stringify(body.messages).length > CONTEXT_LIMIT_CHARS) {
        return sendError(res, 400, "This model's maximum context length is 100000 tokens. However, your messages resulted in more tokens.");
      }
      chat(res, body, reply);
    });
  });

  function chat(res: http.ServerResponse, body: OpenAiRequestBody, reply: FakeOpenAiReply | undefined): void {
    count += 1;
    const prompt = JSON.stringify(body.messages ?? []);
    if (reply?.kind === 'tool' || (!reply && body.tool_choice)) {
      if (reply?.kind !== 'tool') return sendError(res, 400, 'fake-openai: a tool call is forced but none was scripted');
      const name = body.tools?.[0]?.function.name ?? 'tool';
      const args = typeof reply.args === 'string' ? reply.args : JSON.stringify(reply.args);
      const message = { role: 'assistant', content: null, tool_calls: [{ id: `call_${count}`, type: 'function', function: { name, arguments: args } }] };
      return sendJson(res, completion(body, message, 'tool_calls', usageOf(prompt, args)));
    }
    const text = reply?.kind === 'answer' && reply.text !== undefined ? reply.text : defaultAnswer(body);
    const usage = reply?.kind === 'answer' && reply.usage !== undefined ? reply.usage : usageOf(prompt, text);
    if (!body.stream) return sendJson(res, completion(body, { role: 'assistant', content: text }, 'stop', usage));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const id = `chatcmpl-${count}`;
    const piece = (delta: object, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created: 0,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    res.write(`data: ${JSON.stringify(piece({ role: 'assistant', content: '' }, null))}\n\n`);
    const size = options.chunkSize ?? 6;
    for (let i = 0; i < text.length; i += size) res.write(`data: ${JSON.stringify(piece({ content: text.slice(i, i + size) }, null))}\n\n`);
    res.write(`data: ${JSON.stringify(piece({}, 'stop'))}\n\n`);
    const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
    if (wantsUsage && usage) res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  function embeddings(res: http.ServerResponse, body: OpenAiRequestBody): void {
    const input = Array.isArray(body.input) ? body.input : [body.input ?? ''];
    const dimensions = options.embeddingDimensions ?? 768;
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: fakeOpenAiEmbedding(text, dimensions) }));
    const tokens = input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    sendJson(res, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }

  const url = `http://127.0.0.1:${await listenOnFreePort(server)}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    setNext(script, { times = 1 } = {}) {
      for (let i = 0; i < times; i += 1) queue.push(script);
    },
    configure(changed) {
      Object.assign(options, changed);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      Object.assign(options, { tools: true, models: undefined, embeddingDimensions: 768, chunkSize: 6 }, initial);
    },
    release() {
      const held = [...hanging.values()];
      hanging.clear();
      for (const answer of held) answer();
    },
    async close() {
      for (const res of hanging.keys()) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The numbered sources of the last user message, as our client lays them out ("[n] title\ncontent"). */
export function numberedSourcesIn(body: OpenAiRequestBody): Array<{ number: number; title: string; content: string }> {
  const last = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user');
  const text = typeof last?.content === 'string' ? last.content : '';
  const block = text.startsWith('Sources:') ? text.slice('Sources:'.length, text.indexOf('\n\n---\n\n')) : '';
  return [...block.matchAll(/(?:^|\n\n)\[(\d+)\] ([^\n]*)\n([\s\S]*?)(?=\n\n\[\d+\] |$)/g)].map((m) => ({ number: Number(m[1]), title: m[2], content: m[3] }));
}

function defaultAnswer(body: OpenAiRequestBody): string {
  const first = numberedSourcesIn(body)[0];
  if (!first) return 'This is the fake OpenAI-compatible server answering.';
  const sentence = /[^\s][\s\S]*?(?:[.!?](?=\s|$)|$)/.exec(first.content)?.[0] ?? first.content;
  return `According to your tomes: ${sentence} [1]`;
}

function completion(body: OpenAiRequestBody, message: object, finish: string, usage: object | null) {
  return { id: 'chatcmpl-fake', object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, message, finish_reason: finish }], usage };
}

function usageOf(prompt: string, output: string) {
  const prompt_tokens = Math.ceil(prompt.length / 4);
  const completion_tokens = Math.max(1, Math.ceil(output.length / 4));
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** The fake server's embedding of a text: its lowercased words hashed into `dimensions` buckets, L2-normalised. */
export function fakeOpenAiEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
    vector[(hash >>> 0) % dimensions] += 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0)) || 1;
  return vector.map((v) => v / norm);
}

function sendJson(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string, type = 'invalid_request_error'): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, code: null } }));
}

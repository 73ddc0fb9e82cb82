import http from 'node:http';
import { listenOnFreePort } from './listen';

/**
 * A stand-in for the Anthropic Messages API (POST /v1/messages) that tests start on a
 * free local port. Point the SDK at `url` (baseURL). It answers JSON or SSE as the
 * request asks, cites the search results and documents it was sent, reports usage
 * (with prompt-cache writes and reads), and fails on demand.
 *
 * Script replies with `setNext`; when the queue is empty it gives the default answer:
 * the first sentence block of the first search_result (or first sentence of the first
 * document), cited; or a 400 error naming the tool when a tool is forced but no tool
 * input was scripted.
 */

// Request bodies are what our client sent; kept loose so tests can poke at them.
export interface AnthropicContentBlock {
  type: string;
  [key: string]: any;
}

export interface AnthropicRequestBody {
  model: string;
  max_tokens: number;
  system?: string | AnthropicContentBlock[];
  messages: Array<{ role: 'user' | 'assistant'; content: string | AnthropicContentBlock[] }>;
  tools?: Array<{ name: string; description?: string; input_schema: Record<string, unknown> }>;
  tool_choice?: { type: string; name?: string };
  stream?: boolean;
  [key: string]: unknown;
}

export interface CapturedAnthropicRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: AnthropicRequestBody;
}

export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** What a scripted text block cites, by position in the request, so cited_text and titles are real. */
export type FakeCitationTarget =
  /** search_result_location over blocks [startBlock, endBlock) of the n-th search_result (default: block 0). */
  | { searchResult: number; startBlock?: number; endBlock?: number }
  /** char_location over the first sentence (or the given one) of the n-th document block. */
  | { document: number; sentence?: number };

export interface FakeTextBlock {
  text: string;
  cite?: FakeCitationTarget[];
}

export type FakeAnthropicReply =
  /** An answer. Neither `text` nor `blocks`: the default cited answer. `text`: one uncited block. */
  | {
      kind: 'answer';
      text?: string;
      blocks?: FakeTextBlock[];
      usage?: Partial<FakeUsage>;
      stopReason?: string;
      model?: string;
      /** Streamed: the rest of the message waits, after the first text delta, until this settles. */
      holdAfterFirstText?: Promise<unknown>;
    }
  /** A tool_use block carrying `input` (name defaults to the forced tool). */
  | { kind: 'tool'; input: unknown; name?: string; text?: string; usage?: Partial<FakeUsage>; stopReason?: string; model?: string }
  /**
   * An HTTP error with the API's error body. `retryAfterMs` defaults to 1 so the SDK's
   * retries do not slow tests down; `shouldRetry` sets x-should-retry.
   */
  | { kind: 'error'; status: number; type?: string; message?: string; retryAfterMs?: number; shouldRetry?: boolean }
  /** 200 and a stream that breaks off with an `error` event (after `afterText`, if given). */
  | { kind: 'stream-error'; type?: string; message?: string; afterText?: string }
  /** Never answers; `afterHeaders` sends 200 and message_start first, then stalls. */
  | { kind: 'hang'; afterHeaders?: boolean };

export type FakeAnthropicScript = FakeAnthropicReply | ((request: CapturedAnthropicRequest) => FakeAnthropicReply);

export interface FakeAnthropicOptions {
  /** Characters per text_delta / input_json_delta event. */
  chunkSize?: number;
}

export interface FakeAnthropic {
  /** Base URL for the SDK (it appends /v1/messages). */
  url: string;
  requests: CapturedAnthropicRequest[];
  /** Queue a reply for the next request (`times` requests in a row). */
  setNext(script: FakeAnthropicScript, options?: { times?: number }): void;
  /** Reply used when the queue is empty; undefined restores the built-in default. */
  setDefault(script: FakeAnthropicScript | undefined): void;
  /** Forget captured requests, queued replies, the default reply and the prompt cache. */
  reset(): void;
  close(): Promise<void>;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

class ScriptError extends Error {}

export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const chunkSize = options.chunkSize ?? 8;
  const requests: CapturedAnthropicRequest[] = [];
  const queue: FakeAnthropicScript[] = [];
  let fallback: FakeAnthropicScript | undefined;
  const hanging = new Set<http.ServerResponse>();
  const cachedPrefixes = new Set<string>();
  let messageCount = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/messages') {
        sendError(res, 404, undefined, `fake-anthropic: no route for ${req.method} ${path}`);
        return;
      }
      let body: AnthropicRequestBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AnthropicRequestBody;
      } catch {
        sendError(res, 400, undefined, 'fake-anthropic: the request body is not JSON');
        return;
      }
      const captured: CapturedAnthropicRequest = { method: req.method, path, headers, body };
      requests.push(captured);
      if (!headers['x-api-key'] && !headers.authorization) {
        sendError(res, 401, undefined, 'x-api-key header is required');
        return;
      }
      const script = queue.shift() ?? fallback;
      const reply = script ? (typeof script === 'function' ? script(captured) : script) : defaultReply(body);
      try {
        respond(res, body, reply);
      } catch (error) {
        if (!(error instanceof ScriptError)) throw error;
        sendError(res, 400, undefined, error.message);
      }
    });
  });

  function respond(res: http.ServerResponse, body: AnthropicRequestBody, reply: FakeAnthropicReply): void {
    switch (reply.kind) {
      case 'error':
        sendError(res, reply.status, reply.type, reply.message, reply.retryAfterMs ?? 1, reply.shouldRetry);
        return;
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        if (reply.afterHeaders) {
          startStream(res);
          writeEvent(res, 'message_start', { type: 'message_start', message: messageShell(body, reply, usageFor(body, reply, '')) });
        }
        return;
      case 'stream-error': {
        startStream(res);
        writeEvent(res, 'message_start', { type: 'message_start', message: messageShell(body, reply, usageFor(body, reply, '')) });
        if (reply.afterText) {
          writeEvent(res, 'content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
          for (const piece of chunks(reply.afterText, chunkSize)) {
            writeEvent(res, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
          }
        }
        const type = reply.type ?? 'overloaded_error';
        writeEvent(res, 'error', { type: 'error', error: { type, message: reply.message ?? 'Overloaded' } });
        res.end();
        return;
      }
      case 'answer':
      case 'tool': {
        const content = reply.kind === 'tool' ? toolContent(body, reply) : answerContent(body, reply);
        const outputText = content.map((block) => (block.type === 'text' ? block.text : JSON.stringify(block.input))).join('');
        const usage = usageFor(body, reply, outputText);
        const stopReason = reply.stopReason ?? (reply.kind === 'tool' ? 'tool_use' : 'end_turn');
        if (body.stream) void streamMessage(res, body, reply, content, usage, stopReason);
        else {
          res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_fake_${messageCount}` });
          res.end(JSON.stringify({ ...messageShell(body, reply, usage), content, stop_reason: stopReason }));
        }
      }
    }
  }

  function messageShell(body: AnthropicRequestBody, reply: FakeAnthropicReply, usage: FakeUsage) {
    messageCount += 1;
    return {
      id: `msg_fake_${messageCount}`,
      type: 'message',
      role: 'assistant',
      model: ('model' in reply && reply.model) || body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    };
  }

  async function streamMessage(
    res: http.ServerResponse,
    body: AnthropicRequestBody,
    reply: FakeAnthropicReply,
    content: AnthropicContentBlock[],
    usage: FakeUsage,
    stopReason: string,
  ): Promise<void> {
    type StreamEvent = { type: string; delta?: { type?: string } & Record<string, unknown> } & Record<string, unknown>;
    const events: Array<[string, StreamEvent]> = [];
    const writeEvent = (event: string, data: StreamEvent) => {
      events.push([event, data]);
    };
    startStream(res);
    writeEvent('message_start', {
      type: 'message_start',
      message: messageShell(body, reply, { ...usage, output_tokens: 1 }),
    });
    writeEvent('ping', { type: 'ping' });
    content.forEach((block, index) => {
      if (block.type === 'text') {
        const start = block.citations ? { type: 'text', text: '', citations: [] } : { type: 'text', text: '' };
        writeEvent('content_block_start', { type: 'content_block_start', index, content_block: start });
        for (const citation of block.citations ?? []) {
          writeEvent('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } });
        }
        for (const piece of chunks(block.text, chunkSize)) {
          writeEvent('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
        }
      } else {
        writeEvent('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        for (const piece of chunks(JSON.stringify(block.input), chunkSize)) {
          writeEvent('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
        }
      }
      writeEvent('content_block_stop', { type: 'content_block_stop', index });
    });
    writeEvent('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    });
    writeEvent('message_stop', { type: 'message_stop' });
    const hold = 'holdAfterFirstText' in reply ? reply.holdAfterFirstText : undefined;
    let held = false;
    for (const [event, data] of events) {
      if (res.destroyed) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      if (hold && !held && data.delta?.type === 'text_delta') {
        held = true;
        await hold;
      }
    }
    res.end();
  }

  /** Input tokens split into uncached, cache write (first sight of a cached prefix) and cache read. */
  function usageFor(body: AnthropicRequestBody, reply: FakeAnthropicReply, outputText: string): FakeUsage {
    const total = estimate(JSON.stringify([body.system ?? '', body.tools ?? [], body.messages]));
    const prefix = cachedPrefix(body);
    const prefixTokens = prefix ? Math.min(total, estimate(prefix)) : 0;
    const alreadyCached = prefix !== undefined && cachedPrefixes.has(prefix);
    if (prefix !== undefined) cachedPrefixes.add(prefix);
    const computed: FakeUsage = {
      input_tokens: total - prefixTokens,
      output_tokens: Math.max(1, estimate(outputText)),
      cache_creation_input_tokens: alreadyCached ? 0 : prefixTokens,
      cache_read_input_tokens: alreadyCached ? prefixTokens : 0,
    };
    return { ...computed, ...('usage' in reply ? reply.usage : {}) };
  }

  function answerContent(body: AnthropicRequestBody, reply: Extract<FakeAnthropicReply, { kind: 'answer' }>) {
    const blocks = reply.blocks ?? (reply.text !== undefined ? [{ text: reply.text }] : defaultBlocks(body));
    return blocks.map(
      (block): AnthropicContentBlock => ({
        type: 'text',
        text: block.text,
        citations: block.cite ? block.cite.map((target) => citationFor(body, target)) : null,
      }),
    );
  }

  function toolContent(body: AnthropicRequestBody, reply: Extract<FakeAnthropicReply, { kind: 'tool' }>) {
    const name = reply.name ?? body.tool_choice?.name ?? body.tools?.[0]?.name ?? 'tool';
    const content: AnthropicContentBlock[] = [];
    if (reply.text) content.push({ type: 'text', text: reply.text, citations: null });
    content.push({ type: 'tool_use', id: `toolu_fake_${messageCount + 1}`, name, input: reply.input });
    return content;
  }

  return {
    url: `http://127.0.0.1:${await listenOnFreePort(server)}`,
    requests,
    setNext(script, { times = 1 } = {}) {
      for (let i = 0; i < times; i += 1) queue.push(script);
    },
    setDefault(script) {
      fallback = script;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      fallback = undefined;
      cachedPrefixes.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function defaultReply(body: AnthropicRequestBody): FakeAnthropicReply {
  if (body.tool_choice?.type === 'tool' || body.tool_choice?.type === 'any') {
    return {
      kind: 'error',
      status: 400,
      message: `fake-anthropic: the request forces the tool "${body.tool_choice.name ?? body.tools?.[0]?.name}" but no tool input was scripted; call setNext({ kind: 'tool', input })`,
    };
  }
  return { kind: 'answer' };
}

function defaultBlocks(body: AnthropicRequestBody): FakeTextBlock[] {
  const results = searchResultsIn(body);
  if (results.length > 0) {
    const cited = results[0].content[0]?.text ?? '';
    return [{ text: 'According to your tomes: ' }, { text: cited, cite: [{ searchResult: 0 }] }];
  }
  const documents = documentsIn(body);
  if (documents.length > 0) {
    const sentence = sentencesOf(documents[0].data)[0];
    return [{ text: 'According to the document: ' }, { text: sentence?.text ?? '', cite: [{ document: 0 }] }];
  }
  return [{ text: 'This is the fake Anthropic server answering.' }];
}

/** Every search_result block in the request, in the order the API counts them. */
export function searchResultsIn(body: AnthropicRequestBody): AnthropicContentBlock[] {
  const found: AnthropicContentBlock[] = [];
  const visit = (blocks: unknown) => {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks as AnthropicContentBlock[]) {
      if (block.type === 'search_result') found.push(block);
      else if (block.type === 'tool_result') visit(block.content);
    }
  };
  for (const message of body.messages) visit(message.content);
  return found;
}

/** Every plain-text document block's text and title, in order. */
export function documentsIn(body: AnthropicRequestBody): Array<{ data: string; title: string | null }> {
  const found: Array<{ data: string; title: string | null }> = [];
  for (const message of body.messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (block.type === 'document') found.push({ data: String(block.source?.data ?? ''), title: block.title ?? null });
    }
  }
  return found;
}

function citationFor(body: AnthropicRequestBody, target: FakeCitationTarget): AnthropicContentBlock {
  if ('searchResult' in target) {
    const results = searchResultsIn(body);
    const result = results[target.searchResult];
    if (!result) {
      throw new ScriptError(`fake-anthropic: a scripted citation points at search result ${target.searchResult} but the request has ${results.length}`);
    }
    const start = target.startBlock ?? 0;
    const end = target.endBlock ?? start + 1;
    const blocks = (result.content as AnthropicContentBlock[]).slice(start, end);
    if (blocks.length === 0 || end <= start) {
      throw new ScriptError(`fake-anthropic: search result ${target.searchResult} has no blocks ${start}..${end}`);
    }
    return {
      type: 'search_result_location',
      cited_text: blocks.map((block) => block.text).join(' '),
      search_result_index: target.searchResult,
      source: result.source,
      title: result.title ?? null,
      start_block_index: start,
      end_block_index: end,
    };
  }
  const documents = documentsIn(body);
  const document = documents[target.document];
  const sentence = document ? sentencesOf(document.data)[target.sentence ?? 0] : undefined;
  if (!document || !sentence) {
    throw new ScriptError(
      `fake-anthropic: a scripted citation points at document ${target.document}, sentence ${target.sentence ?? 0}, which the request does not have`,
    );
  }
  return {
    type: 'char_location',
    cited_text: sentence.text,
    document_index: target.document,
    document_title: document.title,
    start_char_index: sentence.start,
    end_char_index: sentence.start + sentence.text.length,
    file_id: null,
  };
}

function sentencesOf(text: string): Array<{ start: number; text: string }> {
  return [...text.matchAll(/[^\s][\s\S]*?(?:[.!?](?=\s|$)|$)/g)].map((match) => ({ start: match.index, text: match[0] }));
}

function cachedPrefix(body: AnthropicRequestBody): string | undefined {
  const ordered: unknown[] = [...(body.tools ?? [])];
  if (Array.isArray(body.system)) ordered.push(...body.system);
  else if (body.system) ordered.push({ type: 'text', text: body.system });
  for (const message of body.messages) {
    if (Array.isArray(message.content)) ordered.push(...message.content);
    else ordered.push({ type: 'text', text: message.content });
  }
  let last = -1;
  ordered.forEach((block, index) => {
    if (block && typeof block === 'object' && 'cache_control' in block && block.cache_control) last = index;
  });
  return last === -1 ? undefined : JSON.stringify(ordered.slice(0, last + 1));
}

function estimate(text: string): number {
  return Math.ceil(text.length / 4);
}

function chunks(text: string, size: number): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < characters.length; i += size) pieces.push(characters.slice(i, i + size).join(''));
  return pieces;
}

function startStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
}

function writeEvent(res: http.ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function sendError(
  res: http.ServerResponse,
  status: number,
  type: string | undefined,
  message: string | undefined,
  retryAfterMs?: number,
  shouldRetry?: boolean,
): void {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': 'req_fake_error' };
  if (retryAfterMs !== undefined) headers['retry-after-ms'] = String(retryAfterMs);
  if (shouldRetry !== undefined) headers['x-should-retry'] = String(shouldRetry);
  res.writeHead(status, headers);
  const errorType = type ?? ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  res.end(JSON.stringify({ type: 'error', error: { type: errorType, message: message ?? defaultMessage(errorType) }, request_id: 'req_fake_error' }));
}

function defaultMessage(errorType: string): string {
  if (errorType === 'overloaded_error') return 'Overloaded';
  if (errorType === 'rate_limit_error') return 'Number of requests has exceeded your rate limit';
  if (errorType === 'api_error') return 'Internal server error';
  return 'Invalid request';
}

import Anthropic, { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  TextBlockParam,
  TextCitation,
} from '@anthropic-ai/sdk/resources/messages';
import { Deadline } from './deadline';
import { abortedError, AiProviderError, aiErrorFromStatus, timeoutError, unreachableError } from './errors';
import { splitSentences, type TextSpan } from './sentences';
import type { Citation, GenerateRequest, GenerateResult, Passage, TextGenerator, TokenUsage } from './types';

export interface ClaudeGeneratorOptions {
  apiKey: string;
  /** Root of the API (the SDK appends /v1/messages); the SDK default when absent. */
  baseUrl?: string;
  model: string;
  /** SDK retries on 429/5xx/connection errors. Kept small: a GM is waiting. */
  maxRetries?: number;
  /**
   * How long to wait for the answer to start. Unless a request sets its own `timeoutMs`,
   * its whole-request deadline is this plus 25 ms per requested output token, so long
   * generations are not cut off while they are still streaming.
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const STREAMING_MS_PER_TOKEN = 25;
const EPHEMERAL = { type: 'ephemeral' } as const;

/** A passage as sent: one text block per sentence, so citations point at sentences. */
interface SentPassage {
  passage: Passage;
  spans: TextSpan[];
}

export class ClaudeGenerator implements TextGenerator {
  readonly engine = 'claude' as const;
  readonly model: string;
  private readonly client: Anthropic;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;

  constructor(options: ClaudeGeneratorOptions) {
    this.model = options.model;
    this.maxRetries = options.maxRetries ?? 1;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      maxRetries: this.maxRetries,
      timeout: this.timeoutMs,
    });
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const { messages, sentPassages } = buildMessages(request);
    const params: MessageCreateParamsStreaming = {
      model: this.model,
      max_tokens: request.maxTokens,
      messages,
      stream: true,
    };
    if (request.system.trim() !== '') {
      params.system = request.cacheSystem ? [{ type: 'text', text: request.system, cache_control: EPHEMERAL }] : request.system;
    }
    if (request.tool) {
      params.tools = [{ name: request.tool.name, description: request.tool.description, input_schema: request.tool.inputSchema }];
      params.tool_choice = { type: 'tool', name: request.tool.name };
    }

    if (request.signal?.aborted) throw abortedError('anthropic');
    const timeoutMs = request.timeoutMs ?? this.timeoutMs + request.maxTokens * STREAMING_MS_PER_TOKEN;
    const deadline = new Deadline(timeoutMs, request.signal);
    try {
      const stream = await this.client.messages.create(params, {
        signal: deadline.signal,
        timeout: Math.max(1, Math.round(Math.min(timeoutMs, this.timeoutMs))),
        maxRetries: this.maxRetries,
      });
      const answer = new AnswerAccumulator(request, sentPassages);
      for await (const event of stream) answer.add(event);
      // The SDK ends an aborted stream quietly instead of throwing.
      if (deadline.signal.aborted) throw deadlineError(deadline);
      return answer.finish(this.model);
    } catch (error) {
      throw toProviderError(error, deadline);
    } finally {
      deadline.dispose();
    }
  }
}

function buildMessages(request: GenerateRequest): { messages: MessageParam[]; sentPassages: SentPassage[] } {
  const sentPassages: SentPassage[] = [];
  let documentPlaced = false;
  const messages = request.messages.map((turn): MessageParam => {
    if (turn.role === 'assistant') return { role: 'assistant', content: turn.content };
    const blocks: ContentBlockParam[] = [];
    if (request.cacheDocument && !documentPlaced) {
      documentPlaced = true;
      // First user turn, so the cached prefix (system + document) stays identical across the conversation.
      blocks.push({
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: request.cacheDocument.content },
        title: request.cacheDocument.title,
        citations: { enabled: true },
        cache_control: EPHEMERAL,
      });
    }
    for (const passage of turn.passages ?? []) {
      const spans = splitSentences(passage.content);
      sentPassages.push({ passage, spans });
      const content: TextBlockParam[] =
        spans.length > 0 ? spans.map((span) => ({ type: 'text', text: span.text })) : [{ type: 'text', text: passage.title || '(empty passage)' }];
      blocks.push({
        type: 'search_result',
        source: passage.sourceId,
        title: passageTitle(passage),
        content,
        citations: { enabled: true },
      });
    }
    if (blocks.length === 0) return { role: 'user', content: turn.content };
    if (turn.content.trim() !== '') blocks.push({ type: 'text', text: turn.content });
    return { role: 'user', content: blocks };
  });
  return { messages, sentPassages };
}

/** A passage's heading as the model sees it: title, page, heading path. */
export function passageTitle(passage: Passage): string {
  const parts = [passage.title];
  if (passage.page !== undefined && passage.page !== null) parts.push(`p. ${passage.page}`);
  if (passage.headingPath) parts.push(passage.headingPath);
  return parts.join(' — ');
}

interface BlockState {
  type: string;
  name?: string;
  json: string;
  citations: TextCitation[];
}

/** Folds the raw stream into our result, forwarding text (and citation markers) as it goes. */
class AnswerAccumulator {
  private text = '';
  private readonly blocks = new Map<number, BlockState>();
  private readonly citations: Citation[] = [];
  private readonly usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  private model: string | undefined;
  private stopReason: string | null = null;

  constructor(
    private readonly request: GenerateRequest,
    private readonly sentPassages: SentPassage[],
  ) {}

  add(event: RawMessageStreamEvent): void {
    switch (event.type) {
      case 'message_start': {
        this.model = event.message.model;
        const usage = event.message.usage;
        this.usage.inputTokens = usage.input_tokens ?? 0;
        this.usage.outputTokens = usage.output_tokens ?? 0;
        this.usage.cacheReadTokens = usage.cache_read_input_tokens ?? 0;
        this.usage.cacheWriteTokens = usage.cache_creation_input_tokens ?? 0;
        break;
      }
      case 'content_block_start': {
        const block = event.content_block;
        this.blocks.set(event.index, {
          type: block.type,
          name: block.type === 'tool_use' ? block.name : undefined,
          json: '',
          citations: block.type === 'text' ? [...(block.citations ?? [])] : [],
        });
        if (block.type === 'text' && block.text) this.emit(block.text);
        break;
      }
      case 'content_block_delta': {
        const state = this.blocks.get(event.index);
        const delta = event.delta;
        if (delta.type === 'text_delta') this.emit(delta.text);
        else if (delta.type === 'citations_delta') state?.citations.push(delta.citation);
        else if (delta.type === 'input_json_delta' && state) state.json += delta.partial_json;
        break;
      }
      case 'content_block_stop': {
        const state = this.blocks.get(event.index);
        if (state?.type === 'text' && state.citations.length > 0) this.emitMarkers(state.citations);
        break;
      }
      case 'message_delta': {
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        const usage = event.usage;
        this.usage.outputTokens = usage.output_tokens ?? this.usage.outputTokens;
        if (usage.input_tokens != null) this.usage.inputTokens = usage.input_tokens;
        if (usage.cache_read_input_tokens != null) this.usage.cacheReadTokens = usage.cache_read_input_tokens;
        if (usage.cache_creation_input_tokens != null) this.usage.cacheWriteTokens = usage.cache_creation_input_tokens;
        break;
      }
      default:
        break;
    }
  }

  finish(configuredModel: string): GenerateResult {
    const result: GenerateResult = {
      text: this.text,
      citations: this.citations,
      usage: this.usage,
      model: this.model ?? configuredModel,
      engine: 'claude',
    };
    if (this.request.tool) result.toolInput = this.toolInput(this.request.tool.name);
    return result;
  }

  private toolInput(toolName: string): unknown {
    if (this.stopReason === 'max_tokens') {
      throw new AiProviderError('bad_response', 'anthropic', 'The AI answer was cut off before it was complete. Try again with a smaller request.');
    }
    const block = [...this.blocks.values()].find((state) => state.type === 'tool_use' && state.name === toolName);
    if (!block) {
      throw new AiProviderError('bad_response', 'anthropic', 'The AI service did not return the structured answer that was asked for.');
    }
    try {
      return block.json.trim() === '' ? {} : JSON.parse(block.json);
    } catch (cause) {
      throw new AiProviderError('bad_response', 'anthropic', 'The AI service returned a structured answer that could not be read.', {
        cause,
      });
    }
  }

  private emit(delta: string): void {
    if (delta === '') return;
    this.text += delta;
    this.request.onText?.(delta);
  }

  private emitMarkers(citations: TextCitation[]): void {
    const numbers = new Set<number>();
    for (const raw of citations) {
      const citation = this.toCitation(raw);
      if (!citation) continue;
      let index = this.citations.findIndex((known) => known.passageIndex === citation.passageIndex && known.quote === citation.quote);
      if (index === -1) index = this.citations.push(citation) - 1;
      numbers.add(index + 1);
    }
    if (numbers.size === 0) return;
    const markers = [...numbers].map((n) => `[${n}]`).join('');
    this.emit(/\s$/.test(this.text) ? markers : ` ${markers}`);
  }

  private toCitation(raw: TextCitation): Citation | undefined {
    if (raw.type === 'search_result_location') {
      const sent = this.sentPassages[raw.search_result_index];
      if (!sent) return undefined;
      return {
        passageIndex: raw.search_result_index,
        sourceId: sent.passage.sourceId,
        quote: verbatimQuote(sent, raw.start_block_index, raw.end_block_index, raw.cited_text),
      };
    }
    const document = this.request.cacheDocument;
    if (document && (raw.type === 'char_location' || raw.type === 'page_location' || raw.type === 'content_block_location')) {
      return { passageIndex: -1, sourceId: document.sourceId, quote: raw.cited_text.trim() };
    }
    return undefined;
  }
}

/**
 * The API joins cited blocks its own way; the slice of the original passage between the
 * first and last cited sentence is the same words, verbatim, which the UI can find again.
 */
function verbatimQuote(sent: SentPassage, startBlock: number, endBlock: number, citedText: string): string {
  const first = sent.spans[startBlock];
  const last = sent.spans[endBlock - 1];
  if (first && last && last.end >= first.start) return sent.passage.content.slice(first.start, last.end);
  return citedText.trim();
}

function deadlineError(deadline: Deadline, cause?: unknown): AiProviderError {
  return deadline.expired ? timeoutError('anthropic', cause) : abortedError('anthropic', cause);
}

function toProviderError(error: unknown, deadline: Deadline): unknown {
  if (error instanceof AiProviderError) return error;
  if (deadline.expired) return timeoutError('anthropic', error);
  if (error instanceof APIUserAbortError) return deadlineError(deadline, error);
  if (error instanceof APIConnectionTimeoutError) return timeoutError('anthropic', error);
  if (error instanceof APIConnectionError) return unreachableError('anthropic', error);
  if (error instanceof APIError) {
    return aiErrorFromStatus('anthropic', error.status, error.apiMessage ?? undefined, error.type, error);
  }
  if (error instanceof AnthropicError) {
    return new AiProviderError('bad_response', 'anthropic', 'The AI service sent an answer that could not be read. Try again.', {
      cause: error,
    });
  }
  // Anything else (a failing onText callback, a bug) is not the provider's fault: leave it alone.
  return error;
}

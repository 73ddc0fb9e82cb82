import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { passageTitle } from './claude';
import { Deadline } from './deadline';
import { AiProviderError } from './errors';
import { mapNumberedCitations, NUMBERED_CITATION_RULES, type NumberedSource, numberedSourcesBlock } from './numbered-citations';
import { DEFAULT_OPENAI_TIMEOUT_MS, type OpenAiEndpoint, openAiClient, openAiEngineLabel, openAiFailure, refusesTools } from './openai-client';
import { estimateTokens } from './token-estimate';
import type { GenerateRequest, GenerateResult, StructuredOutputTool, TextGenerator, TokenUsage } from './types';

export interface OpenAiGeneratorOptions extends OpenAiEndpoint {
  /**
   * Structured answers (timeline proposals, concept-map readings): 'auto' forces a tool call and
   * falls back to a JSON answer once the server refuses tools; 'off' always asks for JSON.
   */
  tools?: 'auto' | 'off';
}

const STREAMING_MS_PER_TOKEN = 50;

/** Answers through any server speaking OpenAI's Chat Completions API (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter). */
export class OpenAiGenerator implements TextGenerator {
  readonly engine = 'openai' as const;
  readonly model: string;
  readonly label: string;
  private readonly client: OpenAI;
  private readonly endpoint: OpenAiEndpoint;
  private readonly timeoutMs: number;
  /** False once the server refused a tool call: later structured requests go straight to JSON answers. */
  private toolsWork: boolean;

  constructor(options: OpenAiGeneratorOptions) {
    this.endpoint = options;
    this.model = options.model;
    this.label = openAiEngineLabel(options);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
    this.toolsWork = options.tools !== 'off';
    this.client = openAiClient(options);
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const { messages, sources } = buildMessages(request);
    const deadline = new Deadline(request.timeoutMs ?? this.timeoutMs + request.maxTokens * STREAMING_MS_PER_TOKEN, request.signal);
    try {
      if (deadline.signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (request.tool) return await this.structured(request, request.tool, messages, deadline);
      return await this.streamed(request, messages, sources, deadline);
    } catch (error) {
      throw openAiFailure(error, this.endpoint, 'model', deadline.expired);
    } finally {
      deadline.dispose();
    }
  }

  private async streamed(request: GenerateRequest, messages: ChatCompletionMessageParam[], sources: NumberedSource[], deadline: Deadline): Promise<GenerateResult> {
    const stream = await this.client.chat.completions.create(
      { model: this.model, messages, max_tokens: request.maxTokens, stream: true, stream_options: { include_usage: true } },
      { signal: deadline.signal, timeout: this.timeoutMs },
    );
    let text = '';
    let usage: TokenUsage | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        request.onText?.(delta);
      }
      if (chunk.usage) usage = usageOf(chunk.usage);
    }
    // The SDK may end an aborted stream quietly instead of throwing.
    if (deadline.signal.aborted) throw new DOMException('aborted', 'AbortError');
    const mapped = sources.length > 0 ? mapNumberedCitations(text, sources) : { text, citations: [] };
    return {
      ...mapped,
      usage: usage ?? estimatedUsage(messages, text),
      model: this.model,
      engine: this.engine,
      label: this.label,
    };
  }

  /** A forced tool call where the server takes tools, a JSON answer where not; checked by the tool's schema, with one repair. */
  private async structured(
    request: GenerateRequest,
    tool: StructuredOutputTool,
    messages: ChatCompletionMessageParam[],
    deadline: Deadline,
  ): Promise<GenerateResult> {
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    let attempt = await this.firstStructuredAnswer(request, tool, messages, deadline, usage);
    let problem = attempt.problem ?? checked(tool, attempt.input);
    if (problem !== null) {
      const repair: ChatCompletionMessageParam[] = [
        ...jsonAnswerMessages(messages, tool),
        { role: 'assistant', content: attempt.raw || '(no answer)' },
        { role: 'user', content: `That answer cannot be used: ${problem}. Answer again with only the corrected JSON object.` },
      ];
      attempt = await this.complete({ model: this.model, messages: repair, max_tokens: request.maxTokens }, deadline, usage, undefined);
      problem = attempt.problem ?? checked(tool, attempt.input);
      if (problem !== null) {
        throw new AiProviderError(
          'bad_response',
          'openai',
          `${this.model} did not return the structured answer that was asked for (${problem}). Try again, or use a larger model.`,
        );
      }
    }
    return { text: '', citations: [], usage, model: this.model, engine: this.engine, label: this.label, toolInput: attempt.input };
  }

  private async firstStructuredAnswer(
    request: GenerateRequest,
    tool: StructuredOutputTool,
    messages: ChatCompletionMessageParam[],
    deadline: Deadline,
    usage: TokenUsage,
  ): Promise<StructuredAttempt> {
    if (this.toolsWork) {
      try {
        return await this.complete(
          {
            model: this.model,
            messages,
            max_tokens: request.maxTokens,
            tools: [{ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }],
            tool_choice: { type: 'function', function: { name: tool.name } },
          },
          deadline,
          usage,
          tool.name,
        );
      } catch (error) {
        if (!refusesTools(error)) throw error;
        this.toolsWork = false;
      }
    }
    return this.complete({ model: this.model, messages: jsonAnswerMessages(messages, tool), max_tokens: request.maxTokens }, deadline, usage, undefined);
  }

  private async complete(
    params: ChatCompletionCreateParamsNonStreaming,
    deadline: Deadline,
    usage: TokenUsage,
    toolName: string | undefined,
  ): Promise<StructuredAttempt> {
    const completion = await this.client.chat.completions.create(params, { signal: deadline.signal, timeout: this.timeoutMs });
    const counted = completion.usage ? usageOf(completion.usage) : estimatedUsage(params.messages, JSON.stringify(completion.choices[0]?.message ?? ''));
    usage.inputTokens += counted.inputTokens;
    usage.outputTokens += counted.outputTokens;
    const choice = completion.choices[0];
    if (choice?.finish_reason === 'length') {
      throw new AiProviderError('bad_response', 'openai', 'The AI answer was cut off before it was complete. Try again with a smaller request.');
    }
    const call = choice?.message.tool_calls?.find((c) => c.type === 'function' && (toolName === undefined || c.function.name === toolName));
    // Some servers take tools but answer in text anyway: that text is read as a JSON answer.
    const raw = call && call.type === 'function' ? call.function.arguments : (choice?.message.content ?? '');
    return readJson(raw);
  }
}

interface StructuredAttempt {
  raw: string;
  input: unknown;
  /** Why the answer is not usable JSON; null when it parsed. */
  problem: string | null;
}

/** The JSON object in an answer: as sent, inside a ``` fence, or between its first { and last }. */
function readJson(raw: string): StructuredAttempt {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(raw)?.[1];
  const candidates = [raw.trim(), fenced?.trim(), raw.slice(raw.indexOf('{'), raw.lastIndexOf('}') + 1)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const input: unknown = JSON.parse(candidate);
      if (input && typeof input === 'object' && !Array.isArray(input)) return { raw, input, problem: null };
    } catch {
      // the next way of reading it
    }
  }
  return { raw, input: undefined, problem: 'it is not a JSON object' };
}

function checked(tool: StructuredOutputTool, input: unknown): string | null {
  if (!tool.schema) return null;
  const result = tool.schema.safeParse(input);
  if (result.success) return null;
  return result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'the object'}: ${issue.message}`)
    .join('; ');
}

function jsonAnswerMessages(messages: ChatCompletionMessageParam[], tool: StructuredOutputTool): ChatCompletionMessageParam[] {
  const instruction = `${tool.description}\nAnswer with only a JSON object, no other text, that follows this JSON Schema:\n` + JSON.stringify(tool.inputSchema);
  return [...messages, { role: 'user', content: instruction }];
}

function buildMessages(request: GenerateRequest): { messages: ChatCompletionMessageParam[]; sources: NumberedSource[] } {
  const sources: NumberedSource[] = [];
  const messages: ChatCompletionMessageParam[] = [];
  let passageIndex = 0;
  let documentPlaced = false;
  for (const turn of request.messages) {
    if (turn.role === 'assistant') {
      messages.push({ role: 'assistant', content: turn.content });
      continue;
    }
    const listed: Array<NumberedSource & { title: string }> = [];
    if (request.cacheDocument && !documentPlaced) {
      documentPlaced = true;
      const document = request.cacheDocument;
      listed.push({ passageIndex: -1, sourceId: document.sourceId, content: document.content, title: document.title });
    }
    for (const passage of turn.passages ?? []) {
      listed.push({ passageIndex, sourceId: passage.sourceId, content: passage.content, title: passageTitle(passage) });
      passageIndex += 1;
    }
    const first = sources.length + 1;
    sources.push(...listed);
    messages.push({
      role: 'user',
      content: listed.length > 0 ? `Sources:\n\n${numberedSourcesBlock(listed, first)}\n\n---\n\n${turn.content}` : turn.content,
    });
  }
  const system = [request.system.trim(), sources.length > 0 ? NUMBERED_CITATION_RULES : ''].filter(Boolean).join('\n\n');
  if (system) messages.unshift({ role: 'system', content: system });
  return { messages, sources };
}

function usageOf(usage: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } | null }): TokenUsage {
  return {
    inputTokens: usage.prompt_tokens ?? 0,
    outputTokens: usage.completion_tokens ?? 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  };
}

/** A server that reports no usage is counted by our estimate, so budgets still see the call. */
function estimatedUsage(messages: ChatCompletionMessageParam[], output: string): TokenUsage {
  return { inputTokens: estimateTokens(JSON.stringify(messages)), outputTokens: estimateTokens(output), cacheReadTokens: 0, cacheWriteTokens: 0 };
}

import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/support/fake-anthropic';
import { ClaudeGenerator } from './claude';
import { AiProviderError } from './errors';
import type { GenerateRequest, Passage } from './types';

const passages: Passage[] = [
  {
    sourceId: 'chunk-suffocating',
    documentId: 'doc-basic-rules',
    title: 'Basic Rules',
    page: 183,
    headingPath: 'Adventuring > Suffocating',
    content:
      'A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds). When a creature runs out of breath, it can survive for a number of rounds equal to its Constitution modifier. At the start of its next turn, it drops to 0 hit points and is dying.',
  },
  {
    sourceId: 'chunk-falling',
    documentId: 'doc-basic-rules',
    title: 'Basic Rules',
    page: 183,
    content:
      'A fall from a great height is one of the most common hazards facing an adventurer. At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6. The creature lands prone, unless it avoids taking damage from the fall.',
  },
  {
    sourceId: 'chunk-grappling',
    title: 'Combat Chapter',
    page: null,
    content:
      'When you want to grab a creature or wrestle with it, you can use the Attack action to make a special melee attack, a grapple. The target of your grapple must be no more than one size larger than you.',
  },
];

function question(text: string, extra: Partial<GenerateRequest> = {}): GenerateRequest {
  return {
    system: 'You answer rules questions for a game master. Cite the passages.',
    messages: [{ role: 'user', content: text, passages }],
    maxTokens: 800,
    ...extra,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

describe('ClaudeGenerator against the fake Messages API', () => {
  let fake: FakeAnthropic;
  let claude: ClaudeGenerator;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    claude = new ClaudeGenerator({ apiKey: 'test-key', baseUrl: fake.url, model: 'claude-haiku-4-5' });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  it('streams the answer through onText in order and returns the same text', async () => {
    const deltas: string[] = [];
    const result = await claude.generate(question('How long can someone hold their breath?', { onText: (d) => deltas.push(d) }));

    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(result.text);
    expect(result.text).toBe(
      'According to your tomes: A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds). [1]',
    );
    expect(result.engine).toBe('claude');
    expect(result.model).toBe('claude-haiku-4-5');
    expect(fake.requests[0].body.stream).toBe(true);
  });

  it('sends passages as search_result blocks, one text block per sentence, before the question', async () => {
    await claude.generate(question('How long can someone hold their breath?'));
    const { body, headers } = fake.requests[0];

    expect(headers.authorization ?? headers['x-api-key']).toMatch(/test-key$/);
    expect(body.model).toBe('claude-haiku-4-5');
    expect(body.max_tokens).toBe(800);
    expect(body.system).toBe('You answer rules questions for a game master. Cite the passages.');
    const content = body.messages[0].content as Array<Record<string, any>>;
    expect(content.map((block) => block.type)).toEqual(['search_result', 'search_result', 'search_result', 'text']);
    expect(content[0]).toMatchObject({
      source: 'chunk-suffocating',
      title: 'Basic Rules — p. 183 — Adventuring > Suffocating',
      citations: { enabled: true },
    });
    expect(content[0].content).toHaveLength(3);
    expect(content[0].content[1]).toEqual({
      type: 'text',
      text: 'When a creature runs out of breath, it can survive for a number of rounds equal to its Constitution modifier.',
    });
    expect(content[2].title).toBe('Combat Chapter');
    expect(content[3]).toEqual({ type: 'text', text: 'How long can someone hold their breath?' });
  });

  it('maps search_result_location citations to passage indexes, source ids and verbatim quotes', async () => {
    fake.setNext({
      kind: 'answer',
      blocks: [
        { text: 'You take ' },
        { text: '1d6 per 10 feet, up to 20d6', cite: [{ searchResult: 1, startBlock: 1, endBlock: 3 }] },
        { text: ', and a grappled foe must be at most one size larger', cite: [{ searchResult: 2, startBlock: 1 }] },
        { text: '.' },
      ],
    });
    const result = await claude.generate(question('What happens when I fall?'));

    expect(result.citations).toEqual([
      {
        passageIndex: 1,
        sourceId: 'chunk-falling',
        quote:
          'At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6. The creature lands prone, unless it avoids taking damage from the fall.',
      },
      {
        passageIndex: 2,
        sourceId: 'chunk-grappling',
        quote: 'The target of your grapple must be no more than one size larger than you.',
      },
    ]);
    for (const citation of result.citations) expect(passages[citation.passageIndex].content).toContain(citation.quote);
    expect(result.text).toBe('You take 1d6 per 10 feet, up to 20d6 [1], and a grappled foe must be at most one size larger [2].');
  });

  it('reuses the marker when the same passage sentence is cited twice', async () => {
    fake.setNext({
      kind: 'answer',
      blocks: [
        { text: 'Hold your breath', cite: [{ searchResult: 0 }] },
        { text: ' for minutes, not rounds', cite: [{ searchResult: 0 }] },
      ],
    });
    const result = await claude.generate(question('Breath?'));
    expect(result.citations).toHaveLength(1);
    expect(result.text).toBe('Hold your breath [1] for minutes, not rounds [1]');
  });

  it('parses usage from the streamed message', async () => {
    fake.setNext({
      kind: 'answer',
      text: 'Short answer.',
      usage: { input_tokens: 1234, output_tokens: 56, cache_read_input_tokens: 7, cache_creation_input_tokens: 8 },
    });
    const result = await claude.generate(question('Anything?'));
    expect(result.usage).toEqual({ inputTokens: 1234, outputTokens: 56, cacheReadTokens: 7, cacheWriteTokens: 8 });
    expect(result.citations).toEqual([]);
  });

  it('sends a cached document ahead of the first user turn and marks system and document for caching', async () => {
    const document = {
      sourceId: 'doc-heist',
      title: 'The Gilded Vault (adventure)',
      content: 'The vault door opens only at midnight. Its guardian is a bronze golem named Tallow. '.repeat(40),
    };
    const request: GenerateRequest = {
      system: 'You help the GM run this adventure.',
      cacheSystem: true,
      cacheDocument: document,
      messages: [
        { role: 'user', content: 'When does the vault open?' },
        { role: 'assistant', content: 'At midnight.' },
        { role: 'user', content: 'Who guards it?' },
      ],
      maxTokens: 500,
    };

    const first = await claude.generate(request);
    const second = await claude.generate(request);

    const body = fake.requests[0].body;
    expect(body.system).toEqual([{ type: 'text', text: 'You help the GM run this adventure.', cache_control: { type: 'ephemeral' } }]);
    const firstTurn = body.messages[0].content as Array<Record<string, any>>;
    expect(firstTurn[0]).toEqual({
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: document.content },
      title: 'The Gilded Vault (adventure)',
      citations: { enabled: true },
      cache_control: { type: 'ephemeral' },
    });
    expect(firstTurn[1]).toEqual({ type: 'text', text: 'When does the vault open?' });
    expect(body.messages[1]).toEqual({ role: 'assistant', content: 'At midnight.' });
    expect(body.messages[2]).toEqual({ role: 'user', content: 'Who guards it?' });

    expect(first.usage.cacheWriteTokens).toBeGreaterThan(0);
    expect(first.usage.cacheReadTokens).toBe(0);
    expect(second.usage.cacheReadTokens).toBe(first.usage.cacheWriteTokens);
    expect(second.usage.cacheWriteTokens).toBe(0);

    expect(first.citations).toEqual([{ passageIndex: -1, sourceId: 'doc-heist', quote: 'The vault door opens only at midnight.' }]);
  });

  it('forces the structured-output tool and returns its parsed input', async () => {
    const npc = { name: 'Vex Marrow', role: 'fence', traits: ['sly', 'owes the thieves guild'], level: 3 };
    fake.setNext({ kind: 'tool', input: npc });
    const inputSchema = {
      type: 'object' as const,
      properties: { name: { type: 'string' }, role: { type: 'string' }, traits: { type: 'array' }, level: { type: 'number' } },
      required: ['name'],
    };
    const result = await claude.generate({
      system: 'Create NPCs.',
      messages: [{ role: 'user', content: 'A fence for the docks district.' }],
      maxTokens: 1000,
      tool: { name: 'record_npc', description: 'Record the NPC.', inputSchema },
    });

    expect(result.toolInput).toEqual(npc);
    const body = fake.requests[0].body;
    expect(body.tools).toEqual([{ name: 'record_npc', description: 'Record the NPC.', input_schema: inputSchema }]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'record_npc' });
  });

  it('reports a missing or truncated structured answer clearly', async () => {
    const tool = { name: 'record_npc', description: 'Record the NPC.', inputSchema: { type: 'object' as const } };
    fake.setNext({ kind: 'answer', text: 'I would rather chat.' });
    const missing = await failureOf(claude.generate({ system: '', messages: [{ role: 'user', content: 'NPC' }], maxTokens: 100, tool }));
    expect(missing.kind).toBe('bad_response');
    expect(missing.message).toBe('The AI service did not return the structured answer that was asked for.');

    fake.setNext({ kind: 'tool', input: { name: 'Ve' }, stopReason: 'max_tokens' });
    const truncated = await failureOf(claude.generate({ system: '', messages: [{ role: 'user', content: 'NPC' }], maxTokens: 5, tool }));
    expect(truncated.message).toMatch(/cut off/);
  });

  it('turns 529 overloaded into a clear 503 error after one retry', async () => {
    fake.setNext({ kind: 'error', status: 529 }, { times: 2 });
    const error = await failureOf(claude.generate(question('Breath?')));
    expect(error.kind).toBe('overloaded');
    expect(error.status).toBe(503);
    expect(error.message).toBe('The AI service is overloaded right now. Try again in a minute.');
    expect(fake.requests).toHaveLength(2);
  });

  it('recovers when the retry succeeds', async () => {
    fake.setNext({ kind: 'error', status: 529 });
    const result = await claude.generate(question('Breath?'));
    expect(result.citations).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('turns a 500 into a 502 error', async () => {
    fake.setNext({ kind: 'error', status: 500 }, { times: 2 });
    const error = await failureOf(claude.generate(question('Breath?')));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(502);
    expect(error.message).toBe('The AI service failed to answer (error 500). Try again in a minute.');
  });

  it('passes on why a request was rejected, without retrying', async () => {
    fake.setNext({ kind: 'error', status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' });
    const error = await failureOf(claude.generate(question('Breath?')));
    expect(error.kind).toBe('rejected');
    expect(error.status).toBe(502);
    expect(error.message).toBe('The AI service rejected the request: prompt is too long: 210000 tokens > 200000 maximum');
    expect(fake.requests).toHaveLength(1);
  });

  it('names the key setting when the key is refused', async () => {
    fake.setNext({ kind: 'error', status: 401, message: 'invalid x-api-key' });
    const error = await failureOf(claude.generate(question('Breath?')));
    expect(error.kind).toBe('auth');
    expect(error.message).toBe('The AI service rejected the API key (ANTHROPIC_API_KEY): invalid x-api-key');
  });

  it('turns an overloaded error in the middle of the stream into the overloaded error', async () => {
    fake.setNext({ kind: 'stream-error', afterText: 'A creature can', type: 'overloaded_error' });
    const error = await failureOf(claude.generate(question('Breath?')));
    expect(error.kind).toBe('overloaded');
  });

  it('times out when the service never answers', async () => {
    // The fake never answers, so only the 300 ms timeout ends this call (else the test itself times out).
    fake.setNext({ kind: 'hang' }, { times: 2 });
    const error = await failureOf(claude.generate(question('Breath?', { timeoutMs: 300 })));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(504);
    expect(error.message).toBe('The AI service did not answer in time. Try again in a minute.');
  });

  it('times out when the stream stalls after it started', async () => {
    fake.setNext({ kind: 'hang', afterHeaders: true });
    const error = await failureOf(claude.generate(question('Breath?', { timeoutMs: 300 })));
    expect(error.kind).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    fake.setNext({ kind: 'hang', afterHeaders: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failureOf(claude.generate(question('Breath?', { signal: controller.signal })));
    expect(error.kind).toBe('aborted');
  });

  it('lets a failing onText callback fail the call as itself', async () => {
    const boom = new Error('client went away');
    const error = await claude
      .generate(
        question('Breath?', {
          onText: () => {
            throw boom;
          },
        }),
      )
      .catch((caught: unknown) => caught);
    expect(error).toBe(boom);
  });

  it('reports an unreachable service', async () => {
    const closed = await startFakeAnthropic();
    await closed.close();
    const offline = new ClaudeGenerator({ apiKey: 'k', baseUrl: closed.url, model: 'claude-haiku-4-5', maxRetries: 0 });
    const error = await failureOf(offline.generate(question('Breath?')));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/could not be reached/);
  });

  it('(fake) answers non-streaming requests with a whole message, tool use included', async () => {
    const sdk = new Anthropic({ apiKey: 'k', baseURL: fake.url, maxRetries: 0 });
    fake.setNext({ kind: 'tool', input: { title: 'Goblin ambush' } });
    const message = await sdk.messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'An encounter, please.' }],
      tools: [{ name: 'record_encounter', input_schema: { type: 'object' } }],
      tool_choice: { type: 'tool', name: 'record_encounter' },
    });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'record_encounter', input: { title: 'Goblin ambush' } })]);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
  });
});

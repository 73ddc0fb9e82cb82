import { describe, expect, it } from 'vitest';
import { AiProviderError } from './errors';
import { answerPieces, NO_PASSAGES_MESSAGE, OFFLINE_NOTE, OfflineGenerator } from './offline-generator';
import type { GenerateRequest, GenerateResult, Passage } from './types';

// Retrieval order is deliberately unhelpful: the passage that answers is rarely first.
const passages: Passage[] = [
  {
    sourceId: 'chunk-resting',
    title: 'Player Handbook',
    page: 186,
    headingPath: 'Adventuring > Resting',
    content:
      'A short rest is a period of downtime, at least 1 hour long, during which a character does nothing more strenuous than eating, drinking, reading, and tending to wounds. A long rest is a period of extended downtime, at least 8 hours long. A character can benefit from only one long rest in a 24-hour period.',
  },
  {
    sourceId: 'chunk-falling',
    title: 'Player Handbook',
    page: 183,
    headingPath: 'Adventuring > Falling',
    content:
      'A fall from a great height is one of the most common hazards facing an adventurer. At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6. The creature lands prone, unless it avoids taking damage from the fall.',
  },
  {
    sourceId: 'chunk-suffocating',
    title: 'Player Handbook',
    page: 183,
    headingPath: 'Adventuring > Suffocating',
    content:
      "Suffocating\nA creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds). When a creature runs out of breath or is choking, it can survive for a number of rounds equal to its Constitution modifier (minimum of 1 round). At the start of its next turn, it drops to 0 hit points and is dying, and it can't regain hit points or be stabilized until it can breathe again.",
  },
  {
    sourceId: 'chunk-grappling',
    title: 'Combat Chapter',
    page: 195,
    content:
      "When you want to grab a creature or wrestle with it, you can use the Attack action to make a special melee attack, a grapple. If you're able to make multiple attacks with the Attack action, this attack replaces one of them. The target of your grapple must be no more than one size larger than you and must be within your reach.",
  },
  {
    sourceId: 'chunk-death-saves',
    title: 'Combat Chapter',
    page: 197,
    content:
      'Whenever you start your turn with 0 hit points, you must make a special saving throw, called a death saving throw, to determine whether you creep closer to death or hang onto life. Roll a d20. If the roll is 10 or higher, you succeed. Otherwise, you fail. On your third success, you become stable. On your third failure, you die.',
  },
];

const generator = new OfflineGenerator();

function ask(question: string, extra: Partial<GenerateRequest> = {}): Promise<GenerateResult> {
  return generator.generate({
    system: 'Answer rules questions.',
    messages: [{ role: 'user', content: question, passages }],
    maxTokens: 600,
    ...extra,
  });
}

function expectHonestCitations(result: GenerateResult): void {
  expect(result.citations.length).toBeGreaterThan(0);
  result.citations.forEach((citation, index) => {
    const passage = passages[citation.passageIndex];
    expect(citation.sourceId).toBe(passage.sourceId);
    expect(passage.content).toContain(citation.quote);
    expect(result.text).toContain(`[${index + 1}]`);
  });
  expect(result.text).not.toContain(`[${result.citations.length + 1}]`);
}

describe('OfflineGenerator', () => {
  it('says it is the offline engine and answers from the passage that matches', async () => {
    const result = await ask('How long can someone hold their breath?');

    expect(result.text.startsWith(OFFLINE_NOTE)).toBe(true);
    expect(result.engine).toBe('offline');
    expect(result.model).toBe('offline-extractive-v1');
    expectHonestCitations(result);
    expect(result.citations[0]).toEqual({
      passageIndex: 2,
      sourceId: 'chunk-suffocating',
      quote: 'A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds).',
    });
    expect(result.text).toContain('**Player Handbook** (p. 183, Adventuring > Suffocating)');
  });

  it('finds the falling rule for a question about falling', async () => {
    const result = await ask('How much damage does a character take when they fall 30 feet?');
    expectHonestCitations(result);
    expect(result.citations[0].sourceId).toBe('chunk-falling');
    expect(result.citations.map((citation) => citation.quote)).toContain(
      'At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6.',
    );
  });

  it('understands GM phrasing through the synonym map', async () => {
    const grab = await ask('Can my fighter grab an ogre that is bigger than him?');
    expectHonestCitations(grab);
    expect(grab.citations.every((citation) => citation.sourceId === 'chunk-grappling')).toBe(true);

    const dying = await ask('What happens when a character is dying?');
    expectHonestCitations(dying);
    expect(dying.citations.map((citation) => citation.sourceId)).toContain('chunk-death-saves');
  });

  it('quotes retrieval’s best passage too when a lower passage leads', async () => {
    const ranked: Passage[] = [
      {
        sourceId: 'chunk-spell',
        title: 'Spells',
        headingPath: 'Spell Descriptions > Invisibility',
        content: 'A creature you touch becomes invisible until the spell ends.',
      },
      {
        sourceId: 'chunk-potion',
        title: 'Magic Items',
        headingPath: 'Magic Items > Potion of Invisibility',
        content: 'The invisibility ends early if you attack or cast a spell. Invisibility ends early at dawn. When does invisibility end early? When you attack.',
      },
    ];
    const result = await generator.generate({
      system: '',
      messages: [{ role: 'user', content: 'When does invisibility end early?', passages: ranked }],
      maxTokens: 256,
    });
    expect(result.citations[0].sourceId).toBe('chunk-potion');
    expect(result.citations.map((c) => c.sourceId)).toContain('chunk-spell');
  });

  it('quotes more sentences when allowed more tokens', async () => {
    const short = await ask('How long can someone hold their breath?', { maxTokens: 200 });
    const long = await ask('How long can someone hold their breath?', { maxTokens: 4000 });
    expect(short.citations.length).toBeLessThanOrEqual(2);
    expect(long.citations.length).toBeGreaterThan(short.citations.length);
    expect(long.citations.length).toBeLessThanOrEqual(5);
    expectHonestCitations(long);
  });

  it('streams the answer through onText', async () => {
    const pieces: string[] = [];
    const result = await ask('How long is a long rest?', { onText: (piece) => pieces.push(piece) });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(result.text);
  });

  it('says plainly when no passages were found', async () => {
    const result = await generator.generate({
      system: 'Answer rules questions.',
      messages: [{ role: 'user', content: 'How does flanking work?', passages: [] }],
      maxTokens: 600,
    });
    expect(result.text).toBe(`${OFFLINE_NOTE}\n\n${NO_PASSAGES_MESSAGE}`);
    expect(result.citations).toEqual([]);
  });

  it('admits when no passage matches, and shows the closest one', async () => {
    const result = await ask('What is the airspeed velocity of an unladen swallow?');
    expect(result.text).toContain('None of the passages found in your tomes clearly answers this.');
    expectHonestCitations(result);
    expect(result.citations).toHaveLength(1);
    expect(result.citations[0].passageIndex).toBe(0);
  });

  it('answers from a cached document in document chat', async () => {
    const result = await generator.generate({
      system: '',
      cacheDocument: {
        sourceId: 'doc-vault',
        title: 'The Gilded Vault',
        content: 'The vault lies under the old mint. The vault door opens only at midnight. A bronze golem named Tallow guards it.',
      },
      messages: [{ role: 'user', content: 'When does the vault door open?' }],
      maxTokens: 300,
    });
    expect(result.citations[0]).toEqual({ passageIndex: -1, sourceId: 'doc-vault', quote: 'The vault door opens only at midnight.' });
  });

  it('estimates usage and costs nothing', async () => {
    const result = await ask('How long can someone hold their breath?');
    expect(result.usage.inputTokens).toBeGreaterThan(200);
    expect(result.usage.outputTokens).toBe(Math.ceil(result.text.length / 4));
    expect(result.usage.cacheReadTokens + result.usage.cacheWriteTokens).toBe(0);
  });

  it('streams sentence by sentence, each piece on its own turn of the event loop, opening with its note', async () => {
    const pieces: string[] = [];
    const turnsSeen: boolean[] = [];
    let turned = false;
    const result = await ask('How long can a creature hold its breath, and what happens when it runs out of breath?', {
      maxTokens: 2000,
      onText: (piece) => {
        turnsSeen.push(turned);
        turned = false;
        setImmediate(() => (turned = true));
        pieces.push(piece);
      },
    });
    expect(pieces.join('')).toBe(result.text);
    expect(pieces[0]).toBe(generator.opening);
    expect(result.citations.length).toBeGreaterThan(1);
    // One piece per paragraph and per cited sentence: no piece holds two citation markers.
    for (const piece of pieces) expect((piece.match(/\[\d+\]/g) ?? []).length).toBeLessThanOrEqual(1);
    expect(pieces.length).toBeGreaterThanOrEqual(2 + result.citations.length);
    expect(turnsSeen.slice(1).every(Boolean)).toBe(true);
  });

  it('opens every answer with its opening, even when nothing matched', async () => {
    const none = await generator.generate({ system: '', messages: [{ role: 'user', content: 'Anything?', passages: [] }], maxTokens: 300 });
    expect(none.text.startsWith(generator.opening)).toBe(true);
    expect((await ask('What colour is the moon of Zzyzx?')).text.startsWith(generator.opening)).toBe(true);
    expect(answerPieces('a\n\n> one [1] two [2]')).toEqual(['a\n\n', '> one [1]', ' two [2]']);
  });

  it('refuses structured output and points to the offline extractor', async () => {
    const error = await ask('Make an NPC', {
      tool: { name: 'record_npc', description: 'Record an NPC', inputSchema: { type: 'object' } },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).kind).toBe('unsupported');
    expect((error as AiProviderError).message).toMatch(/offline extractor/);
  });
});

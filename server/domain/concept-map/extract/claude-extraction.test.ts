import { describe, expect, it } from 'vitest';
import { claudeExtractionSchema, parseClaudeExtraction } from './claude-extraction';
import { mergeExtractions } from './merge';
import { CONCEPT_TYPES } from './types';

const CHUNK = 'Mirela Voss captains the barge Gull’s Promise. The Veiled Abbess leads the Order of the Pale Lantern. ' + 'The Order meets at the Drowned Chapel.';

describe('claudeExtractionSchema', () => {
  it('asks for concepts of our eight types and relationships with strength 1..10', () => {
    const concept = claudeExtractionSchema.properties.concepts.items;
    const relationship = claudeExtractionSchema.properties.relationships.items;
    expect(claudeExtractionSchema.type).toBe('object');
    expect(claudeExtractionSchema.required).toEqual(['concepts', 'relationships']);
    expect(concept.properties.type.enum).toEqual([...CONCEPT_TYPES]);
    expect(concept.required).toEqual(['name', 'type', 'description']);
    expect(relationship.required).toEqual(['source', 'target', 'relationship', 'strength']);
    expect(relationship.properties.strength).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
    expect(JSON.parse(JSON.stringify(claudeExtractionSchema))).toEqual(claudeExtractionSchema);
  });
});

describe('parseClaudeExtraction', () => {
  const input = {
    concepts: [
      { name: 'Mirela Voss', type: 'character', description: 'Captain of the barge.', aliases: ['Captain Voss'] },
      { name: "Gull's Promise", type: 'Artifact', description: 'A barge.' },
      { name: 'The Veiled Abbess', type: 'person', description: 'Leader of the order.' },
      { name: 'Order of the Pale Lantern', type: 'faction', description: 'Zealots.', aliases: ['the Order'] },
      { name: 'Drowned Chapel', type: 'shrine', description: 'A half-sunk shrine.' },
      { name: '', type: 'location', description: 'nameless' },
      { type: 'location', description: 'no name at all' },
      'not an object',
    ],
    relationships: [
      { source: 'Captain Voss', target: "Gull's Promise", relationship: 'Captains', strength: 14 },
      { source: 'Veiled Abbess', target: 'The Order of the Pale Lantern', relationship: 'leads', strength: '7' },
      { source: 'the Order', target: 'Drowned Chapel', relationship: 'meets at', strength: 0 },
      { source: 'Mirela Voss', target: 'Ardent Vael', relationship: 'hunts', strength: 5 },
      { source: 'Mirela Voss', target: 'Mirela Voss', relationship: 'is', strength: 5 },
      { source: 'Mirela Voss', target: 'Drowned Chapel', relationship: '', strength: 5 },
      { source: 'Mirela Voss', target: 'Drowned Chapel', relationship: 'visits' },
    ],
  };
  const result = parseClaudeExtraction(input, 'doc-9', CHUNK);

  it('keeps valid concepts under normalised keys and drops invalid ones', () => {
    expect(result.concepts.map((c) => [c.key, c.type])).toEqual([
      ['mirela voss', 'character'],
      ['gulls promise', 'item'],
      ['veiled abbess', 'character'],
      ['order of the pale lantern', 'organization'],
      ['drowned chapel', 'concept'],
    ]);
    expect(result.concepts[2].name).toBe('Veiled Abbess');
    expect(result.concepts[0].aliases).toEqual(['Captain Voss']);
  });

  it('resolves relationship ends by name or alias, drops unknown ones, clamps strength', () => {
    expect(result.relationships.map((r) => [r.sourceKey, r.relationship, r.targetKey, r.strength, r.count])).toEqual([
      ['mirela voss', 'captains', 'gulls promise', 10, 1],
      ['veiled abbess', 'leads', 'order of the pale lantern', 7, 1],
      ['order of the pale lantern', 'meets at', 'drowned chapel', 1, 1],
      ['mirela voss', 'visits', 'drowned chapel', 5, 1],
    ]);
  });

  it('quotes the sentence of the chunk naming the concept or both ends', () => {
    expect(result.concepts[0].sources).toEqual([{ documentId: 'doc-9', quote: 'Mirela Voss captains the barge Gull’s Promise.' }]);
    expect(result.relationships[1].sources[0].quote).toBe('The Veiled Abbess leads the Order of the Pale Lantern.');
    // The chunk spells it Gull’s, Claude Gull's.
    expect(result.concepts[1].sources[0].quote).toBe('Mirela Voss captains the barge Gull’s Promise.');
    const withoutQuotes = parseClaudeExtraction(input, 'doc-9');
    expect(withoutQuotes.concepts.every((c) => c.sources.length === 0)).toBe(true);
  });

  it('accepts the tool input as a JSON string and missing arrays as empty', () => {
    expect(parseClaudeExtraction(JSON.stringify({ concepts: [{ name: 'Greywater', type: 'location', description: 'A town.' }] }), 'd').concepts).toHaveLength(1);
    expect(parseClaudeExtraction({}, 'd')).toEqual({ concepts: [], relationships: [] });
  });

  it('rejects input that is not an object of arrays', () => {
    expect(() => parseClaudeExtraction(null, 'd')).toThrow();
    expect(() => parseClaudeExtraction({ concepts: 'Greywater' }, 'd')).toThrow();
    expect(() => parseClaudeExtraction('not json', 'd')).toThrow();
  });

  it('merges per-chunk results like any other', () => {
    const second = parseClaudeExtraction(
      {
        concepts: [
          { name: 'Captain Mirela Voss', type: 'character', description: '' },
          { name: 'Gull’s Promise', type: 'item', description: 'Her barge.' },
        ],
        relationships: [{ source: 'Captain Mirela Voss', target: 'Gull’s Promise', relationship: 'captains', strength: 6 }],
      },
      'doc-9',
    );
    const merged = mergeExtractions([result, second]);
    expect(merged.concepts.filter((c) => c.key === 'mirela voss')).toHaveLength(1);
    expect(merged.concepts.find((c) => c.key === 'mirela voss')!.aliases).toEqual(expect.arrayContaining(['Captain Voss', 'Captain Mirela Voss']));
    const captains = merged.relationships.filter((r) => r.relationship === 'captains');
    expect(captains).toHaveLength(1);
    expect(captains[0]).toMatchObject({ sourceKey: 'mirela voss', targetKey: 'gulls promise', count: 2, strength: 10 });
  });
});

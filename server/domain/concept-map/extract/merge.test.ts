import { describe, expect, it } from 'vitest';
import { mergeExtractions } from './merge';
import type { ConceptType, ExtractedConcept, ExtractedRelationship, ExtractionResult } from './types';
import { normalizeKey } from './names';

function concept(name: string, type: ConceptType, extra: Partial<ExtractedConcept> = {}): ExtractedConcept {
  return {
    key: normalizeKey(name),
    name,
    type,
    description: '',
    aliases: [],
    sources: [{ documentId: 'd1', quote: `A sentence about ${name}.` }],
    ...extra,
  };
}

function link(source: string, relationship: string, target: string, strength = 5, count = 1): ExtractedRelationship {
  return {
    sourceKey: normalizeKey(source),
    targetKey: normalizeKey(target),
    relationship,
    strength,
    count,
    sources: [{ documentId: 'd1', quote: `${source} ${relationship} ${target}.` }],
  };
}

const byName = (result: ExtractionResult, name: string) =>
  result.concepts.find((c) => c.key === normalizeKey(name) || c.aliases.some((a) => normalizeKey(a) === normalizeKey(name)));

describe('mergeExtractions', () => {
  const chunkA: ExtractionResult = {
    concepts: [
      concept('The Veiled Abbess', 'character', { description: 'Leader of the Order of the Pale Lantern.' }),
      concept('Order of the Pale Lantern', 'organization'),
      concept('Captain Hollis Quenby', 'character'),
      concept('Greywater', 'location'),
    ],
    relationships: [link('The Veiled Abbess', 'leads', 'Order of the Pale Lantern', 6), link('Captain Hollis Quenby', 'rules', 'Greywater', 4)],
  };
  const chunkB: ExtractionResult = {
    concepts: [
      concept('Veiled Abbess', 'character', { aliases: ['the Abbess'] }),
      concept('Pale Lantern', 'organization'),
      concept('HOLLIS QUENBY', 'concept'),
      concept('Greywater', 'organization'),
    ],
    relationships: [
      link('Veiled Abbess', 'Leads', 'Pale Lantern', 8, 2),
      link('Hollis Quenby', 'associated with', 'Greywater', 2),
      link('Pale Lantern', 'associated with', 'Veiled Abbess', 1),
    ],
  };
  const chunkC: ExtractionResult = {
    concepts: [concept('Quenby', 'character'), concept('Greywater', 'location'), concept('Abbess', 'character')],
    relationships: [link('Quenby', 'rules', 'Greywater', 3), link('Quenby', 'bribed by', 'Abbess', 5)],
  };
  const merged = mergeExtractions([chunkA, chunkB, chunkC]);

  it('makes one concept of one thing under different spellings and titles', () => {
    // Equally used, the fuller spelling names the concept.
    expect(merged.concepts.map((c) => c.key).sort()).toEqual(['greywater', 'hollis quenby', 'order of the pale lantern', 'veiled abbess']);
    expect(byName(merged, 'Quenby')?.key).toBe('hollis quenby');
    expect(byName(merged, 'Pale Lantern')?.key).toBe('order of the pale lantern');
  });

  it('keeps the other spellings as aliases', () => {
    expect(byName(merged, 'Hollis Quenby')!.aliases).toEqual(expect.arrayContaining(['Captain Hollis Quenby', 'Quenby']));
    expect(byName(merged, 'Pale Lantern')!.aliases).toContain('Pale Lantern');
    expect(byName(merged, 'Veiled Abbess')!.aliases).toEqual(expect.arrayContaining(['Abbess']));
    expect(byName(merged, 'Veiled Abbess')!.name).toBe('Veiled Abbess');
  });

  it('decides the type by majority, an untyped report not counting', () => {
    expect(byName(merged, 'Greywater')!.type).toBe('location');
    expect(byName(merged, 'Hollis Quenby')!.type).toBe('character');
  });

  it('keeps the first description and unions the sources', () => {
    const abbess = byName(merged, 'Veiled Abbess')!;
    expect(abbess.description).toBe('Leader of the Order of the Pale Lantern.');
    expect(abbess.sources.map((s) => s.quote)).toEqual(['A sentence about The Veiled Abbess.', 'A sentence about Veiled Abbess.', 'A sentence about Abbess.']);
  });

  it('deduplicates relationships between merged concepts, summing counts and raising strength', () => {
    const leads = merged.relationships.filter((r) => r.relationship === 'leads');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ sourceKey: 'veiled abbess', targetKey: 'order of the pale lantern', count: 3 });
    // strongest report 8, +1 for two agreeing reports, +1 for the folded co-occurrence
    expect(leads[0].strength).toBe(10);
    expect(leads[0].sources).toHaveLength(2);

    const rules = merged.relationships.filter((r) => r.relationship === 'rules');
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ sourceKey: 'hollis quenby', targetKey: 'greywater', count: 2 });
    expect(rules[0].strength).toBe(6);
  });

  it('drops co-occurrence edges where a stated relationship exists', () => {
    expect(merged.relationships.filter((r) => r.relationship === 'associated with')).toEqual([]);
    expect(merged.relationships.map((r) => r.relationship).sort()).toEqual(['bribed by', 'leads', 'rules']);
  });

  it('keeps every strength in 1..10', () => {
    const wild = mergeExtractions([
      { concepts: [concept('A One', 'item'), concept('B Two', 'item')], relationships: [link('A One', 'holds', 'B Two', 99), link('B Two', 'holds', 'A One', -4)] },
    ]);
    expect(wild.relationships.map((r) => r.strength).sort()).toEqual([1, 10]);
  });

  it('does not join a short name that fits two longer ones', () => {
    const result = mergeExtractions([
      { concepts: [concept('Mara Voss', 'character'), concept('Ilya Voss', 'character'), concept('Voss', 'character')], relationships: [] },
    ]);
    expect(result.concepts).toHaveLength(3);
  });

  it('drops relationships whose ends are unknown or the same concept', () => {
    const result = mergeExtractions([
      {
        concepts: [concept('Hollis Quenby', 'character'), concept('Magistrate Hollis Quenby', 'character')],
        relationships: [link('Hollis Quenby', 'bribes', 'Nobody'), link('Hollis Quenby', 'is', 'Magistrate Hollis Quenby')],
      },
    ]);
    expect(result.concepts).toHaveLength(1);
    expect(result.relationships).toEqual([]);
  });

  it('caps sources per concept', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ documentId: 'd', quote: `Quote ${i}` }));
    const result = mergeExtractions([
      { concepts: [concept('Greywater', 'location', { sources: many.slice(0, 8) })], relationships: [] },
      { concepts: [concept('Greywater', 'location', { sources: many.slice(5) })], relationships: [] },
    ]);
    expect(result.concepts[0].sources).toHaveLength(10);
    expect(new Set(result.concepts[0].sources.map((s) => s.quote)).size).toBe(10);
  });

  it('merges nothing into nothing', () => {
    expect(mergeExtractions([])).toEqual({ concepts: [], relationships: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { parseClaudeExtraction } from './claude-extraction';
import { mergeExtractions } from './merge';
import { extractConceptsOffline } from './offline-extractor';
import { isWorldConceptName } from './world-concepts';

/** Session notes as a GM writes them: section headings over the things, and the file's own name on a line. */
const NOTES = [
  'greywater-session-notes.md',
  '',
  '# People',
  '',
  '**Wenna Corlis** is the harbourmaster of Greywater. Wenna Corlis answers to the Salt Guild.',
  '',
  '**Hollis Quenby** is the magistrate of Greywater. Hollis Quenby takes bribes from the Pale Lantern.',
  '',
  '# Places',
  '',
  '**The Drowned Chapel** lies under the harbour of Greywater. The Pale Lantern meets at the Drowned Chapel.',
  '',
  '## Notable Locations',
  '',
  '**Saltmere Lighthouse** guards the estuary beside Greywater.',
].join('\n');

const names = (result: { concepts: Array<{ name: string }> }) => result.concepts.map((concept) => concept.name);
const notOfTheWorld = ['People', 'Places', 'Notable Locations', 'greywater-session-notes.md', 'greywater-session-notes'];

describe('the concept map keeps only concepts of the world', () => {
  it('leaves section headings and the file name out of the offline reading', () => {
    const map = mergeExtractions([extractConceptsOffline({ documentId: 'd1', chunks: [{ text: NOTES }] })]);
    for (const name of notOfTheWorld) expect(names(map)).not.toContain(name);
    expect(names(map)).toEqual(expect.arrayContaining(['Wenna Corlis', 'Hollis Quenby', 'Greywater']));
    expect(map.concepts.every((concept) => /\p{L}/u.test(concept.name))).toBe(true);
  });

  it('leaves them out of a model reading too, with their relationships', () => {
    const reading = parseClaudeExtraction(
      {
        concepts: [
          { name: 'People', type: 'concept', description: 'A section.' },
          { name: 'Places', type: 'location', description: 'A section.' },
          { name: 'greywater-session-notes.md', type: 'lore', description: 'The file.' },
          { name: 'session_03', type: 'event', description: 'The file.' },
          { name: '—', type: 'concept', description: 'Nothing.' },
          { name: 'Wenna Corlis', type: 'character', description: 'Harbourmaster.' },
          { name: 'Greywater', type: 'location', description: 'A harbour town.' },
        ],
        relationships: [
          { source: 'Wenna Corlis', target: 'People', relationship: 'listed under', strength: 3 },
          { source: 'Places', target: 'Greywater', relationship: 'lists', strength: 3 },
          { source: 'Wenna Corlis', target: 'Greywater', relationship: 'keeps the docks of', strength: 6 },
        ],
      },
      'd1',
      NOTES,
    );
    const map = mergeExtractions([reading]);
    expect(names(map).sort()).toEqual(['Greywater', 'Wenna Corlis']);
    expect(map.relationships.map((relationship) => relationship.relationship)).toEqual(['keeps the docks of']);
  });

  it('tells world names from a document’s parts', () => {
    for (const name of ['Greywater', 'Half-Elf', 'The Drowned Chapel', 'Order of the Pale Lantern', 'Saltmere Lighthouse', 'Chapel St. Ives'])
      expect(isWorldConceptName(name), name).toBe(true);
    for (const name of [
      'People',
      'Places',
      'Key NPCs',
      'Chapter 3',
      'Session 12',
      'Places of Note',
      'notes.txt',
      'ember-crown-lore',
      'session_notes',
      'session03',
      '',
      '  ',
      '***',
      '42',
    ])
      expect(isWorldConceptName(name), name).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { extractConceptsOffline } from './offline-extractor';
import { normalizeKey } from './names';
import type { ConceptType, ExtractedConcept, ExtractionResult } from './types';

const NOTES = `# The Thornwood Compact: campaign notes

## The Moonveil Lance
A relic of the vanished Starling Queens, hidden in the crypts of **Hollowmere Abbey** after the **Siege of Saltreach**.
The warlock **Corvin Ashdown** seeks it to wake the drowned god **Ulmara**.

## Places
- **Saltreach**: a walled port city ruled by Duchess Ilse Marrow. Its harbourmaster is Pell Ondry.
- **Hollowmere Abbey**: a ruined monastery north of Saltreach, where the Lance lies.
- **The Gloam Forest**: a haunted forest beyond the river Sable.

## Factions
- **The Brotherhood of the Grey Tide**: smugglers of Saltreach; rivals of the Amber Court. Led by **Corvin Ashdown**.
- **The Amber Court**: nobles loyal to Duchess Ilse Marrow.

## People
- **Ilse Marrow**: duchess of Saltreach, secretly in debt to the Brotherhood of the Grey Tide.
- **Captain Odo Fenwright**: captain of the galleon Restless Gull, ally of the party.
- **Pell Ondry**: harbourmaster of Saltreach.

## Timeline
- Session 3: the party must recover the Moonveil Lance before the new moon.
- Session 4: Corvin Ashdown betrays Duchess Ilse Marrow at the Saltreach docks.
`;

const LOG = `[2026-04-02 19:10] Recap: the party reaches Saltreach at dusk. Harbourmaster Pell Ondry warns them that the Grey Tide watches the docks.
[2026-04-02 19:40] Combat: three Grey Tide smugglers ambush the party. Captain Fenwright says the Lance was sealed beneath Hollowmere Abbey.
[2026-04-02 20:05] Present: Mara (Odo Fenwright), Teo (Pell Ondry).`;

function extract(...texts: string[]): ExtractionResult {
  return extractConceptsOffline({ documentId: 'doc-1', chunks: texts.map((text, chunkId) => ({ chunkId, text })) });
}

function concept(result: ExtractionResult, name: string): ExtractedConcept | undefined {
  const key = normalizeKey(name);
  return result.concepts.find((c) => c.key === key || c.aliases.some((alias) => normalizeKey(alias) === key));
}

function relationship(result: ExtractionResult, source: string, label: string, target: string) {
  const from = concept(result, source)?.key;
  const to = concept(result, target)?.key;
  return result.relationships.find((r) => r.sourceKey === from && r.targetKey === to && r.relationship === label);
}

describe('extractConceptsOffline on campaign notes', () => {
  const result = extract(NOTES, LOG);

  it.each<[string, ConceptType]>([
    ['Moonveil Lance', 'item'],
    ['Hollowmere Abbey', 'location'],
    ['Saltreach', 'location'],
    ['Gloam Forest', 'location'],
    ['Sable', 'location'],
    ['Corvin Ashdown', 'character'],
    ['Ilse Marrow', 'character'],
    ['Odo Fenwright', 'character'],
    ['Pell Ondry', 'character'],
    ['Brotherhood of the Grey Tide', 'organization'],
    ['Amber Court', 'organization'],
    ['Ulmara', 'lore'],
    ['Siege of Saltreach', 'event'],
    ['Restless Gull', 'item'],
    ['Recover the Moonveil Lance', 'mission'],
  ])('finds %s as a %s', (name, type) => {
    expect(concept(result, name)?.type).toBe(type);
  });

  it('merges spellings and titles of one thing, keeping them as aliases', () => {
    expect(concept(result, 'Grey Tide')?.key).toBe('brotherhood of the grey tide');
    expect(concept(result, 'Lance')?.key).toBe('moonveil lance');
    expect(concept(result, 'Captain Fenwright')?.key).toBe('odo fenwright');
    expect(concept(result, 'Ilse Marrow')?.aliases).toContain('Duchess Ilse Marrow');
    expect(concept(result, 'Pell Ondry')?.aliases).toContain('Harbourmaster Pell Ondry');
    expect(result.concepts.filter((c) => c.key.includes('marrow'))).toHaveLength(1);
  });

  it('leaves out section labels, log labels, players and the party', () => {
    for (const name of ['Places', 'Session', 'Recap', 'Combat', 'Present', 'Mara', 'Teo', 'party', 'Thornwood Compact']) {
      expect(concept(result, name), name).toBeUndefined();
    }
  });

  it.each([
    ['Corvin Ashdown', 'leads', 'Brotherhood of the Grey Tide'], // 'Led by Corvin Ashdown' in the Brotherhood's entry
    ['Moonveil Lance', 'sealed beneath', 'Hollowmere Abbey'],
    ['Odo Fenwright', 'captain of', 'Restless Gull'],
    ['Pell Ondry', 'harbourmaster of', 'Saltreach'], // 'Its harbourmaster is Pell Ondry' in Saltreach's entry
    ['Ilse Marrow', 'rules', 'Saltreach'], // 'ruled by Duchess Ilse Marrow'
    ['Ilse Marrow', 'duchess of', 'Saltreach'],
    ['Hollowmere Abbey', 'north of', 'Saltreach'],
    ['Brotherhood of the Grey Tide', 'rivals of', 'Amber Court'],
    ['Brotherhood of the Grey Tide', 'smugglers of', 'Saltreach'],
    ['Moonveil Lance', 'relic of', 'Starling Queens'],
    ['Corvin Ashdown', 'seeks', 'Moonveil Lance'], // 'seeks it' under the Lance's heading
    ['Corvin Ashdown', 'betrays', 'Ilse Marrow'],
    ['Recover the Moonveil Lance', 'involves', 'Moonveil Lance'],
  ])('relates %s —%s→ %s', (source, label, target) => {
    expect(relationship(result, source, label, target)).toBeDefined();
  });

  it('says nothing about what someone merely reports', () => {
    const fenwright = concept(result, 'Odo Fenwright')!.key;
    const lance = concept(result, 'Moonveil Lance')!.key;
    const stated = result.relationships.filter((r) => r.sourceKey === fenwright && r.targetKey === lance && r.relationship !== 'associated with');
    expect(stated).toEqual([]);
  });

  it('grows strength with support and keeps it in 1..10', () => {
    for (const r of result.relationships) {
      expect(r.strength).toBeGreaterThanOrEqual(1);
      expect(r.strength).toBeLessThanOrEqual(10);
      expect(r.count).toBeGreaterThanOrEqual(1);
    }
    const twice = relationship(result, 'Pell Ondry', 'harbourmaster of', 'Saltreach')!;
    const once = relationship(result, 'Odo Fenwright', 'captain of', 'Restless Gull')!;
    expect(twice.count).toBe(2);
    expect(twice.strength).toBeGreaterThan(once.strength);
    const associations = result.relationships.filter((r) => r.relationship === 'associated with');
    expect(associations.length).toBeGreaterThan(0);
    expect(Math.max(...associations.map((r) => r.strength))).toBeLessThan(once.strength);
  });

  it('adds no co-occurrence edge where a stated relationship exists', () => {
    const pairs = new Set(result.relationships.filter((r) => r.relationship !== 'associated with').map((r) => [r.sourceKey, r.targetKey].sort().join('|')));
    const duplicated = result.relationships.filter((r) => r.relationship === 'associated with' && pairs.has([r.sourceKey, r.targetKey].sort().join('|')));
    expect(duplicated).toEqual([]);
  });

  it('describes a concept by the sentence that defines it', () => {
    expect(concept(result, 'Saltreach')?.description).toBe('Saltreach: a walled port city ruled by Duchess Ilse Marrow.');
    expect(concept(result, 'Moonveil Lance')?.description).toMatch(/^A relic of the vanished Starling Queens/);
    expect(concept(result, 'Pell Ondry')?.description).toBe('Pell Ondry: harbourmaster of Saltreach.');
  });

  it('keeps the sentences it read as sources, without markdown', () => {
    const abbey = concept(result, 'Hollowmere Abbey')!;
    expect(abbey.sources.length).toBeGreaterThan(1);
    for (const source of abbey.sources) {
      expect(source.documentId).toBe('doc-1');
      expect(source.quote).not.toMatch(/\*\*/);
      expect(source.quote.toLowerCase()).toMatch(/hollowmere abbey|abbey/);
    }
    expect(relationship(result, 'Moonveil Lance', 'sealed beneath', 'Hollowmere Abbey')!.sources[0].quote).toBe(
      'Captain Fenwright says the Lance was sealed beneath Hollowmere Abbey.',
    );
  });
});

const PROSE = `Lady Seraphine Vox rules the city of Amberlight from the Glass Spire. Her brother, Lord Tavian Vox, commands the Ninth Legion. The Ninth Legion guards the Ashfall Pass against the orcs of Clan Redmaw.

Seraphine distrusts the Cult of the Hollow Star, whose prophet, Mother Ilka, preaches that the Starfall Prophecy will come true. Ilka said the Crown of Thorns was stolen from the Glass Spire during the Festival of Masks.

The heroes must find the Crown of Thorns before the eclipse. John Smith, a merchant from Paris, sells maps of the Ashfall Pass.`;

describe('extractConceptsOffline on plain prose', () => {
  const result = extract(PROSE);

  it.each<[string, ConceptType]>([
    ['Seraphine Vox', 'character'],
    ['Tavian Vox', 'character'],
    ['Ilka', 'character'],
    ['John Smith', 'character'], // compromise knows the name
    ['Amberlight', 'location'],
    ['Glass Spire', 'location'],
    ['Ashfall Pass', 'location'],
    ['Paris', 'location'], // compromise knows the city
    ['Ninth Legion', 'organization'],
    ['Clan Redmaw', 'organization'],
    ['Cult of the Hollow Star', 'organization'],
    ['Starfall Prophecy', 'lore'],
    ['Crown of Thorns', 'item'],
    ['Festival of Masks', 'event'],
    ['Find the Crown of Thorns', 'mission'],
  ])('finds %s as a %s', (name, type) => {
    expect(concept(result, name)?.type).toBe(type);
  });

  it('names a person by the fullest spelling and keeps the others', () => {
    const seraphine = concept(result, 'Seraphine')!;
    expect(seraphine.name).toBe('Seraphine Vox');
    expect(seraphine.aliases).toEqual(expect.arrayContaining(['Lady Seraphine Vox', 'Seraphine']));
    expect(concept(result, 'Mother Ilka')?.key).toBe('ilka');
  });

  it.each([
    ['Seraphine Vox', 'rules', 'Amberlight'],
    ['Tavian Vox', 'commands', 'Ninth Legion'],
    ['Ninth Legion', 'guards', 'Ashfall Pass'],
    ['Seraphine Vox', 'distrusts', 'Cult of the Hollow Star'],
    ['Crown of Thorns', 'stolen from', 'Glass Spire'],
    ['John Smith', 'sells maps of', 'Ashfall Pass'], // not Paris: it sits in the appositive about him
    ['Find the Crown of Thorns', 'involves', 'Crown of Thorns'],
  ])('relates %s —%s→ %s', (source, label, target) => {
    expect(relationship(result, source, label, target)).toBeDefined();
  });
});

describe('extractConceptsOffline on chunks', () => {
  it('does not run a bold label into the value after it', () => {
    const result = extract('**Languages** Abyssal, Common\n\n**Skills** Perception +5');
    expect(concept(result, 'Languages Abyssal')).toBeUndefined();
    expect(concept(result, 'Skills Perception')).toBeUndefined();
    expect(concept(result, 'Abyssal')).toBeDefined();
  });

  it('reads the section from headingPath when the chunk carries no heading line', () => {
    const result = extractConceptsOffline({
      documentId: 'doc-2',
      chunks: [
        // Nothing in the entries themselves says what they are: only the section does.
        { chunkId: 1, headingPath: 'Notes > Factions', text: '- **Knotwork**: secretive, patient, everywhere.' },
        { chunkId: 2, headingPath: 'Notes > Places', text: '- **Brindle**: where the mill wheels never stop.' },
      ],
    });
    expect(concept(result, 'Knotwork')?.type).toBe('organization');
    expect(concept(result, 'Brindle')?.type).toBe('location');
  });

  it('counts a sentence repeated by overlapping chunks once', () => {
    const sentence = 'Vesna Kory leads the Ninefold Choir.';
    const result = extract(`${sentence} The choir sings at dawn.`, sentence);
    const leads = relationship(result, 'Vesna Kory', 'leads', 'Ninefold Choir');
    expect(leads?.count).toBe(1);
    expect(concept(result, 'Ninefold Choir')?.type).toBe('organization');
  });

  it('returns nothing for nothing', () => {
    expect(extract('')).toEqual({ concepts: [], relationships: [] });
    expect(extractConceptsOffline({ documentId: 'x', chunks: [] })).toEqual({ concepts: [], relationships: [] });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../tests/support/shared-dir';
import { extractConceptsOffline } from './offline-extractor';
import { mergeExtractions } from './merge';
import { normalizeKey } from './names';
import type { ConceptType, ExtractedConcept, ExtractionResult } from './types';

// The Ember Crown campaign: a lore file and one session log, extracted apart and merged,
// as the concept-map job does for a campaign's documents.
const LORE_FILE = sharedPath('fixtures', 'formats', 'ember-crown-lore.md');
const LOG_FILE = sharedPath('fixtures', 'formats', 'session-12.log');
const lore = fs.readFileSync(LORE_FILE, 'utf8');
const log = fs.readFileSync(LOG_FILE, 'utf8');

const loreResult = extractConceptsOffline({ documentId: 'ember-crown-lore', chunks: [{ chunkId: 0, text: lore }] });
const logResult = extractConceptsOffline({ documentId: 'session-12', chunks: [{ chunkId: 0, text: log }] });
const campaign = mergeExtractions([loreResult, logResult]);

function concept(result: ExtractionResult, name: string): ExtractedConcept | undefined {
  const key = normalizeKey(name);
  return result.concepts.find((c) => c.key === key || c.aliases.some((alias) => normalizeKey(alias) === key));
}

function hasRelationship(result: ExtractionResult, source: string, label: string, target: string): boolean {
  const from = concept(result, source)?.key;
  const to = concept(result, target)?.key;
  return result.relationships.some((r) => r.sourceKey === from && r.targetKey === to && r.relationship === label);
}

describe('Ember Crown campaign', () => {
  it.each<[string, ConceptType]>([
    ['Ember Crown', 'item'],
    ['Ardent Vael', 'character'],
    ['Veiled Abbess', 'character'],
    ['Hollis Quenby', 'character'],
    ['Mirela Voss', 'character'],
    ['Wenna Corlis', 'character'],
    ['Omrel', 'character'],
    ['Tamsin Reed', 'character'],
    ['Orrin Vale', 'character'],
    ['Sefa Dunmore', 'character'],
    ['Brother Aldous', 'character'],
    ['Greywater', 'location'],
    ['Cinderfall Keep', 'location'],
    ['Sunken Library', 'location'],
    ['Drowned Chapel', 'location'],
    ['Ashen Ridge', 'location'],
    ['Barrow of Ysolde', 'location'],
    ['Order of the Pale Lantern', 'organization'],
    ['Salt Guild', 'organization'],
    ['Order of the Dawn', 'organization'],
  ])('has %s as a %s', (name, type) => {
    expect(concept(campaign, name)?.type).toBe(type);
  });

  it('has the barge and the old kings, as things a GM would file them under', () => {
    expect(['item', 'location']).toContain(concept(campaign, "Gull's Promise")?.type);
    expect(['organization', 'character']).toContain(concept(campaign, 'Cinder Kings')?.type);
  });

  it('knows one faction, one magistrate, one captain under their several names', () => {
    const lantern = concept(campaign, 'Pale Lantern')!;
    expect(concept(campaign, 'Order of the Pale Lantern')).toBe(lantern);
    expect(concept(campaign, 'Lantern')).toBe(lantern); // "the Lantern's leader" in the log
    expect(concept(campaign, 'Magistrate Hollis Quenby')).toBe(concept(campaign, 'Hollis Quenby'));
    expect(concept(campaign, 'Captain Mirela Voss')).toBe(concept(campaign, 'Mirela Voss'));
    expect(concept(campaign, 'Harbourmaster Wenna Corlis')).toBe(concept(campaign, 'Wenna Corlis'));
    expect(campaign.concepts.filter((c) => c.key.includes('quenby'))).toHaveLength(1);
  });

  it('puts no section labels, log labels or players on the map', () => {
    for (const name of ['Places', 'Factions', 'People', 'Timeline', 'Session', 'Recap', 'Combat', 'Interrogation', 'Loot', 'XP', 'Ilsa', 'Bram', 'Kez', 'Joss']) {
      expect(concept(campaign, name), name).toBeUndefined();
    }
  });

  it.each([
    ['Veiled Abbess', 'leads', 'Pale Lantern'], // "Led by the Veiled Abbess."
    ['Veiled Abbess', 'leader of', 'Pale Lantern'], // "the Lantern's leader, the Veiled Abbess"
    ['Ardent Vael', 'sealed beneath', 'Cinderfall Keep'],
    ['Ember Crown', 'artifact of', 'Cinder Kings'],
    ['Cinderfall Keep', 'fortress of', 'Cinder Kings'],
    ['Hollis Quenby', 'magistrate of', 'Greywater'],
    ['Hollis Quenby', 'rules', 'Greywater'], // "ruled in name by Magistrate Hollis Quenby"
    ['Pale Lantern', 'pays', 'Hollis Quenby'], // "They pay Magistrate Hollis Quenby to look away."
    ['Wenna Corlis', 'harbourmaster of', 'Greywater'],
    ['Salt Guild', 'rivals of', 'Pale Lantern'],
    ['Mirela Voss', 'captain of', "Gull's Promise"],
    ['Mirela Voss', 'captains', "Gull's Promise"], // "captained by Mirela Voss" in the log
    ['Omrel', 'guardian of', 'Sunken Library'],
    ['Sunken Library', 'east of', 'Greywater'],
    ['Brother Aldous', 'healer of', 'Order of the Dawn'],
    ['Pale Lantern', 'wants', 'Ardent Vael'],
    ['Veiled Abbess', 'meets', 'Hollis Quenby'],
  ])('relates %s —%s→ %s', (source, label, target) => {
    expect(hasRelationship(campaign, source, label, target)).toBe(true);
  });

  it('counts the sealing stated in the lore and again in the timeline', () => {
    const vael = concept(campaign, 'Ardent Vael')!.key;
    const sealed = campaign.relationships.find((r) => r.sourceKey === vael && r.relationship === 'sealed beneath')!;
    expect(sealed.count).toBe(2);
    const single = campaign.relationships.find((r) => r.relationship === 'guardian of')!;
    expect(sealed.strength).toBeGreaterThan(single.strength);
  });

  it('describes concepts by their defining sentence and quotes the files', () => {
    expect(concept(campaign, 'Greywater')!.description).toMatch(/^Greywater: a fog-bound harbour town/);
    expect(concept(campaign, 'Ember Crown')!.description).toMatch(/^An artifact of the old Cinder Kings/);
    expect(concept(campaign, 'Hollis Quenby')!.description).toMatch(/corrupt magistrate of Greywater/);
    const plain = (text: string) =>
      text
        .replace(/\*\*/g, '')
        .replace(/^\[[^\]]+\]\s*/gm, '')
        .replace(/\s+/g, ' ');
    const corpus = plain(lore) + plain(log);
    for (const c of campaign.concepts) {
      expect(c.sources.length, c.name).toBeGreaterThan(0);
      for (const source of c.sources) expect(corpus).toContain(source.quote);
    }
    const documents = new Set(concept(campaign, 'Hollis Quenby')!.sources.map((s) => s.documentId));
    expect(documents).toEqual(new Set(['ember-crown-lore', 'session-12']));
  });

  it('keeps strengths in 1..10', () => {
    for (const r of campaign.relationships) {
      expect(r.strength).toBeGreaterThanOrEqual(1);
      expect(r.strength).toBeLessThanOrEqual(10);
    }
  });
});

describe('SRD 5.1 rulebook', () => {
  it('extracts every file, split into paragraphs, in well under a minute', () => {
    const dir = sharedPath('corpus', 'srd5');
    const files = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.md'))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    let characters = 0;
    let paragraphs = 0;
    const results: ExtractionResult[] = [];
    const started = performance.now();
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const chunks = text.split(/\n\s*\n/).map((chunk, chunkId) => ({ chunkId, text: chunk }));
      characters += text.length;
      paragraphs += chunks.length;
      results.push(extractConceptsOffline({ documentId: file, chunks }));
    }
    const extractMs = performance.now() - started;
    const merged = mergeExtractions(results);
    const totalMs = performance.now() - started;
    console.log(
      `SRD extraction: ${files.length} files, ${paragraphs} paragraphs, ${(characters / 1e6).toFixed(2)} MB → ` +
        `${merged.concepts.length} concepts, ${merged.relationships.length} relationships; ` +
        `extract ${Math.round(extractMs)} ms, with merge ${Math.round(totalMs)} ms`,
    );
    expect(merged.concepts.length).toBeGreaterThan(100);
    for (const r of merged.relationships) expect(r.strength >= 1 && r.strength <= 10).toBe(true);
  });
});

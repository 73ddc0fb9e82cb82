import { describe, expect, it } from 'vitest';
import { DEFAULT_METADATA, guessMetadata, readMetadata } from './metadata';

describe('metadata guessed from a new tome', () => {
  it('keeps the defaults when nothing is suggested', () => {
    expect(guessMetadata('Odds and ends')).toEqual(DEFAULT_METADATA);
  });

  it('marks the official game’s material', () => {
    for (const name of ['D&D Basic Rules', 'Dungeons and Dragons notes', 'The SRD', 'Player’s Handbook extracts', 'dnd stuff', '5e conversions']) {
      const guess = guessMetadata(name);
      expect(guess, name).toMatchObject({ type: 'official_dnd', source: 'official_dnd', is_official_dnd: true });
    }
    expect(guessMetadata('Andy’s homebrew').is_official_dnd).toBe(false);
  });

  it('labels a homebrew lore tome from evidence only: never official, no category on a tie', () => {
    const guess = guessMetadata('Homebrew lore of Aerth', 'Our D&D world: its gods, and the rules of its magic');
    expect(guess).toMatchObject({ type: 'custom_campaign', source: 'user_upload', is_official_dnd: false, category: 'lore' });
    expect(guessMetadata('Aerth notes', 'Rules and lore').category).toBe('general');
  });

  it('picks the category with the most keywords', () => {
    expect(guessMetadata('Combat rules').category).toBe('rules');
    expect(guessMetadata('History of the realm', 'Legends and myths of the old gods').category).toBe('lore');
    expect(guessMetadata('NPCs', 'Villains and heroes of the party').category).toBe('characters');
    expect(guessMetadata('Gazetteer', 'Cities, towns and taverns').category).toBe('locations');
  });

  it('turns topic words into tags', () => {
    expect(guessMetadata('Dragon lairs', 'Undead and monsters in the dungeon').tags).toEqual(['monsters', 'dragons', 'undead', 'dungeons']);
    expect(guessMetadata('Session 12 recap').tags).toEqual(['sessions']);
  });

  it('reads stored metadata defensively', () => {
    expect(readMetadata({})).toEqual(DEFAULT_METADATA);
    expect(readMetadata({ type: 'lore', tags: ['a', 3] })).toMatchObject({ type: 'lore', tags: ['a'] });
  });
});

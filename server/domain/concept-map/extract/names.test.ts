import { describe, expect, it } from 'vitest';
import { chooseName, displayName, normalizeKey } from './names';

describe('normalizeKey', () => {
  it.each([
    ['the Veiled Abbess', 'veiled abbess'],
    ['Veiled Abbess', 'veiled abbess'],
    ['Captain Hollis Quenby', 'hollis quenby'],
    ['Magistrate Hollis Quenby', 'hollis quenby'],
    ['HOLLIS  QUENBY', 'hollis quenby'],
    ['Gull’s Promise', 'gulls promise'],
    ["Gull's Promise", 'gulls promise'],
    ["the Pale Lantern's", 'pale lantern'],
    ['Ysolde-Sur-Mer', 'ysolde sur mer'],
    ['Élodie Brûlé', 'elodie brule'],
    ['The Order of the Pale Lantern', 'order of the pale lantern'],
    ['Lord of the Deep', 'lord of the deep'],
    ['the Captain', 'captain'],
  ])('%s → %s', (name, key) => {
    expect(normalizeKey(name)).toBe(key);
  });
});

describe('names for display', () => {
  it('drops markup, a leading article and a possessive', () => {
    expect(displayName('**The Sunken Library**:')).toBe('Sunken Library');
    expect(displayName("Greywater's")).toBe('Greywater');
  });

  it('prefers the untitled spelling, then the most used', () => {
    expect(
      chooseName(
        new Map([
          ['Magistrate Hollis Quenby', 3],
          ['Hollis Quenby', 1],
        ]),
      ),
    ).toBe('Hollis Quenby');
    expect(chooseName(new Map([['Brother Aldous', 2]]))).toBe('Brother Aldous');
    expect(
      chooseName(
        new Map([
          ['Order of the Pale Lantern', 1],
          ['Pale Lantern', 4],
        ]),
      ),
    ).toBe('Pale Lantern');
  });
});

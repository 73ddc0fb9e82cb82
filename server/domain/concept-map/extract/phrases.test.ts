import { describe, expect, it } from 'vitest';
import { tokenize } from './document';
import { relationBetween, type PhraseContext } from './phrases';

const plain: PhraseContext = { possessive: false, fragment: false };

function between(text: string, context: PhraseContext = plain) {
  return relationBetween(tokenize(text), context);
}

describe('relationBetween', () => {
  it.each([
    [' leads ', 'leads', false],
    [' was sealed beneath ', 'sealed beneath', false],
    [' is sealed under ', 'sealed under', false],
    [', captain of the barge ', 'captain of', false],
    [': corrupt magistrate of ', 'magistrate of', false],
    [', captained by ', 'captains', true],
    [': a fog-bound harbour town ruled in name by ', 'rules', true],
    [', will meet ', 'meets', false],
    [' picks ', 'picks', false],
    [' buys passage on the barge ', 'buys passage on', false],
    [' is the sister of ', 'sister of', false],
    [': a flooded archive under the marshes east of ', 'east of', false],
    [': a half-sunk shrine on the ', 'located on', false],
    [' rising beneath ', 'rises beneath', false],
    [': zealots who want ', 'wants', false],
    [' (player character, rogue): raised in ', 'raised in', false],
  ])('%j → %s', (text, label, reversed) => {
    expect(between(text)).toMatchObject({ label, reversed });
  });

  it.each([
    [' and '],
    [', '],
    [' warns them that the '],
    [' owes them a debt to '],
    [' says the '],
    [' and in practice by the smugglers of the '],
    [' at the '],
    [' guard, sworn to see '],
    [' never betrays '],
  ])('%j relates nothing', (text) => {
    expect(between(text)).toBeNull();
  });

  // "the Lantern's leader, the Veiled Abbess": the name token carries the "'s".
  it('reads a possessive as a role of the second name', () => {
    expect(between(' leader, the ', { possessive: true, fragment: false })).toMatchObject({
      label: 'leader of',
      reversed: true,
    });
    expect(between(' harbourmaster is ', { possessive: true, fragment: false })).toMatchObject({
      label: 'harbourmaster of',
      reversed: true,
    });
  });

  it('reads a subjectless fragment as said of the implied subject', () => {
    expect(between('Led by the ', { possessive: false, fragment: true })).toMatchObject({ label: 'leads', reversed: true });
    expect(between('rivals of the ', { possessive: false, fragment: true })).toMatchObject({ label: 'rivals of' });
    expect(between('An artifact of the old ', { possessive: false, fragment: true })).toMatchObject({ label: 'artifact of' });
    expect(between('pay ', { possessive: false, fragment: false, pluralPronoun: true })).toMatchObject({ label: 'pays' });
  });
});

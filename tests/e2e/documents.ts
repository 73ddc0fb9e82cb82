import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPdf } from '../../server/domain/ingest/extract/test-fixtures';

/**
 * Small documents the browser tests upload, written once per run into a temporary folder,
 * so `npm test` needs nothing beside the repository (the real format fixtures in ../shared
 * are exercised by `npm run test:corpus`).
 */
const documents: Record<string, () => string | Uint8Array> = {
  'combat.pdf': () =>
    buildPdf(
      Array.from({ length: 19 }, (_, i) => [
        `Chapter 9: Combat, page ${i + 1}`,
        'On your turn, you can move a distance up to your speed and take one action.',
        'A creature that is surprised cannot move or take an action on its first turn.',
      ]),
    ),
  'conditions.md': () =>
    [
      '# Appendix PH-A: Conditions',
      '',
      'Conditions alter what a creature can do for a while.',
      '',
      '## Blinded',
      '',
      'A blinded creature cannot see and automatically fails any ability check that requires sight.',
      '',
      '## Prone',
      '',
      'A prone creature can only crawl unless it stands up, which costs half its movement.',
      '',
    ].join('\n'),
  'weapons.csv': () =>
    [
      'Name,Cost,Damage,Weight,Properties',
      'Club,1 sp,1d4 bludgeoning,2 lb.,Light',
      'Dagger,2 gp,1d4 piercing,1 lb.,"Finesse, light, thrown"',
      'Longsword,15 gp,1d8 slashing,3 lb.,Versatile (1d10)',
      '',
    ].join('\n'),
  'ember-crown-lore.md': () =>
    [
      '# The Ember Crown: campaign lore',
      '',
      'The Ember Crown was forged for the first queen of Greywater and lost when the river took the old chapel.',
      '',
      '## Ardent Vael',
      '',
      'A disgraced knight who swore to return the crown to the city that exiled her.',
      '',
    ].join('\n'),
};

let folder: string | undefined;

/** The path of a generated test document by its file name. */
export function documentFile(name: string): string {
  const make = documents[name];
  if (!make) throw new Error(`No generated test document named ${name}`);
  folder ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tomekeeper-e2e-docs-'));
  const file = path.join(folder, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, make());
  return file;
}

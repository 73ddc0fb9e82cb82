import fs from 'node:fs';
import { sharedPath } from '../../tests/support/shared-dir';

/** What the ingestion benches read: the SRD corpus's 17 markdown files, and the 199-page PDF (also pdftotext's load anchor). */
export const srdCorpusFiles = (): string[] =>
  fs
    .readdirSync(sharedPath('corpus', 'srd5'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => sharedPath('corpus', 'srd5', f));

export const spellcastingPdf = (): string => sharedPath('fixtures', 'formats', 'spellcasting.pdf');

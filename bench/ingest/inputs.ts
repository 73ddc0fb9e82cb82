import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sharedPath } from '../../tests/support/shared-dir';

/** What the ingestion benches read: the SRD corpus's 17 markdown files, and the 199-page PDF (also pdftotext's load anchor). */
export const srdCorpusFiles = (): string[] =>
  fs
    .readdirSync(sharedPath('corpus', 'srd5'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => sharedPath('corpus', 'srd5', f));

export const spellcastingPdf = (): string => sharedPath('fixtures', 'formats', 'spellcasting.pdf');

/** The load anchor every ingestion bench runs beside its own runs: poppler's pdftotext on spellcasting.pdf, in ms (its text goes to outDir). */
export function pdftotextMs(outDir: string): number {
  const started = performance.now();
  execFileSync('pdftotext', [spellcastingPdf(), path.join(outDir, 'out.txt')]);
  return performance.now() - started;
}

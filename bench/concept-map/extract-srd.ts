/**
 * Offline concept extraction over the whole SRD corpus, as a concept-map build reads it:
 *   node_modules/.bin/tsx bench/concept-map/extract-srd.ts
 * Each chapter is extracted and chunked the way an upload is (server/domain/ingest), then read by
 * the offline extractor, one document at a time; the readings are then merged as the map merges
 * a campaign's documents. Prints per-chapter and total times (the median of RUNS runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chunkDocument } from '../../server/domain/ingest/chunk';
import { extractDocument } from '../../server/domain/ingest/extract';
import { extractConceptsOffline, mergeExtractions, type ExtractionResult } from '../../server/domain/concept-map/extract';
import { sharedPath } from '../../tests/support/shared-dir';

const RUNS = Number(process.env.RUNS ?? 3);
const dir = sharedPath('corpus', 'srd5');
const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.md'))
  .sort();

const documents = [];
for (const file of files) {
  const bytes = new Uint8Array(fs.readFileSync(path.join(dir, file)));
  const extracted = await extractDocument(bytes, file);
  const chunks = chunkDocument(extracted).map((chunk, index) => ({ chunkId: index, text: chunk.content, headingPath: chunk.headingPath }));
  documents.push({ file, bytes: bytes.length, chunks });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const perDocument = new Map<string, number[]>();
const merges: number[] = [];
const totals: number[] = [];
let last: { readings: ExtractionResult[]; merged: ExtractionResult } | null = null;

for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const readings: ExtractionResult[] = [];
  for (const document of documents) {
    const t0 = performance.now();
    readings.push(extractConceptsOffline({ documentId: document.file, chunks: document.chunks }));
    const list = perDocument.get(document.file) ?? [];
    list.push(performance.now() - t0);
    perDocument.set(document.file, list);
  }
  const t1 = performance.now();
  const merged = mergeExtractions(readings);
  merges.push(performance.now() - t1);
  totals.push(performance.now() - started);
  last = { readings, merged };
}

console.log(`| chapter | size | chunks | concepts | relationships | extraction (median of ${RUNS}) |`);
console.log('|---|---|---|---|---|---|');
documents.forEach((document, index) => {
  const reading = last!.readings[index];
  console.log(
    `| ${document.file} | ${(document.bytes / 1024).toFixed(0)} KB | ${document.chunks.length} | ${reading.concepts.length} | ${reading.relationships.length} | ${median(perDocument.get(document.file)!).toFixed(0)} ms |`,
  );
});
const bytes = documents.reduce((sum, document) => sum + document.bytes, 0);
const chunks = documents.reduce((sum, document) => sum + document.chunks.length, 0);
const extraction = median(totals) - median(merges);
console.log(
  `\nWhole corpus: ${documents.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB, ${chunks} chunks. ` +
    `Extraction ${(extraction / 1000).toFixed(2)} s (${(bytes / 1024 / 1024 / (extraction / 1000)).toFixed(2)} MB/s), ` +
    `merge ${(median(merges) / 1000).toFixed(2)} s, total ${(median(totals) / 1000).toFixed(2)} s (median of ${RUNS}). ` +
    `Merged map: ${last!.merged.concepts.length} concepts, ${last!.merged.relationships.length} relationships.`,
);

/**
 * Grounded answers over one tome holding the SRD (../shared/corpus/srd5 but 00-legal.md) and the
 * Ember Crown campaign fixtures (ember-crown-lore.md, session-12.log).
 *   npm run bench:grounding
 * Options (environment):
 * - SHARED_DIR names ../shared when elsewhere;
 * - TEST_DATABASE_URL=postgres://… runs it on a Postgres server instead of the embedded PGlite;
 * - GROUNDING_HALF=tune|test|fresh|fresh2 limits the run to one half or held-out set;
 * - GROUNDING_RERANKER=offline (default without VOYAGE_API_KEY) | fake-voyage (the Voyage reranker
 *   through the voyageai SDK against tests/support/fake-voyage.ts, whose scores are word overlap, not
 *   the model's) | voyage (the real Voyage embedder and reranker; needs VOYAGE_API_KEY);
 * - GROUNDING_CACHE=<file> (PGlite only) keeps the ingested tome in a dump and reads it back next
 *   time, for tuning the ranking without a new ingest; delete it when ingestion changes;
 * - GROUNDING_VERBOSE=1 prints each question whose answering passage is not at medium or not cited
 *   (GROUNDING_VERBOSE_LEAD=1: also those whose first citation is not the answer). Read only the
 *   tuning half's misses.
 *
 * Every file is uploaded through the API and processed by the real ingestion job. Each question
 * of bench/grounding/questions.jsonl is then searched at the low, medium and high context levels
 * (recall: is a passage that answers among what the AI is given) and asked of a campaign linked
 * to the tome with the offline engine at the medium level (passage: a citation of an answering
 * passage; quote: such a citation whose quote is the answer, or part of it; lead: the first
 * citation is such a quote).
 * Every citation quote is checked verbatim against its document's stored content, and against
 * content.slice(start, end) when the citation carries offsets.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { CONTEXT_LEVELS } from '../../contract/chat';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { OfflineGenerator } from '../../server/ai/offline-generator';
import { DEFAULT_VOYAGE_RERANK_MODEL, type AiProviders } from '../../server/ai/providers';
import { VoyageReranker } from '../../server/ai/voyage-reranker';
import { embeddedDatabase, FAST_BYTEA } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { startFakeVoyage } from '../../tests/support/fake-voyage';
import { createTestApp } from '../../tests/support/test-app';
import { checkCitations, GROUNDING_TOME_NAME, groundingFiles, ingestGroundingTome, measureQuestion, type GroundingOutcome } from './grounding';
import { KINDS, loadGroundingQuestions } from './questions';

const rerankerChoice = rerankerFromEnv();
const fakeVoyage = rerankerChoice === 'fake-voyage' ? await startFakeVoyage() : null;
const ai: AiProviders | undefined = fakeVoyage
  ? {
      generator: new OfflineGenerator(),
      embedder: new OfflineEmbedder(),
      reranker: new VoyageReranker({ apiKey: 'fake-key', baseUrl: fakeVoyage.baseUrl, model: DEFAULT_VOYAGE_RERANK_MODEL }),
      engine: 'offline',
    }
  : undefined;
const voyageEnv =
  rerankerChoice === 'voyage'
    ? { VOYAGE_API_KEY: process.env.VOYAGE_API_KEY, VOYAGE_BASE_URL: process.env.VOYAGE_BASE_URL, VOYAGE_RERANK_MODEL: process.env.VOYAGE_RERANK_MODEL }
    : {};

const cacheFile = process.env.GROUNDING_CACHE;
if (cacheFile && process.env.TEST_DATABASE_URL) throw new Error('GROUNDING_CACHE works with PGlite only');
if (cacheFile && rerankerChoice === 'voyage') throw new Error('GROUNDING_CACHE holds offline embeddings: not with the real Voyage embedder');
const cached = cacheFile && fs.existsSync(cacheFile) ? await openCachedDatabase(cacheFile) : undefined;

const started = performance.now();
const t = await createTestApp({ workers: true, ai, env: voyageEnv, database: cached });
const db = t.services.db;
let userId: string;
let datasetId: string;
if (cached) {
  ({ id: datasetId, user_id: userId } = await db.selectFrom('datasets').select(['id', 'user_id']).where('name', '=', GROUNDING_TOME_NAME).executeTakeFirstOrThrow());
} else {
  const account = await t.signUp();
  userId = account.userId;
  datasetId = await ingestGroundingTome(t, account.token);
  if (cacheFile) fs.writeFileSync(cacheFile, Buffer.from(await (await t.services.database.pglite!.dumpDataDir('none')).arrayBuffer()));
}
const ingestSeconds = (performance.now() - started) / 1000;
const campaign = await db.insertInto('campaigns').values({ user_id: userId, name: 'The Ember Crown' }).returning('id').executeTakeFirstOrThrow();
await db.insertInto('campaign_datasets').values({ campaign_id: campaign.id, dataset_id: datasetId }).execute();
const chunkCount = Number((await db.selectFrom('chunks').select(db.fn.countAll().as('n')).where('dataset_id', '=', datasetId).executeTakeFirstOrThrow()).n);

const half = process.env.GROUNDING_HALF;
const questions = loadGroundingQuestions().filter((q) => !half || q.half === half);
const outcomes: GroundingOutcome[] = [];
const verbose = process.env.GROUNDING_VERBOSE === '1';
const askStarted = performance.now();
const target = { db, ai: t.services.ai, userId, datasetId, campaignId: campaign.id };
for (const question of questions) {
  const outcome = await measureQuestion(target, question);
  outcomes.push(outcome);
  if (verbose && (!outcome.recall.medium || !outcome.passage || (process.env.GROUNDING_VERBOSE_LEAD === '1' && !outcome.lead))) {
    console.log(`MISS ${question.id} [${question.half}] medium=${outcome.recall.medium} passage=${outcome.passage} cited=${outcome.cited} ${question.question}`);
    console.log(`   medium: ${outcome.mediumPassages.join(' | ')}`);
    for (const c of outcome.citations.slice(0, 3)) console.log(`   ${c.filename} «${c.quote.slice(0, 140).replace(/\n/g, ' ')}»`);
  }
}
const askSeconds = (performance.now() - askStarted) / 1000;
const check = await checkCitations(
  db,
  outcomes.flatMap((o) => o.citations),
);

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
function row(label: string, group: GroundingOutcome[]): string {
  const n = group.length;
  const cells = CONTEXT_LEVELS.map((level) => pct(group.filter((o) => o.recall[level]).length, n));
  const answered = [group.filter((o) => o.passage), group.filter((o) => o.cited), group.filter((o) => o.lead)].map((g) => pct(g.length, n));
  return `${label.padEnd(12)} ${String(n).padStart(3)}  ${cells.join('  ')}   ${answered.join('  ')}`;
}
const rerankLabel = {
  offline: 'offline reranking',
  'fake-voyage': 'Voyage reranker through the SDK against the local fake server (word-overlap scores, not the model)',
  voyage: `Voyage ${t.services.ai.embedder.model} and ${t.services.ai.reranker?.model}`,
}[rerankerChoice];
console.log(
  `\nGrounding bench: ${groundingFiles().length} files, ${chunkCount} passages in one tome (${t.services.ai.engine} engine, ${rerankLabel}, ${process.env.TEST_DATABASE_URL ? 'Postgres server' : 'PGlite'}); ${cached ? 'ingest read from GROUNDING_CACHE' : 'ingest'} ${ingestSeconds.toFixed(0)} s, ${questions.length} questions in ${askSeconds.toFixed(0)} s`,
);
const HALF_TITLES = { tune: 'Tuning half ', test: 'Test half   ', fresh: 'Fresh colloquial (held out)', fresh2: 'Fresh colloquial, set 2 (held out)' };
for (const which of ['tune', 'test', 'fresh', 'fresh2'] as const) {
  const group = outcomes.filter((o) => o.question.half === which);
  if (group.length === 0) continue;
  console.log(`\n${HALF_TITLES[which].padEnd(17)} n  recall@low medium  high   passage  quote   lead`);
  for (const kind of KINDS) {
    const ofKind = group.filter((o) => o.question.kind === kind);
    if (ofKind.length > 0) console.log(row(kind, ofKind));
  }
  console.log(row('overall', group));
}
console.log(
  `\nCitation quotes verbatim in their document: ${check.verbatim}/${check.quotes}; with offsets: ${check.located}, offsets pointing at the quote: ${check.offsetsRight}/${check.located}`,
);
for (const line of check.notVerbatim.slice(0, 10)) console.log(`  not verbatim: ${line}`);
await t.close();
await fakeVoyage?.close();

function rerankerFromEnv(): 'offline' | 'fake-voyage' | 'voyage' {
  const choice = process.env.GROUNDING_RERANKER ?? (process.env.VOYAGE_API_KEY ? 'voyage' : 'offline');
  if (choice === 'voyage' && !process.env.VOYAGE_API_KEY) throw new Error('GROUNDING_RERANKER=voyage needs VOYAGE_API_KEY');
  if (choice !== 'offline' && choice !== 'fake-voyage' && choice !== 'voyage')
    throw new Error(`GROUNDING_RERANKER is offline, fake-voyage or voyage, not ${choice}`);
  return choice;
}

async function openCachedDatabase(file: string) {
  const pglite = await PGlite.create('memory://', { extensions: { vector }, loadDataDir: new Blob([fs.readFileSync(file)]), ...FAST_BYTEA });
  const database = embeddedDatabase(pglite);
  await migrate(database);
  return database;
}

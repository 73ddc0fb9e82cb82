/**
 * Grounded answers over one tome holding the SRD (../shared/corpus/srd5 but 00-legal.md) and the
 * Ember Crown campaign fixtures (ember-crown-lore.md, session-12.log).
 *   npm run bench:grounding
 * (SHARED_DIR names ../shared when elsewhere; TEST_DATABASE_URL runs it on a Postgres server
 * instead of the embedded PGlite; GROUNDING_HALF=tune|test limits the run to one half.)
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
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { CONTEXT_LEVELS, type ChatCitation, type ContextLevel } from '../../contract/chat';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { OfflineGenerator } from '../../server/ai/offline-generator';
import { DEFAULT_VOYAGE_RERANK_MODEL, type AiProviders } from '../../server/ai/providers';
import { VoyageReranker } from '../../server/ai/voyage-reranker';
import { embeddedDatabase, FAST_BYTEA } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { askCampaign } from '../../server/domain/chat';
import { searchPassages } from '../../server/domain/retrieval';
import { sharedPath } from '../../tests/support/shared-dir';
import { startFakeVoyage } from '../../tests/support/fake-voyage';
import { createTestApp } from '../../tests/support/test-app';
import { createTome, uploadAndWait } from '../../tests/support/tome-upload';
import { answers, KINDS, loadGroundingQuestions, quotesAnswer, type GroundingQuestion } from './questions';

interface Outcome {
  question: GroundingQuestion;
  recall: Record<ContextLevel, boolean>;
  /** A citation of a passage that answers. */
  passage: boolean;
  /** A citation whose quote is the answer (or part of it). */
  cited: boolean;
  lead: boolean;
  citations: ChatCitation[];
}

const TOME_NAME = 'SRD and the Ember Crown';
const files = [
  ...fs
    .readdirSync(sharedPath('corpus', 'srd5'))
    .filter((f) => f.endsWith('.md') && f !== '00-legal.md')
    .sort()
    .map((f) => sharedPath('corpus', 'srd5', f)),
  sharedPath('fixtures', 'formats', 'ember-crown-lore.md'),
  sharedPath('fixtures', 'formats', 'session-12.log'),
];

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
const voyageEnv = rerankerChoice === 'voyage'
  ? { VOYAGE_API_KEY: process.env.VOYAGE_API_KEY, VOYAGE_BASE_URL: process.env.VOYAGE_BASE_URL, VOYAGE_RERANK_MODEL: process.env.VOYAGE_RERANK_MODEL }
  : {};

// GROUNDING_CACHE=<file>: the ingested tome is kept in (and read back from) a PGlite dump, so a
// tuning run of the ranking needs no new ingest. Only for the ranking: delete the file when the
// chunker, the ingest or the migrations change.
const cacheFile = process.env.GROUNDING_CACHE;
if (cacheFile && process.env.TEST_DATABASE_URL) throw new Error('GROUNDING_CACHE works with PGlite only');
const cached = cacheFile && fs.existsSync(cacheFile) ? await openCachedDatabase(cacheFile) : undefined;

const started = performance.now();
const t = await createTestApp({ workers: true, ai, env: voyageEnv, database: cached });
const db = t.services.db;
let userId: string;
let datasetId: string;
if (cached) {
  const dataset = await db.selectFrom('datasets').select(['id', 'user_id']).where('name', '=', TOME_NAME).executeTakeFirstOrThrow();
  ({ id: datasetId, user_id: userId } = dataset);
} else {
  const account = await t.signUp();
  userId = account.userId;
  datasetId = await createTome(t, account.token, TOME_NAME);
  for (const file of files) {
    const { job } = await uploadAndWait(t, account.token, datasetId, path.basename(file), new Uint8Array(fs.readFileSync(file)));
    if (job.status !== 'completed') throw new Error(`${path.basename(file)}: ${job.status} ${job.error}`);
  }
  if (cacheFile) fs.writeFileSync(cacheFile, Buffer.from(await (await t.services.database.pglite!.dumpDataDir('none')).arrayBuffer()));
}
const ingestSeconds = (performance.now() - started) / 1000;
const campaign = await db.insertInto('campaigns').values({ user_id: userId, name: 'The Ember Crown' }).returning('id').executeTakeFirstOrThrow();
await db.insertInto('campaign_datasets').values({ campaign_id: campaign.id, dataset_id: datasetId }).execute();
const chunkCount = Number((await db.selectFrom('chunks').select(db.fn.countAll().as('n')).where('dataset_id', '=', datasetId).executeTakeFirstOrThrow()).n);

const half = process.env.GROUNDING_HALF;
const questions = loadGroundingQuestions().filter((q) => !half || q.half === half);
const outcomes: Outcome[] = [];
const verbose = process.env.GROUNDING_VERBOSE === '1';
const askStarted = performance.now();
for (const question of questions) {
  const recall = {} as Record<ContextLevel, boolean>;
  let mediumRanks: string[] = [];
  for (const level of CONTEXT_LEVELS) {
    const { passages } = await searchPassages(db, {
      scope: { userId, datasetIds: [datasetId] },
      query: question.question,
      embedder: t.services.ai.embedder,
      reranker: t.services.ai.reranker,
      level,
    });
    recall[level] = passages.some((p) => answers(question, p));
    if (level === 'medium') mediumRanks = passages.map((p, i) => `${answers(question, p) ? '*' : ''}${i + 1} ${p.filename} ${p.headingPath.split(' > ').slice(-2).join(' > ')}`);
  }
  const answer = await askCampaign(db, userId, t.services.ai, campaign.id, { query: question.question });
  const chunks = answer.citations.length
    ? await db
        .selectFrom('chunks as c')
        .innerJoin('documents as d', 'd.id', 'c.document_id')
        .select(['c.id', 'c.content', 'c.heading_path', 'd.filename'])
        .where('c.id', 'in', answer.citations.map((c) => Number(c.source_id)))
        .execute()
    : [];
  const fromAnswering = answer.citations.map((citation) => {
    const chunk = chunks.find((c) => String(c.id) === citation.source_id);
    return chunk !== undefined && answers(question, { filename: chunk.filename, headingPath: chunk.heading_path, content: chunk.content });
  });
  const hits = answer.citations.map((citation, i) => fromAnswering[i] && quotesAnswer(question, citation.quote));
  outcomes.push({ question, recall, passage: fromAnswering.some(Boolean), cited: hits.some(Boolean), lead: hits[0] === true, citations: answer.citations });
  if (verbose && (!recall.medium || !fromAnswering.some(Boolean) || (process.env.GROUNDING_VERBOSE_LEAD === '1' && !hits[0]))) {
    console.log(`MISS ${question.id} [${question.half}] medium=${recall.medium} passage=${fromAnswering.some(Boolean)} cited=${hits.some(Boolean)} ${question.question}`);
    console.log(`   medium: ${mediumRanks.join(' | ')}`);
    for (const c of answer.citations.slice(0, 3)) console.log(`   ${c.filename} «${c.quote.slice(0, 140).replace(/\n/g, ' ')}»`);
  }
}
const askSeconds = (performance.now() - askStarted) / 1000;

// Every citation's quote, verbatim in its document's stored content (and at its offsets).
const contents = new Map<string, string>();
let quotes = 0;
let verbatim = 0;
let located = 0;
let offsetsRight = 0;
const notVerbatim: string[] = [];
for (const outcome of outcomes) {
  for (const citation of outcome.citations) {
    quotes += 1;
    if (!citation.document_id) continue;
    if (!contents.has(citation.document_id)) {
      const row = await db.selectFrom('documents').select('content').where('id', '=', citation.document_id).executeTakeFirstOrThrow();
      contents.set(citation.document_id, row.content ?? '');
    }
    const content = contents.get(citation.document_id)!;
    if (content.includes(citation.quote)) verbatim += 1;
    else notVerbatim.push(`${citation.filename}: ${citation.quote.slice(0, 100)}`);
    const at = citation as ChatCitation & { start?: number | null; end?: number | null };
    if (typeof at.start === 'number' && typeof at.end === 'number') {
      located += 1;
      if (content.slice(at.start, at.end) === citation.quote) offsetsRight += 1;
    }
  }
}

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
function row(label: string, group: Outcome[]): string {
  const n = group.length;
  const cells = CONTEXT_LEVELS.map((level) => pct(group.filter((o) => o.recall[level]).length, n));
  const answered = [group.filter((o) => o.passage), group.filter((o) => o.cited), group.filter((o) => o.lead)].map((g) => pct(g.length, n));
  return `${label.padEnd(12)} ${String(n).padStart(3)}  ${cells.join('  ')}   ${answered.join('  ')}`;
}
const rerankLabel = { offline: 'offline reranking', 'fake-voyage': 'Voyage reranker SDK path against the local fake server (word-overlap scores, not the model)', voyage: `Voyage ${t.services.ai.reranker?.model}` }[rerankerChoice];
console.log(`\nGrounding bench: ${files.length} files, ${chunkCount} passages in one tome (${t.services.ai.engine} engine, ${rerankLabel}, ${process.env.TEST_DATABASE_URL ? 'Postgres server' : 'PGlite'}); ${cached ? 'ingest read from GROUNDING_CACHE' : 'ingest'} ${ingestSeconds.toFixed(0)} s, ${questions.length} questions in ${askSeconds.toFixed(0)} s`);
for (const which of ['tune', 'test'] as const) {
  const group = outcomes.filter((o) => o.question.half === which);
  if (group.length === 0) continue;
  console.log(`\n${which === 'tune' ? 'Tuning' : 'Test'} half        n  recall@low medium  high   passage  quote   lead`);
  for (const kind of KINDS) console.log(row(kind, group.filter((o) => o.question.kind === kind)));
  console.log(row('overall', group));
}
console.log(`\nCitation quotes verbatim in their document: ${verbatim}/${quotes}; with offsets: ${located}, offsets pointing at the quote: ${offsetsRight}/${located}`);
for (const line of notVerbatim.slice(0, 10)) console.log(`  not verbatim: ${line}`);
await t.close();
await fakeVoyage?.close();

function rerankerFromEnv(): 'offline' | 'fake-voyage' | 'voyage' {
  const choice = process.env.GROUNDING_RERANKER ?? (process.env.VOYAGE_API_KEY ? 'voyage' : 'offline');
  if (choice === 'voyage' && !process.env.VOYAGE_API_KEY) throw new Error('GROUNDING_RERANKER=voyage needs VOYAGE_API_KEY');
  if (choice !== 'offline' && choice !== 'fake-voyage' && choice !== 'voyage') throw new Error(`GROUNDING_RERANKER is offline, fake-voyage or voyage, not ${choice}`);
  return choice;
}

async function openCachedDatabase(file: string) {
  const pglite = await PGlite.create('memory://', { extensions: { vector }, loadDataDir: new Blob([fs.readFileSync(file)]), ...FAST_BYTEA });
  const database = embeddedDatabase(pglite);
  await migrate(database);
  return database;
}

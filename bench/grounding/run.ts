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
import { CONTEXT_LEVELS, type ChatCitation, type ContextLevel } from '../../contract/chat';
import { askCampaign } from '../../server/domain/chat';
import { requireCampaignAccess } from '../../server/domain/ownership';
import { searchPassages } from '../../server/domain/retrieval';
import { sharedPath } from '../../tests/support/shared-dir';
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

const started = performance.now();
const t = await createTestApp({ workers: true });
const { token, userId } = await t.signUp();
const datasetId = await createTome(t, token, 'SRD and the Ember Crown');
const files = [
  ...fs
    .readdirSync(sharedPath('corpus', 'srd5'))
    .filter((f) => f.endsWith('.md') && f !== '00-legal.md')
    .sort()
    .map((f) => sharedPath('corpus', 'srd5', f)),
  sharedPath('fixtures', 'formats', 'ember-crown-lore.md'),
  sharedPath('fixtures', 'formats', 'session-12.log'),
];
for (const file of files) {
  const { job } = await uploadAndWait(t, token, datasetId, path.basename(file), new Uint8Array(fs.readFileSync(file)));
  if (job.status !== 'completed') throw new Error(`${path.basename(file)}: ${job.status} ${job.error}`);
}
const ingestSeconds = (performance.now() - started) / 1000;
const db = t.services.db;
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
  for (const level of CONTEXT_LEVELS) {
    const { passages } = await searchPassages(db, {
      scope: { userId, datasetIds: [datasetId] },
      query: question.question,
      embedder: t.services.ai.embedder,
      level,
    });
    recall[level] = passages.some((p) => answers(question, p));
  }
  const answer = await askCampaign(db, await requireCampaignAccess(db, userId, campaign.id), t.services.ai, { query: question.question });
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
  if (verbose && (!recall.medium || !hits[0])) {
    console.log(`MISS ${question.id} [${question.half}] medium=${recall.medium} cited=${hits.some(Boolean)} ${question.question}`);
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
console.log(`\nGrounding bench: ${files.length} files, ${chunkCount} passages in one tome (${t.services.ai.engine} engine, ${process.env.TEST_DATABASE_URL ? 'Postgres server' : 'PGlite'}); ingest ${ingestSeconds.toFixed(0)} s, ${questions.length} questions in ${askSeconds.toFixed(0)} s`);
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

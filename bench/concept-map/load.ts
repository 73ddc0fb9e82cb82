/**
 * What a /concept-map page load costs in the database at PASSAGES passages (default 10,000) in the
 * campaign's linked tomes: the loader's two domain calls (listMapDocuments and getConceptMap),
 * beside the per-load hashing they did before documents kept their content hash (the removed
 * query, run here as it was: md5 over every passage of every linked document), and an anchor
 * measured in the same run (listCampaigns, a small indexed query).
 *   node_modules/.bin/tsx bench/concept-map/load.ts      (PASSAGES=30000 RUNS=9 to vary)
 * Embedded database (PGlite) by default; TEST_DATABASE_URL=postgres://… runs it on a server.
 */
import { sql } from 'kysely';
import { listCampaigns } from '../../server/domain/campaigns/campaigns';
import { getConceptMap, listMapDocuments } from '../../server/domain/concept-map';
import { storePassagesHash } from '../../server/domain/ingest/passages-hash';
import { requireCampaignAccess } from '../../server/domain/ownership';
import { bearer, createTestApp } from '../../tests/support/test-app';

const PASSAGES = Number(process.env.PASSAGES ?? 10_000);
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 40);
const RUNS = Number(process.env.RUNS ?? 7);
const WORDS = ['the', 'harbour', 'guild', 'of', 'smugglers', 'meets', 'at', 'night', 'beneath', 'old', 'lighthouse', 'where', 'captain', 'waits'];

const t = await createTestApp({ workers: true });
try {
  const { db } = t.services;
  const user = await t.signUp('benchload');
  const dataset = await db
    .insertInto('datasets')
    .values({ user_id: user.userId, name: 'Bench lore', description: '', metadata: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const perDocument = Math.ceil(PASSAGES / DOCUMENTS);
  const documentIds: string[] = [];
  for (let d = 0; d < DOCUMENTS; d++) {
    const document = await db
      .insertInto('documents')
      .values({ dataset_id: dataset.id, user_id: user.userId, filename: `lore-${d}.md`, file_type: 'md', status: 'ready', updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    documentIds.push(document.id);
    for (let start = 0; start < perDocument; start += 500) {
      const rows = Array.from({ length: Math.min(500, perDocument - start) }, (_, i) => {
        const ordinal = start + i;
        // About 600 characters, like a real passage.
        const content = Array.from({ length: 100 }, (_, w) => WORDS[(ordinal * 7 + w * 3 + d) % WORDS.length]).join(' ');
        return { document_id: document.id, dataset_id: dataset.id, user_id: user.userId, ordinal, heading_path: `Lore ${d}`, page: null, content, token_count: 120 };
      });
      await db.insertInto('chunks').values(rows).execute();
    }
    await storePassagesHash(db, document.id);
  }
  const campaign = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(user.token), payload: { name: 'Bench' } });
  const campaignId = campaign.json().id as string;
  await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/datasets`, headers: bearer(user.token), payload: { dataset_id: dataset.id } });
  const generated = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/concept-map/generate?wait=true`,
    headers: bearer(user.token),
    payload: { selected_documents: documentIds.slice(0, 2).map((id) => ({ id, dataset_id: dataset.id })) },
  });
  if (generated.statusCode !== 200) throw new Error(generated.body);
  await sql`analyze`.execute(db);

  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const samples = { anchor: [] as number[], load: [] as number[], hashing: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    samples.anchor.push(await time(() => listCampaigns(db, user.userId)));
    samples.load.push(
      await time(async () =>
        Promise.all([getConceptMap(db, await requireCampaignAccess(db, user.userId, campaignId)), listMapDocuments(db, user.userId, campaignId)]),
      ),
    );
    samples.hashing.push(
      await time(() =>
        db
          .selectFrom('chunks')
          .select(['document_id', sql<string>`md5(string_agg(heading_path || chr(31) || content, chr(30) order by ordinal))`.as('hash')])
          .where('document_id', 'in', documentIds)
          .groupBy('document_id')
          .execute(),
      ),
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const row = (label: string, values: number[]) =>
    `| ${label} | ${Math.min(...values).toFixed(1)} / ${median(values).toFixed(1)} ms | ${(Math.min(...values) / Math.min(...samples.anchor)).toFixed(1)} / ${(median(values) / median(samples.anchor)).toFixed(1)} |`;
  console.log(
    `${PASSAGES.toLocaleString('en-US')} passages in ${DOCUMENTS} linked documents, ${RUNS} runs (${process.env.TEST_DATABASE_URL ? 'Postgres server' : 'PGlite'})`,
  );
  console.log('| work | min / median | ÷ anchor, min / median |');
  console.log('|---|---|---|');
  console.log(row('anchor: listCampaigns', samples.anchor));
  console.log(row('page load now: getConceptMap + listMapDocuments', samples.load));
  console.log(row('removed per-load hashing of every passage (the old query alone)', samples.hashing));
} finally {
  await t.close();
}

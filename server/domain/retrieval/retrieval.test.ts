import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { keepSearchStatisticsFresh, namesIn, searchPassages, vectorBackendOf } from '.';
import { exactNameCandidates } from './exact-names';
import { vectorCandidates } from './vector-search';

const RULES = `# Adventuring

## Falling

A fall from a great height is one of the most common hazards facing an adventurer. At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6.

## Suffocating

A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds).

## Resting

At the end of a long rest, a character regains all lost hit points.

# Combat

## Grappling

When you want to grab a creature or wrestle with it, you can use the Attack action to make a special melee attack, a grapple. A grappled creature can use its action to escape.

## Cover

A target with three-quarters cover has a +5 bonus to AC and Dexterity saving throws.`;

const LORE = `# People of the Vale

## The Ardent Vale

The Ardent Vale is a valley of vineyards where the river Sel bends twice before the sea. Its people are famous for their stubborn pride and their wine.

## Ardent Vael

Ardent Vael is the exiled paladin who swore to burn the Ember Crown. She carries a sword named Quietus and trusts no priest.

## Harbour Town

The harbour town trades salt fish, rope and rumours of the Ember Crown.`;

describe('hybrid retrieval', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let rules: SeededTome;
  let lore: SeededTome;
  let bobsTome: SeededTome;
  const embedder = new OfflineEmbedder();

  beforeAll(async () => {
    t = await createTestApp();
    alice = (await t.signUp()).userId;
    bob = (await t.signUp()).userId;
    rules = await seedTome(t.services, alice, { name: 'Rules', documents: [{ filename: 'rules.md', content: RULES }] });
    lore = await seedTome(t.services, alice, { name: 'Lore', documents: [{ filename: 'lore.md', content: LORE }] });
    bobsTome = await seedTome(t.services, bob, {
      name: 'Bob rules',
      documents: [{ filename: 'bob.md', content: 'A creature takes 1d6 bludgeoning damage for every 10 feet it falls.' }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (datasetIds: string[], query: string, extra: Partial<Parameters<typeof searchPassages>[1]> = {}) =>
    searchPassages(t.services.db, { scope: { userId: alice, datasetIds }, query, embedder, ...extra });

  it('finds the passage that answers a question in GM words', async () => {
    const { passages, embedding } = await search([rules.datasetId], 'How much damage does a character take when they fall 60 feet?');
    expect(passages[0].content).toContain('1d6 bludgeoning damage for every 10 feet');
    expect(passages[0]).toMatchObject({ filename: 'rules.md', headingPath: 'Adventuring > Falling', datasetId: rules.datasetId });
    expect(embedding).toMatchObject({ model: embedder.model });
    expect(embedding!.tokens).toBeGreaterThan(0);

    const grapple = await search([rules.datasetId], 'How does a player break free after a monster grabs them?');
    expect(grapple.passages[0].content).toContain('A grappled creature can use its action to escape');
  });

  it('reads only the datasets it is given, and only the caller’s own', async () => {
    const onlyLore = await search([lore.datasetId], 'falling damage for every 10 feet');
    expect(onlyLore.passages.every((p) => p.datasetId === lore.datasetId)).toBe(true);
    // Bob's tome id in Alice's scope: never read, since the chunks are not hers.
    const stolen = await search([bobsTome.datasetId], 'bludgeoning damage for every 10 feet');
    expect(stolen.passages).toEqual([]);
    expect((await search([], 'anything at all')).passages).toEqual([]);
  });

  it('puts an invented name that matches exactly ahead of a look-alike', async () => {
    const { passages } = await search([lore.datasetId], 'Who is Ardent Vael?');
    expect(passages[0].content).toContain('Ardent Vael is the exiled paladin');
    expect(passages[0].exactMatch).toBe(true);
    expect(passages.find((p) => p.content.includes('The Ardent Vale is a valley'))?.exactMatch ?? false).toBe(false);

    const vale = await search([lore.datasetId], 'Tell me about the Ardent Vale');
    expect(vale.passages[0].content).toContain('The Ardent Vale is a valley');
  });

  it('finds a name verbatim through its stopwords, not a passage holding its words otherwise (ADR 0255)', async () => {
    const items = await seedTome(t.services, alice, {
      name: 'Items',
      documents: [
        {
          filename: 'items.md',
          content: `# Wondrous Items

## Bag of Holding

This bag has an interior space considerably larger than its outside dimensions.

## Grain Stores

Holding bags of grain for the winter is the miller's trade.

## The Red Door

Behind the red door of the harbour inn the smugglers count their coin.`,
        },
      ],
    });
    const scope = { userId: alice, datasetIds: [items.datasetId] };
    const headingsOf = async (names: string[]) => {
      const ids = (await exactNameCandidates(t.services.db, scope, names, 10)).map((row) => row.id);
      if (ids.length === 0) return [];
      const rows = await t.services.db.selectFrom('chunks').select('heading_path').where('id', 'in', ids).execute();
      return rows.map((row) => row.heading_path).sort();
    };
    expect(await headingsOf(['Bag of Holding'])).toEqual(['Wondrous Items > Bag of Holding']);
    expect(await headingsOf(['the red door'])).toEqual(['Wondrous Items > The Red Door']);
    expect(await headingsOf(['bags of grain'])).toEqual(['Wondrous Items > Grain Stores']);
    // The same stems, not the same words: the index finds it, the verbatim check leaves it out.
    expect(await headingsOf(['Bag of Grain'])).toEqual([]);
    // Nothing to look up for a name of stopwords only: no passage, and no error.
    expect(await headingsOf(['The Who'])).toEqual([]);
  });

  it('recognises names in questions', () => {
    expect(namesIn('Who is Ardent Vael?')).toEqual(['Ardent Vael']);
    expect(namesIn('What does the Bag of Holding hold?')).toEqual(['Bag of Holding']);
    expect(namesIn('Ardent Vael fought whom at Harbour Town?')).toEqual(['Ardent Vael', 'Harbour Town']);
    expect(namesIn('Tell me about "the red door"')).toEqual(['the red door']);
    expect(namesIn('how does grappling work?')).toEqual([]);
    expect(namesIn('What happens when I fall?')).toEqual([]);
    expect(namesIn("What's the range of a longbow?")).toEqual([]);
    expect(namesIn('What’s Ardent Vael carrying?')).toEqual(['Ardent Vael']);
  });

  it('follows the conversation: a follow-up keeps the earlier subject', async () => {
    const { passages } = await search([lore.datasetId, rules.datasetId], 'What sword does she carry?', { contextQuery: 'Who is Ardent Vael?' });
    expect(passages[0].content).toContain('sword named Quietus');
  });

  it('sends more context at higher levels, within the budget', async () => {
    const scope = [rules.datasetId, lore.datasetId];
    const low = await search(scope, 'creature damage hit points action', { level: 'low' });
    const high = await search(scope, 'creature damage hit points action', { level: 'high' });
    expect(low.passages.length).toBeLessThanOrEqual(4);
    expect(high.passages.length).toBeGreaterThan(low.passages.length);
  });

  it('searches within one document when asked to', async () => {
    const documentId = lore.documents[0].id;
    const { passages } = await searchPassages(t.services.db, {
      scope: { userId: alice, datasetIds: [lore.datasetId], documentId },
      query: 'Ember Crown',
      embedder,
    });
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((p) => p.documentId === documentId)).toBe(true);
  });

  it('uses pgvector where the extension is installed, and the exact fallback ranks alike', async () => {
    const installed = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'vector'`.execute(t.services.db);
    const hasPgvector = installed.rows[0].n === 1;
    // PGlite always has it; Debian's PostgreSQL 15 (the CI server run) has not.
    expect(await vectorBackendOf(t.services.db)).toBe(hasPgvector ? 'pgvector' : 'exact');
    if (!process.env.TEST_DATABASE_URL) expect(hasPgvector).toBe(true);
    const query = 'hold breath underwater minutes';
    const exact = await search([rules.datasetId, lore.datasetId], query, { mode: 'vector', vectorBackend: 'exact' });
    if (hasPgvector) {
      const viaIndex = await search([rules.datasetId, lore.datasetId], query, { mode: 'vector', vectorBackend: 'pgvector' });
      expect(viaIndex.passages.map((p) => p.chunkId)).toEqual(exact.passages.map((p) => p.chunkId));
    }
    expect(exact.passages[0].content).toContain('hold its breath');
    const fullText = await search([rules.datasetId, lore.datasetId], query, { mode: 'fulltext' });
    expect(fullText.embedding).toBeNull();
    expect(fullText.passages[0].content).toContain('hold its breath');
  });
  it('finds a unit of the rulebook by its name, in lower case, ahead of passages that mention it', async () => {
    const spells = await seedTome(t.services, alice, {
      name: 'Spells',
      documents: [
        {
          filename: 'spells.md',
          content: `# Spells\n\n## Targets\n\nFor a spell like fireball, the target is the point in space where the fireball erupts. A fireball spreads around corners; fireball, fireball.\n\n## Fireball\n\n**Range:** 150 feet\n\nA bright streak flashes from your pointing finger and blossoms into an explosion of flame.\n\n## Short Rest\n\nA short rest is a period of downtime, at least 1 hour long.`,
        },
      ],
    });
    const { passages } = await search([spells.datasetId], "What's the range on fireball?");
    expect(passages[0].headingPath).toBe('Spells > Fireball');
    const breather = await search([spells.datasetId], 'The party wants to take a breather. How does that work?');
    expect(breather.passages[0].headingPath).toBe('Spells > Short Rest');
  });

  it('never ranks a generated document above the passages it was written from', async () => {
    const original = 'A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier.';
    const tome = await seedTome(t.services, alice, {
      name: 'Mixed',
      documents: [
        {
          filename: 'notes.md',
          content: `---\ntitle: "Breath"\ngenerated: true\n---\n\n# Breath\n\nHolding breath underwater: ${original} Hold breath, hold breath, underwater breath.`,
        },
        { filename: 'rules.md', content: `# Suffocating\n\n${original}` },
      ],
    });
    const { passages } = await search([tome.datasetId], 'How long can someone hold their breath underwater?');
    expect(passages[0].filename).toBe('rules.md');
    expect(passages.find((p) => p.filename === 'notes.md')?.generated).toBe(true);
  });

  it('keeps the planner on the vector index after a bulk write, through the check every search makes', async () => {
    if (process.env.TEST_DATABASE_URL) return; // the server run has no pgvector: the exact fallback is the plan there
    const db = t.services.db;
    const dataset = await db
      .insertInto('datasets')
      .values({ user_id: alice, name: 'Bulk', description: '', metadata: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const document = await db
      .insertInto('documents')
      .values({
        dataset_id: dataset.id,
        user_id: alice,
        filename: 'bulk.md',
        file_type: 'md',
        status: 'ready',
        token_count: 1,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into chunks (document_id, dataset_id, user_id, ordinal, heading_path, content, token_count)
      select ${document.id}::uuid, ${dataset.id}::uuid, ${alice}::uuid, g, '', 'passage ' || g, 2 from generate_series(1, 1500) g`.execute(db);
    await sql`insert into chunk_embeddings (chunk_id, model, embedding)
      select c.id, ${embedder.model}, (select array_agg(sin(c.id * 7 + i)::real) from generate_series(1, 512) i) from chunks c where c.dataset_id = ${dataset.id}::uuid`.execute(
      db,
    );
    // What a search does after passages were written (search.ts): the check finds the tables
    // changed since the last ANALYZE and refreshes them. A later clock skips the 10 s throttle
    // the earlier searches of this file set.
    const refreshed = keepSearchStatisticsFresh(db, Date.now() + 60_000);
    expect(refreshed).toBeDefined();
    await refreshed;
    // ANALYZE ran: the planner's row count for the table now counts the bulk write.
    const analyzed = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = 'chunk_embeddings'`.execute(db);
    expect(Number(analyzed.rows[0].n)).toBeGreaterThanOrEqual(1500);
    // It gathered nothing on the vectors themselves, which no plan reads (ADR 0262); the plan below still uses the index.
    const columns = await sql<{ attname: string }>`select attname from pg_stats where tablename = 'chunk_embeddings' order by attname`.execute(db);
    expect(columns.rows.map((row) => row.attname)).toEqual(['chunk_id', 'model']);
    const probe = `[${Array.from({ length: 512 }, (_, i) => Math.cos(i)).join(',')}]`;
    const plan = await db.transaction().execute(async (trx) => {
      await sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true)`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select c.id from chunk_embeddings ce join chunks c on c.id = ce.chunk_id
        where c.user_id = ${alice}::uuid and c.dataset_id in (${dataset.id}::uuid) and ce.model = ${embedder.model}
        order by (ce.embedding::vector(512)) <=> ${probe}::vector(512) limit 24`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('chunk_embeddings_hnsw_idx');
    // The search's own scan settings reach the index scan (the statement sets them): with
    // pgvector's defaults an index scan gives at most 40 neighbours, whatever the limit.
    const nearest = await vectorCandidates(
      db,
      { userId: alice, datasetIds: [dataset.id] },
      Array.from({ length: 512 }, (_, i) => Math.cos(i)),
      { model: embedder.model, limit: 48 },
    );
    expect(nearest).toHaveLength(48);
  }, 120_000);
});

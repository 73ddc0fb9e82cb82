import { requireCampaignAccess } from '../ownership';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCitation, ContextLevel } from '../../../contract/chat';
import type { GeneratedContent, SavedContent } from '../../../contract/content';
import { checkCitations, ingestGroundingTome, measureQuestion, share, type GroundingOutcome, type GroundingTarget } from '../../../bench/grounding/grounding';
import { KINDS, loadGroundingQuestions } from '../../../bench/grounding/questions';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { askCampaign } from '../chat';
import { documentChunks } from '../concept-map/documents';
import { extractConceptsOffline } from '../concept-map/extract';
import { readDocumentText } from '../tomes/document-text';

/**
 * The grounding evaluation as a regression floor: the SRD and the Ember Crown fixtures ingested
 * into one tome through the API and the real job, every question of bench/grounding/questions.jsonl
 * searched and asked with the offline engine. The floors sit a little below the figures in
 * docs/benchmarks.md (Grounding), so a change that loses answers fails here loudly; raise them when
 * the figures rise. The same tome then serves the content creator's checks (issue #10 item 3).
 */
const FLOORS = {
  /** Per half: recall at each level, and the offline answer citing an answering passage. */
  recall: { low: 0.88, medium: 0.93, high: 0.96 } satisfies Record<ContextLevel, number>,
  passage: 0.87,
  /** Per kind and half, at the medium level. */
  kindMedium: 0.85,
};

describe('grounded answers over the SRD and the Ember Crown in one tome (offline engine)', () => {
  let t: TestApp;
  let token: string;
  let target: GroundingTarget;
  const outcomes: GroundingOutcome[] = [];

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    const account = await t.signUp();
    token = account.token;
    const datasetId = await ingestGroundingTome(t, token);
    const campaign = await t.services.db
      .insertInto('campaigns')
      .values({ user_id: account.userId, name: 'The Ember Crown' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.db.insertInto('campaign_datasets').values({ campaign_id: campaign.id, dataset_id: datasetId }).execute();
    target = { db: t.services.db, ai: t.services.ai, userId: account.userId, datasetId, campaignId: campaign.id };
  }, 1_800_000);
  afterAll(async () => {
    await t?.close();
  });

  it('finds and cites the answering passage at least as often as the floors say, in both halves', async () => {
    expect(t.services.ai.engine).toBe('offline');
    for (const question of loadGroundingQuestions().filter((q) => q.half === 'tune' || q.half === 'test')) outcomes.push(await measureQuestion(target, question));
    const report: string[] = [];
    const failures: string[] = [];
    const floor = (label: string, value: number, min: number) => {
      report.push(`${label}: ${(100 * value).toFixed(1)}% (floor ${(100 * min).toFixed(0)}%)`);
      if (value < min) failures.push(label);
    };
    for (const half of ['tune', 'test'] as const) {
      const group = outcomes.filter((o) => o.question.half === half);
      for (const level of ['low', 'medium', 'high'] as const)
        floor(
          `${half} recall@${level}`,
          share(group, (o) => o.recall[level]),
          FLOORS.recall[level],
        );
      floor(
        `${half} answer cites the answering passage`,
        share(group, (o) => o.passage),
        FLOORS.passage,
      );
      for (const kind of KINDS)
        floor(
          `${half} ${kind} recall@medium`,
          share(
            group.filter((o) => o.question.kind === kind),
            (o) => o.recall.medium,
          ),
          FLOORS.kindMedium,
        );
    }
    const misses = outcomes.filter((o) => !o.passage).map((o) => `${o.question.id}: ${o.question.question}`);
    expect(failures, `${report.join('\n')}\n\nanswers not citing the answering passage:\n${misses.join('\n')}`).toEqual([]);
  }, 1_800_000);

  it('quotes every citation verbatim from its document, at its offsets (tables included)', async () => {
    const check = await checkCitations(
      t.services.db,
      outcomes.flatMap((o) => o.citations),
    );
    expect(check.quotes).toBeGreaterThan(outcomes.length);
    expect(check.notVerbatim).toEqual([]);
    expect(check.located).toBe(check.quotes);
    expect(check.offsetsRight).toBe(check.located);
  });

  describe('the content creator on the same tome', () => {
    const create = (payload: object) => t.app.inject({ method: 'POST', url: `/api/campaigns/${target.campaignId}/create-content`, headers: bearer(token), payload });

    it('lays out the monster’s own stat block for the stats format when the bestiary is in the tome', async () => {
      const response = await create({
        content_type: 'character',
        character_format: 'stats',
        prompt: 'A goblin boss who leads the ambush at the fish market',
        primary_dataset_id: target.datasetId,
      });
      expect(response.statusCode, response.body).toBe(200);
      const draft = response.json() as GeneratedContent;
      expect(draft.content).toContain('## Stat Block');
      expect(draft.content).not.toContain('None of the passages found holds a stat block');
      expect(draft.content).toMatch(/\*\*Armor Class\*\* \d+/);
      expect(draft.content).toMatch(/\*\*Hit Points\*\* \d+ \(\d+d\d+/);
      expect(draft.content).toMatch(/closest stat block in your tomes is \*\*Goblin( Boss)?\*\*/);
      expect(draft.citations.some((c) => c.filename === '11-monsters.md')).toBe(true);
      expectNoRepeatedLines(draft.content);
      const check = await checkCitations(t.services.db, draft.citations as ChatCitation[]);
      expect(check.notVerbatim).toEqual([]);
    });

    it('keeps a saved draft behind the passages it was written from, and its offline notice out of the tome', async () => {
      const drafted = await create({
        content_type: 'lore',
        prompt: 'The poisoned condition and how the Pale Lantern zealots use venom in Greywater',
        primary_dataset_id: target.datasetId,
      });
      expect(drafted.statusCode, drafted.body).toBe(200);
      const draft = drafted.json() as GeneratedContent;
      expect(draft.content).toContain('**Offline draft.**');
      expectNoRepeatedLines(draft.content);
      const saved = await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${target.campaignId}/save-content`,
        headers: bearer(token),
        payload: { dataset_id: target.datasetId, content: draft.content, filename: 'pale-lantern-venom', content_type: 'lore' },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const { document_id } = saved.json() as SavedContent;
      expect((saved.json() as SavedContent).status).toBe('ready');

      const stored = await readDocumentText(t.services.db, document_id);
      expect(stored).not.toMatch(/Offline draft|No AI model is connected|connect Claude/);
      const chunks = await documentChunks(t.services.db, document_id);
      expect(chunks.length).toBeGreaterThan(0);
      for (const chunk of chunks) expect(chunk.content).not.toMatch(/Offline draft|No AI model is connected|connect Claude|Anthropic/);
      const concepts = extractConceptsOffline({
        documentId: document_id,
        chunks: chunks.map((c) => ({ chunkId: c.id, text: c.content, headingPath: c.heading_path })),
      }).concepts.map((c) => c.name.toLowerCase());
      expect(concepts.filter((name) => /claude|anthropic|offline|ai model/.test(name))).toEqual([]);

      // Later answers lead with the rulebook and the campaign's own notes, not with the draft.
      for (const query of ['What does the poisoned condition do?', 'Who leads the Pale Lantern?', 'What did the zealots do in the fish market?']) {
        const access = await requireCampaignAccess(t.services.db, target.userId, target.campaignId);
        const answer = await askCampaign(t.services.db, access, t.services.ai, { query });
        expect(answer.citations.length, query).toBeGreaterThan(0);
        expect(answer.citations[0].filename, query).not.toBe('pale-lantern-venom.md');
        for (const citation of answer.citations) expect(citation.quote).not.toMatch(/Offline draft|connect Claude/);
      }
      const later = await create({
        content_type: 'location',
        prompt: 'The fish market of Greywater where the zealots struck',
        primary_dataset_id: target.datasetId,
      });
      expect(later.statusCode, later.body).toBe(200);
      const laterDraft = later.json() as GeneratedContent;
      expect(laterDraft.citations[0]?.filename).not.toBe('pale-lantern-venom.md');
      expectNoRepeatedLines(laterDraft.content);
    });
  });
});

/** No line of a draft (a quote, a name, a heading) is written twice. */
function expectNoRepeatedLines(content: string) {
  const lines = content
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(?:[-#>|*_]+|\d+\.)$/.test(line));
  const repeated = lines.filter((line, i) => lines.indexOf(line) !== i);
  expect(repeated).toEqual([]);
}

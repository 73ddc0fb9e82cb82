import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerText } from '../../../contract/gm-blocks';
import { estimateTokens } from '../../text/tokens';
import { SECRET_QUESTIONS, secretsIn, seatEmberCrownTable, type EmberCrownTable } from '../../../tests/support/ember-crown';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { readDocumentText } from '../../domain/tomes/document-text';

/**
 * Issue #14's proofs over the Ember Crown: the GM shows the lore and session 12 with their
 * secrets in `:::gm` blocks and keeps the GM's notes hidden; two players ask, browse and count,
 * and nothing hidden reaches them. The GM's own view is checked too, so every "nothing leaks"
 * assertion is shown able to fail.
 */
describe('what players see of the Ember Crown (offline engine)', () => {
  let t: TestApp;
  let table: EmberCrownTable;
  let player: string;
  let otherPlayer: string;

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    table = await seatEmberCrownTable(t);
    [player, otherPlayer] = table.players.map((p) => p.token);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('marks the passages of `:::gm` blocks GM-only at ingestion, and nothing else', async () => {
    const chunks = await t.services.db.selectFrom('chunks').select(['document_id', 'content', 'gm_only']).where('dataset_id', '=', table.datasetId).execute();
    const hidden = chunks.filter((c) => c.gm_only);
    expect(hidden.length).toBeGreaterThanOrEqual(5);
    for (const chunk of chunks.filter((c) => c.document_id !== table.secrets)) {
      expect(secretsIn(chunk.content).length > 0, chunk.content).toBe(chunk.gm_only);
    }
  });

  it('answers every wording of every secret without a passage, quote or name from it', async () => {
    for (const query of SECRET_QUESTIONS) {
      const response = await as(player, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query, context_level: 'high' });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(secretsIn(answer.response), `${query}\n${answer.response}`).toEqual([]);
      for (const citation of answer.citations) {
        expect(secretsIn(`${citation.quote} ${citation.filename}`), query).toEqual([]);
        expect([table.lore, table.log]).toContain(citation.document_id);
      }
    }
    // The same questions reach the secrets for the GM: the check above can fail.
    const gmAnswer = (
      await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who pays Hollis Quenby?', context_level: 'high' })
    ).json();
    expect(secretsIn(`${gmAnswer.response} ${gmAnswer.citations.map((c: { quote: string }) => c.quote).join(' ')}`).length).toBeGreaterThan(0);
  });

  it('still answers players from what the GM shows, with offsets into the text they read', async () => {
    const answer = (await as(player, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who is the harbourmaster of Greywater?' })).json();
    expect(answer.response).toContain('Wenna Corlis');
    const document = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/documents/${table.lore}`)).json();
    const conversation = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/conversations/${answer.conversation_id}`)).json();
    const cited = conversation.messages.at(-1).citations.find((c: { document_id: string }) => c.document_id === table.lore);
    expect(cited).toBeDefined();
    const row = await t.services.db
      .selectFrom('messages')
      .select('citations')
      .where('conversation_id', '=', answer.conversation_id)
      .where('role', '=', 'assistant')
      .executeTakeFirstOrThrow();
    const stored = (row.citations as unknown as Array<{ document_id: string; start: number | null; end: number | null; quote: string }>).find(
      (c) => c.document_id === table.lore,
    )!;
    expect(stored.start).not.toBeNull();
    expect(document.content.slice(stored.start!, stored.end!)).toBe(stored.quote);
  });

  it('shows players the visible documents only, cut, with counts and token totals of what they read', async () => {
    const gmList = (await as(table.gm.token, 'GET', `/api/campaigns/${table.campaignId}/documents`)).json();
    const list = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/documents`)).json();
    expect(gmList.document_count).toBe(3);
    expect(list.document_count).toBe(2);
    expect(list.documents.map((d: { id: string }) => d.id).sort()).toEqual([table.lore, table.log].sort());
    expect(list.documents.every((d: { has_gm_blocks: boolean }) => !d.has_gm_blocks)).toBe(true);
    expect(gmList.documents.find((d: { id: string }) => d.id === table.lore).has_gm_blocks).toBe(true);
    expect(secretsIn(JSON.stringify(list))).toEqual([]);

    const documents = await t.services.db.selectFrom('documents').select(['id', 'file_type']).where('id', 'in', [table.lore, table.log]).execute();
    let expected = 0;
    for (const doc of documents) expected += estimateTokens(playerText(await readDocumentText(t.services.db, doc.id), doc.file_type));
    expect(list.total_tokens).toBe(expected);
    expect(list.total_tokens).toBeLessThan(gmList.total_tokens);

    for (const id of [table.lore, table.log]) {
      const document = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/documents/${id}`)).json();
      expect(secretsIn(document.content)).toEqual([]);
      expect(document.content).toContain('Greywater');
    }
    expect((await as(table.gm.token, 'GET', `/api/campaigns/${table.campaignId}/documents/${table.lore}`)).json().content).toContain('Drowned Chapel');
  });

  it('asks about a visible document from its text without the GM blocks, and never about a hidden one', async () => {
    const answer = await as(player, 'POST', `/api/campaigns/${table.campaignId}/documents/${table.log}/chat`, {
      query: 'What did the captured zealot say about the meeting at the Drowned Chapel?',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(secretsIn(`${body.response} ${body.citations.map((c: { quote: string }) => c.quote).join(' ')}`)).toEqual([]);
    expect(body.tokens).toBeGreaterThan(0);
    const kept = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/documents/${table.log}/conversation`)).json();
    expect(kept.id).toBe(body.conversation_id);
    // Nobody else sees a player's conversation: not the other player, not the GM.
    expect((await as(otherPlayer, 'GET', `/api/campaigns/${table.campaignId}/documents/${table.log}/conversation`)).json()).toBeNull();
    expect((await as(table.gm.token, 'GET', `/api/campaigns/${table.campaignId}/documents/${table.log}/conversation`)).json()).toBeNull();
  });

  it("keeps each player's conversations their own: neither the other player nor the GM sees them", async () => {
    const asked = (await as(player, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'What is the Ember Crown?' })).json();
    const mine = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/conversations`)).json();
    expect(mine.map((c: { id: string }) => c.id)).toContain(asked.conversation_id);
    for (const token of [otherPlayer, table.gm.token]) {
      const theirs = (await as(token, 'GET', `/api/campaigns/${table.campaignId}/conversations`)).json();
      expect(theirs.map((c: { id: string }) => c.id)).not.toContain(asked.conversation_id);
      expect((await as(token, 'GET', `/api/campaigns/${table.campaignId}/conversations/${asked.conversation_id}`)).statusCode).toBe(404);
      expect((await as(token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'And then?', conversation_id: asked.conversation_id })).statusCode).toBe(
        404,
      );
    }
  });

  it('shows players the visible timeline events only, counts included', async () => {
    const event = (title: string, player_visible?: boolean) =>
      as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/timeline/events`, {
        title,
        date: '2026-03-14',
        event_type: 'player_party',
        linked_documents: [table.log, table.secrets],
        ...(player_visible === undefined ? {} : { player_visible }),
      });
    const shown = (await event('Ambush in Greywater', true)).json();
    const hidden = (await event('The Drowned Chapel meeting is set')).json();
    await event('Quenby takes his bribe', false);
    expect(shown.player_visible).toBe(true);
    expect(hidden.player_visible).toBe(false);

    const gmEvents = (await as(table.gm.token, 'GET', `/api/campaigns/${table.campaignId}/timeline`)).json().events;
    const events = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/timeline`)).json().events;
    expect(gmEvents).toHaveLength(3);
    expect(events).toHaveLength(1);
    expect(events[0].title).toBe('Ambush in Greywater');
    // A link to a hidden document is not shown either.
    expect(events[0].linked_documents).toEqual([table.log]);
    expect(secretsIn(JSON.stringify(events))).toEqual([]);

    // An update that leaves player_visible out keeps it; the GM hides it again explicitly.
    const kept = await as(table.gm.token, 'PUT', `/api/campaigns/${table.campaignId}/timeline/events/${shown.id}`, {
      title: 'Ambush in Greywater',
      date: '2026-03-14',
      event_type: 'player_party',
    });
    expect(kept.json().player_visible).toBe(true);
    await as(table.gm.token, 'PUT', `/api/campaigns/${table.campaignId}/timeline/events/${shown.id}`, {
      title: 'Ambush in Greywater',
      date: '2026-03-14',
      event_type: 'player_party',
      player_visible: false,
    });
    expect((await as(player, 'GET', `/api/campaigns/${table.campaignId}/timeline`)).json().events).toHaveLength(0);
    await as(table.gm.token, 'PUT', `/api/campaigns/${table.campaignId}/timeline/events/${shown.id}`, {
      title: 'Ambush in Greywater',
      date: '2026-03-14',
      event_type: 'player_party',
      player_visible: true,
    });
  });

  it('draws the players’ concept map from visible passages only, its counts and sources from those alone', async () => {
    const built = await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/concept-map/generate?wait=1`, {
      selected_documents: [table.lore, table.log, table.secrets].map((id) => ({ id, dataset_id: table.datasetId })),
    });
    expect(built.statusCode, built.body).toBe(200);
    const gmMap = (await as(table.gm.token, 'GET', `/api/campaigns/${table.campaignId}/concept-map`)).json();
    const map = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/concept-map`)).json();
    const names = (m: { concepts: Array<{ name: string }> }) => m.concepts.map((c) => c.name);
    expect(names(gmMap)).toContain('Drowned Chapel');
    expect(names(map)).not.toContain('Drowned Chapel');
    expect(map.concepts.length).toBeGreaterThan(0);
    expect(names(map)).toContain('Wenna Corlis');
    expect(secretsIn(JSON.stringify(map))).toEqual([]);
    expect(map.processed_docs.map((d: { id: string }) => d.id).sort()).toEqual([table.lore, table.log].sort());
    // Counts come from visible passages: never more than the GM's, and fewer for a name the secrets also hold.
    const gmCount = new Map(gmMap.concepts.map((c: { name: string; sources: number }) => [c.name, c.sources]));
    for (const concept of map.concepts) expect(concept.sources).toBeLessThanOrEqual((gmCount.get(concept.name) as number | undefined) ?? Infinity);
    const quenby = (m: typeof map) => m.concepts.find((c: { name: string }) => c.name === 'Hollis Quenby')?.sources ?? 0;
    expect(quenby(map)).toBeGreaterThan(0);
    expect(quenby(map)).toBeLessThan(quenby(gmMap));
    const ids = new Set(map.concepts.map((c: { id: string }) => c.id));
    for (const r of map.relationships) expect(ids.has(r.source) && ids.has(r.target)).toBe(true);
  });

  it('answers 404 to players on GM-only ids, GM-only operations and another campaign’s ids', async () => {
    const { campaignId, otherCampaignId, datasetId, secrets, lore } = table;
    const event = (
      await as(table.gm.token, 'POST', `/api/campaigns/${campaignId}/timeline/events`, { title: 'Hidden', date: '2026-03-15', event_type: 'player_party' })
    ).json();
    const eventBody = { title: 'Forged', date: '2026-03-15', event_type: 'player_party' };
    const hiddenSession = (
      await as(table.gm.token, 'POST', `/api/campaigns/${campaignId}/sessions`, { title: 'Behind the screen', notes: 'The Abbess waits.' })
    ).json();
    const otherSession = (await as(table.gm.token, 'POST', `/api/campaigns/${otherCampaignId}/sessions`, { title: 'One-shot', player_visible: true })).json();
    const refused: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      // GM-only ids through the campaign routes a player may use
      ['GET', `/api/campaigns/${campaignId}/documents/${secrets}`],
      ['POST', `/api/campaigns/${campaignId}/documents/${secrets}/chat`, { query: 'What is in here?' }],
      ['GET', `/api/campaigns/${campaignId}/documents/${secrets}/conversation`],
      ['GET', `/api/campaigns/${campaignId}/documents/not-a-uuid`],
      // the GM's own tome routes
      ['GET', `/api/datasets/${datasetId}`],
      ['GET', `/api/datasets/${datasetId}/documents`],
      ['GET', `/api/datasets/${datasetId}/documents/${lore}`],
      ['GET', `/api/datasets/${datasetId}/documents/${lore}/content`],
      ['GET', `/api/datasets/${datasetId}/documents/${lore}/file`],
      ['POST', `/api/datasets/${datasetId}/documents/${lore}/chat`, { query: 'Who pays Hollis Quenby?' }],
      ['PUT', `/api/datasets/${datasetId}/documents/${secrets}/visibility`, { player_visible: true }],
      // GM-only writes at the campaign
      ['PATCH' as 'PUT', `/api/campaigns/${campaignId}`, { name: 'Mine now' }],
      ['POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: datasetId }],
      ['POST', `/api/campaigns/${campaignId}/timeline/events`, eventBody],
      ['PUT', `/api/campaigns/${campaignId}/timeline/events/${event.id}`, eventBody],
      ['DELETE', `/api/campaigns/${campaignId}/timeline/events/${event.id}`],
      ['GET', `/api/campaigns/${campaignId}/timeline/documents`],
      ['GET', `/api/campaigns/${campaignId}/timeline/proposals`],
      ['PUT', `/api/campaigns/${campaignId}/calendar`, { definition: null }],
      ['GET', `/api/campaigns/${campaignId}/sessions/${hiddenSession.id}`],
      ['POST', `/api/campaigns/${campaignId}/sessions`, { title: 'Forged' }],
      ['PATCH' as 'PUT', `/api/campaigns/${campaignId}/sessions/${hiddenSession.id}`, { player_visible: true }],
      ['DELETE', `/api/campaigns/${campaignId}/sessions/${hiddenSession.id}`],
      ['POST', `/api/campaigns/${campaignId}/sessions/${hiddenSession.id}/proposals`],
      ['GET', `/api/campaigns/${campaignId}/concept-map/documents`],
      ['POST', `/api/campaigns/${campaignId}/concept-map/generate`, { selected_documents: [{ id: lore, dataset_id: datasetId }] }],
      ['PUT', `/api/campaigns/${campaignId}/concept-map/settings`, { show_labels: false }],
      ['POST', `/api/campaigns/${campaignId}/create-content`, { content_type: 'character', prompt: 'The Veiled Abbess' }],
      // another campaign's ids
      ['GET', `/api/campaigns/${otherCampaignId}/documents`],
      ['GET', `/api/campaigns/${otherCampaignId}/documents/${lore}`],
      ['POST', `/api/campaigns/${otherCampaignId}/chat`, { query: 'Who pays Hollis Quenby?' }],
      ['GET', `/api/campaigns/${otherCampaignId}/conversations`],
      ['GET', `/api/campaigns/${otherCampaignId}/timeline`],
      ['GET', `/api/campaigns/${otherCampaignId}/calendar`],
      ['GET', `/api/campaigns/${otherCampaignId}/concept-map`],
      ['GET', `/api/campaigns/${otherCampaignId}/sessions`],
      ['GET', `/api/campaigns/${otherCampaignId}/sessions/${otherSession.id}`],
    ];
    for (const [method, url, payload] of refused) {
      const response = await as(player, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    // Someone without a seat gets the same 404 on every campaign route a player may use.
    for (const url of ['documents', 'timeline', 'concept-map', 'conversations', 'calendar', 'sessions']) {
      expect((await as(table.outsider.token, 'GET', `/api/campaigns/${campaignId}/${url}`)).statusCode).toBe(404);
    }
    expect((await as(table.outsider.token, 'POST', `/api/campaigns/${campaignId}/chat`, { query: 'Hello?' })).statusCode).toBe(404);
    // Nothing was changed by the refused writes.
    const still = await t.services.db.selectFrom('documents').select('player_visible').where('id', '=', secrets).executeTakeFirstOrThrow();
    expect(still.player_visible).toBe(false);
    expect((await as(table.gm.token, 'GET', `/api/campaigns/${campaignId}/timeline`)).json().events.some((e: { id: string }) => e.id === event.id)).toBe(true);
    expect((await as(table.gm.token, 'GET', `/api/campaigns/${campaignId}/sessions/${hiddenSession.id}`)).json()).toMatchObject({
      title: 'Behind the screen',
      player_visible: false,
    });
    expect((await as(player, 'GET', `/api/campaigns/${campaignId}/sessions`)).json()).toEqual([]);
  });

  it('refuses a visibility value that is not a boolean with a 400, changing nothing', async () => {
    const response = await as(table.gm.token, 'PUT', `/api/datasets/${table.datasetId}/documents/${table.secrets}/visibility`, { player_visible: 'yes please' });
    expect(response.statusCode).toBe(400);
    const row = await t.services.db.selectFrom('documents').select('player_visible').where('id', '=', table.secrets).executeTakeFirstOrThrow();
    expect(row.player_visible).toBe(false);
  });

  it("shows the GM exactly the player's view with the view-as-player cookie", async () => {
    const asPlayer = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...bearer(table.gm.token), cookie: 'tk_view_as=player' } });
    const list = (await asPlayer(`/api/campaigns/${table.campaignId}/documents`)).json();
    const playerList = (await as(player, 'GET', `/api/campaigns/${table.campaignId}/documents`)).json();
    expect(list).toEqual(playerList);
    expect((await asPlayer(`/api/campaigns/${table.campaignId}/documents/${table.secrets}`)).statusCode).toBe(404);
    const map = (await asPlayer(`/api/campaigns/${table.campaignId}/concept-map`)).json();
    expect(secretsIn(JSON.stringify(map.concepts))).toEqual([]);
  });

  it("keeps the GM's own conversations out of the player view, so their history never feeds a player's answer", async () => {
    const viewAsPlayer = { ...bearer(table.gm.token), cookie: 'tk_view_as=player' };
    const base = `/api/campaigns/${table.campaignId}`;
    const gmChat = await as(table.gm.token, 'POST', `${base}/chat`, { query: 'Who is the harbourmaster of Greywater?' });
    expect(gmChat.statusCode).toBe(200);
    const gmConversation = gmChat.json().conversation_id as string;

    const previewList = await t.app.inject({ method: 'GET', url: `${base}/conversations`, headers: viewAsPlayer });
    expect(previewList.json().map((c: { id: string }) => c.id)).not.toContain(gmConversation);
    expect((await t.app.inject({ method: 'GET', url: `${base}/conversations/${gmConversation}`, headers: viewAsPlayer })).statusCode).toBe(404);
    const continued = await t.app.inject({
      method: 'POST',
      url: `${base}/chat`,
      headers: viewAsPlayer,
      payload: { query: 'And what does he hide?', conversation_id: gmConversation },
    });
    expect(continued.statusCode).toBe(404);

    const previewChat = await t.app.inject({ method: 'POST', url: `${base}/chat`, headers: viewAsPlayer, payload: { query: 'Who is the harbourmaster?' } });
    expect(previewChat.statusCode).toBe(200);
    const previewConversation = previewChat.json().conversation_id as string;
    const previewIds = (await t.app.inject({ method: 'GET', url: `${base}/conversations`, headers: viewAsPlayer })).json().map((c: { id: string }) => c.id);
    expect(previewIds).toEqual([previewConversation]);
    const gmIds = (await as(table.gm.token, 'GET', `${base}/conversations`)).json().map((c: { id: string }) => c.id);
    expect(gmIds).toContain(gmConversation);
    expect(gmIds).not.toContain(previewConversation);
  });
  it("bills players' questions to the campaign and stops them, not the GM, once its budget is spent", async () => {
    const { db } = t.services;
    const billed = await db.selectFrom('usage_events').select(['user_id', 'feature']).where('campaign_id', '=', table.campaignId).execute();
    expect(billed.some((row) => row.user_id === table.players[0].userId && row.feature === 'campaign_chat')).toBe(true);

    expect((await as(table.gm.token, 'PUT', `/api/campaigns/${table.campaignId}/budget`, { monthly_budget_usd: 0 })).statusCode).toBe(200);
    const before = await db.selectFrom('messages').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refused = await as(player, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who is the harbourmaster of Greywater?' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/budget/i);
    const document = await as(player, 'POST', `/api/campaigns/${table.campaignId}/documents/${table.lore}/chat`, { query: 'Who is the harbourmaster?' });
    expect(document.statusCode).toBe(429);
    const after = await db.selectFrom('messages').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // The GM's own questions are never stopped by the players' budget.
    expect((await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who is the harbourmaster of Greywater?' })).statusCode).toBe(200);
    await as(table.gm.token, 'PUT', `/api/campaigns/${table.campaignId}/budget`, { monthly_budget_usd: null });
  });
});

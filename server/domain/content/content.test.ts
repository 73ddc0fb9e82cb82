import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedContent, SavedContent } from '../../../contract/content';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { searchPassages } from '../retrieval';
import { getContentSession } from './content-session';
import { SALTMERE_LORE, SRD_MONSTERS } from './test-fixtures';

describe('content creation with the offline engine', () => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let srd: SeededTome;
  let lore: SeededTome;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    srd = await seedTome(t.services, alice.userId, { name: 'SRD', documents: [{ filename: 'srd-monsters.md', content: SRD_MONSTERS }] });
    lore = await seedTome(t.services, alice.userId, { name: 'Saltmere', documents: [{ filename: 'saltmere.md', content: SALTMERE_LORE }] });
    campaignId = (await call(alice.token, 'POST', '/api/campaigns', { name: 'Lanterns of Saltmere' })).json().id;
    await call(alice.token, 'POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: srd.datasetId });
    await call(alice.token, 'POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: lore.datasetId });
  });
  afterAll(async () => {
    await t.close();
  });

  function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  }
  const create = (payload: object, token = alice.token, id = campaignId) => call(token, 'POST', `/api/campaigns/${id}/create-content`, payload);
  const save = (payload: object, token = alice.token, id = campaignId) => call(token, 'POST', `/api/campaigns/${id}/save-content`, payload);
  const usage = async () => (await call(alice.token, 'GET', '/api/usage/current-month')).json();

  it('drafts a character stat block from the primary tome, citing it and saying it is offline', async () => {
    const before = await usage();
    const response = await create({
      content_type: 'character',
      character_format: 'stats',
      prompt: 'A veteran sellsword who once served in the Lantern Watch',
      primary_dataset_id: srd.datasetId,
    });
    expect(response.statusCode).toBe(200);
    const draft = response.json() as GeneratedContent;
    expect(draft).toMatchObject({ content_type: 'character', character_format: 'stats', engine: 'offline', version: 1 });
    expect(draft.content).toContain('**Offline draft.**');
    expect(draft.content).toContain('## Stat Block');
    expect(draft.content).toContain('**Armor Class** 17 (splint)');
    expect(draft.content).toContain('**STR** 16 (+3) · **DEX** 13 (+1)');
    expect(draft.content).toContain('***Longsword.*** Melee Weapon Attack: +5 to hit');
    expect(draft.content).not.toMatch(/lorem|ipsum/i);
    // Every marker points at a numbered source that quotes the tome.
    const markers = [...draft.content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(markers.length).toBeGreaterThan(0);
    for (const marker of new Set(markers)) expect(draft.content).toMatch(new RegExp(`\\n${marker}\\. \\*\\*(srd-monsters|saltmere)\\.md\\*\\* \\(`));
    expect(draft.citations.length).toBe(Math.max(...markers));
    expect(draft.citations[0]).toMatchObject({ filename: 'srd-monsters.md', dataset_id: srd.datasetId, document_id: srd.documents[0].id });
    // The primary tome first, then the campaign's other linked tome.
    expect(draft.sources[0]).toBe('srd-monsters.md');
    expect(draft.sources).toContain('saltmere.md');
    expect(draft.markdown).toMatch(
      /^---\ntitle: ".+"\ncontent_type: character\ncharacter_format: stats\ncampaign: "Lanterns of Saltmere"\nsources:\n  - "srd-monsters.md"\n/,
    );
    expect(draft.markdown).toContain('\ngenerated: true\n');
    expect(draft.markdown.endsWith(`${draft.content.trim()}\n`)).toBe(true);
    expect(draft.tokens.total_tokens).toBeGreaterThan(0);
    expect(draft.tokens.total_cost).toBe(0);

    const after = await usage();
    expect(after.month_data.usage_breakdown.content_generation.calls).toBe((before.month_data.usage_breakdown.content_generation?.calls ?? 0) + 1);
  });

  it('gathers names, places and facts for a location, from the tomes only', async () => {
    const draft = (
      await create({ content_type: 'location', prompt: 'The smugglers tavern in the cliffs of Saltmere', primary_dataset_id: lore.datasetId })
    ).json() as GeneratedContent;
    expect(draft.character_format).toBeNull();
    expect(draft.content).toMatch(/^# Location draft: The smugglers tavern in the cliffs of Saltmere/);
    expect(draft.content).toContain('## Places');
    expect(draft.content).toContain('**Drowned Eel**');
    expect(draft.content).toContain('## What Your Tomes Say');
    expect(draft.content).toContain("The Drowned Eel is a smugglers' tavern built into the cliffs below the Beacon Hall, where the Gull Knives sell stolen cargo.");
    expect(draft.content).not.toContain('## Stat Block');
    expect(draft.sources[0]).toBe('saltmere.md');
  });

  it('revises twice in one conversation, keeping the draft and logging each turn', async () => {
    const first = (
      await create({ content_type: 'character', character_format: 'narrative', prompt: 'Captain of the city guard', primary_dataset_id: lore.datasetId })
    ).json() as GeneratedContent;
    const revise = (prompt: string, previous: GeneratedContent) =>
      create({
        content_type: 'character',
        character_format: 'narrative',
        prompt,
        primary_dataset_id: lore.datasetId,
        conversation_id: previous.conversation_id,
        is_revision: true,
        original_content: previous.content,
      });
    const second = (await revise('Tie him to the Council of Lanterns', first)).json() as GeneratedContent;
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(second.version).toBe(2);
    expect(second.content).toContain('## Revision: Tie him to the Council of Lanterns');
    expect(second.content).toContain('Council of Lanterns, seven merchant houses');
    // What was not asked to change stays as it was, sources and all.
    const firstBody = first.content.slice(0, first.content.indexOf('\n## Sources'));
    expect(second.content.startsWith(firstBody)).toBe(true);

    const third = (await revise('Mention the Siege of Greywall', second)).json() as GeneratedContent;
    expect(third.version).toBe(3);
    expect(third.content).toContain('## Revision: Tie him to the Council of Lanterns');
    expect(third.content).toContain('## Revision: Mention the Siege of Greywall');
    expect(third.content).toContain('He lost his left eye in the Siege of Greywall');
    const numbered = [...third.content.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1]));
    expect(numbered).toEqual(numbered.map((_, i) => i + 1));
    expect(Math.max(...[...third.content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))).toBe(numbered.length);

    const session = await getContentSession(t.services.db, alice.userId, campaignId, first.conversation_id);
    expect(session.prompt).toBe('Captain of the city guard');
    expect(session.content).toBe(third.content);
    expect(session.version).toBe(3);
    expect(session.log.map((entry) => [entry.role, entry.role === 'user' ? entry.content : entry.version])).toEqual([
      ['user', 'Captain of the city guard'],
      ['assistant', 1],
      ['user', 'Tie him to the Council of Lanterns'],
      ['assistant', 2],
      ['user', 'Mention the Siege of Greywall'],
      ['assistant', 3],
    ]);
    // Content conversations are not campaign chats.
    const chats = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/conversations`)).json();
    expect(chats.map((c: { id: string }) => c.id)).not.toContain(first.conversation_id);
  });

  it('saves into a tome as front-mattered Markdown that is searchable and citable at once', async () => {
    const draft = (
      await create({ content_type: 'lore', prompt: 'The legend of the Beacon Hall lanterns', primary_dataset_id: lore.datasetId })
    ).json() as GeneratedContent;
    const content = `${draft.content}\n\nThe Brass Heron, a ghost ship, lights the ninth lantern of Beacon Hall at midwinter.\n`;
    const response = await save({ dataset_id: lore.datasetId, content, filename: '../drafts/Beacon Hall Legend.md.md', content_type: 'lore' });
    expect(response.statusCode).toBe(201);
    const saved = response.json() as SavedContent;
    expect(saved).toMatchObject({
      filename: 'Beacon Hall Legend.md',
      status: 'ready',
      dataset_id: lore.datasetId,
      message: 'content saved as Beacon Hall Legend.md',
    });

    const documents = (await call(alice.token, 'GET', `/api/datasets/${lore.datasetId}/documents`)).json();
    const listed = documents.find((d: { id: string }) => d.id === saved.document_id);
    expect(listed).toMatchObject({ filename: 'Beacon Hall Legend.md', file_type: 'md', status: 'ready' });
    const stored = (await call(alice.token, 'GET', `/api/datasets/${lore.datasetId}/documents/${saved.document_id}/content`)).json();
    expect(stored.content).toMatch(
      /^---\ntitle: "Lore draft: The legend of the Beacon Hall lanterns"\ncontent_type: lore\ncampaign: "Lanterns of Saltmere"\nsources:\n  - "saltmere.md"\n/,
    );
    expect(stored.content).toContain('\ngenerated: true\n');
    expect(stored.content).toContain('The Brass Heron, a ghost ship');
    // The offline draft's notice is not part of what the tome holds.
    expect(stored.content).not.toContain('Offline draft');
    expect(stored.content).not.toContain('connect Claude');

    const search = await searchPassages(t.services.db, {
      scope: { userId: alice.userId, datasetIds: [lore.datasetId] },
      query: 'Brass Heron ghost ship',
      embedder: t.services.ai.embedder,
    });
    // Searchable at once, but after the passages it was written from.
    const savedAt = search.passages.findIndex((p) => p.documentId === saved.document_id);
    expect(savedAt).toBeGreaterThanOrEqual(0);
    expect(search.passages[savedAt]).toMatchObject({ filename: 'Beacon Hall Legend.md', generated: true });
    expect(search.passages.slice(savedAt).every((p) => p.generated)).toBe(true);

    const answer = (await call(alice.token, 'POST', `/api/campaigns/${campaignId}/chat`, { query: 'Which ghost ship lights the ninth lantern?' })).json();
    // The answer cites the lore the draft was written from, not the draft.
    expect(answer.citations[0].filename).toBe('saltmere.md');
  });

  it('names the file after the GM’s words: .md exactly once, no folders', async () => {
    const saveAs = async (filename: string) =>
      (await save({ dataset_id: lore.datasetId, content: '# Note\n\nA short note about Saltmere harbour tolls.', filename, content_type: 'lore' })).json().filename;
    expect(await saveAs('Harbour tolls')).toBe('Harbour tolls.md');
    expect(await saveAs('C:\\notes\\tolls.MD')).toBe('tolls.md');
    expect(await saveAs('what? <tolls>')).toBe('what_ _tolls_.md');
  });

  it('answers the spec’s messages for missing information', async () => {
    const expectError = async (response: Awaited<ReturnType<typeof create>>, status: number, message: string) => {
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(message);
    };
    const base = { content_type: 'character', primary_dataset_id: srd.datasetId };
    await expectError(await create({ ...base, prompt: '   ' }), 400, 'Please enter a description of what you want to create');
    await expectError(await create({ content_type: 'lore', primary_dataset_id: srd.datasetId }), 400, 'Please enter a description of what you want to create');
    await expectError(await create({ content_type: 'character', prompt: 'A guard' }), 400, 'Please choose a Knowledge Tome to use as context');
    await expectError(await create({ ...base, content_type: 'monster', prompt: 'A guard' }), 400, 'content_type must be character, location, mission or lore');
    await expectError(await create({ ...base, prompt: 'A guard', character_format: 'sheet' }), 400, 'character_format must be narrative or stats');
    await expectError(await create({ ...base, prompt: '  ', is_revision: true, original_content: '# A' }), 400, 'Please describe the change you want');
    await expectError(
      await create({ ...base, prompt: 'Older', is_revision: true }),
      400,
      'A revision needs the content to revise: send original_content or the conversation_id of the draft.',
    );

    const missing = 'Missing required information for saving';
    const good = { dataset_id: lore.datasetId, content: '# Note\n\nText.', filename: 'note', content_type: 'lore' };
    await expectError(await save({ ...good, content: ' \n ' }), 400, missing);
    await expectError(await save({ ...good, filename: '   ' }), 400, missing);
    await expectError(await save({ ...good, filename: '.md' }), 400, missing);
    await expectError(await save({ ...good, filename: '../..' }), 400, missing);
    await expectError(await save({ ...good, dataset_id: undefined }), 400, missing);
    await expectError(await save({ ...good, content_type: 'poem' }), 400, 'content_type must be character, location, mission or lore');
  });

  it("refuses another user's campaign, tome and conversation with 404", async () => {
    const draft = (await create({ content_type: 'lore', prompt: 'Lanterns', primary_dataset_id: lore.datasetId })).json() as GeneratedContent;
    const bobCampaign = (await call(bob.token, 'POST', '/api/campaigns', { name: 'Bob’s game' })).json().id;
    const bobTome = await seedTome(t.services, bob.userId, {
      name: 'Bob notes',
      documents: [{ filename: 'bob.md', content: 'Bob keeps a tavern called the Sly Fox in Dunmere.' }],
    });
    const notFound = async (response: Awaited<ReturnType<typeof create>>, what: string) => {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(`${what} not found`);
    };

    await notFound(await create({ content_type: 'lore', prompt: 'Lanterns', primary_dataset_id: bobTome.datasetId }, bob.token), 'Campaign');
    await notFound(await create({ content_type: 'lore', prompt: 'Lanterns', primary_dataset_id: lore.datasetId }, bob.token, bobCampaign), 'Dataset');
    await notFound(
      await create(
        { content_type: 'lore', prompt: 'More', primary_dataset_id: bobTome.datasetId, conversation_id: draft.conversation_id, is_revision: true },
        bob.token,
        bobCampaign,
      ),
      'Content conversation',
    );
    await notFound(await save({ dataset_id: lore.datasetId, content: '# X\n\nY z.', filename: 'x', content_type: 'lore' }, bob.token, bobCampaign), 'Dataset');
    await notFound(await save({ dataset_id: bobTome.datasetId, content: '# X\n\nY z.', filename: 'x', content_type: 'lore' }, bob.token), 'Campaign');
    // A tome of Bob's, linked to nothing of Alice's, never reaches her drafts.
    const aliceDraft = (await create({ content_type: 'location', prompt: 'The Sly Fox tavern in Dunmere', primary_dataset_id: lore.datasetId })).json();
    expect(aliceDraft.sources).not.toContain('bob.md');
    expect(aliceDraft.content).not.toContain('Bob keeps a tavern');
    expect((await call(alice.token, 'GET', `/api/datasets/${bobTome.datasetId}/documents`)).statusCode).toBe(404);
  });

  it('says so honestly when nothing in the tomes matches', async () => {
    const empty = await seedTome(t.services, alice.userId, { name: 'Empty', documents: [] });
    const draft = (
      await create({ content_type: 'mission', prompt: 'Escort a noble to the capital', primary_dataset_id: empty.datasetId })
    ).json() as GeneratedContent;
    // The campaign's linked tomes still count; a campaign without them leaves only the honest note.
    const bare = (await call(alice.token, 'POST', '/api/campaigns', { name: 'Bare' })).json().id;
    const nothing = (
      await create({ content_type: 'mission', prompt: 'Escort a noble to the capital', primary_dataset_id: empty.datasetId }, alice.token, bare)
    ).json() as GeneratedContent;
    expect(draft.sources.length).toBeGreaterThan(0);
    expect(nothing.sources).toEqual([]);
    expect(nothing.content).toContain('**Offline draft.**');
    expect(nothing.content).toContain('Nothing in your Knowledge Tomes matched this request');
    expect(nothing.content).not.toContain('## Sources');
  });

  it('documents both routes in /api/openapi.json', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/campaigns/{id}/create-content', '/api/campaigns/{id}/save-content']));
    expect(Object.keys(spec.paths['/api/campaigns/{id}/create-content'].post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['content_type', 'prompt', 'character_format', 'primary_dataset_id', 'conversation_id', 'is_revision', 'original_content']),
    );
  });
});

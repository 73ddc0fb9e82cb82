import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentText, OPENAPI_DIR, typesText } from '../../server/cli/openapi';
import { createPasswordResetCode } from '../../server/domain/accounts/password-recovery';
import { createRegistrationCode } from '../../server/domain/accounts/registration-codes';
import { installZodSchemas, zodToOpenApi } from '../../server/http/zod-schemas';
import { seedTome } from '../support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { multipart, waitForJob } from '../support/tome-upload';

// The /api contract as a script's tools see it: /api/openapi.json is what the server really
// answers (every route walked, each answer checked against the document's own schema), it is
// the committed contract/openapi files, and it holds nothing but /api.

interface Operation {
  method: string;
  path: string;
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };

const SESSION_LOG = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/domain/timeline/proposals/fixtures/session-3.log'), 'utf8');
const CALENDAR = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/domain/timeline/fixtures/fantasy-calendar/taldorei-minimal.json'), 'utf8'),
);
const LORE = '# The Ember Crown\n\nThe Ember Crown lies beneath the Sunless Vault, guarded by the Ashen Hand.\n\nWarden Osric Pell keeps the bridge at Hollowmere.';
const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * One request per operation, in an order that builds what the later ones need. `status` is the
 * answer expected; `check` keeps ids from the answer for later steps.
 */
interface Step {
  operationId: string;
  params?: () => Record<string, string>;
  query?: string;
  body?: () => unknown;
  multipart?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  token?: () => string;
  status: number;
  check?: (body: any) => void | Promise<void>;
}

describe('the /api contract', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  const operations = new Map<string, Operation>();
  const validators = new Map<string, ValidateFunction>();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) operations.set(operation.operationId, { ...operation, method, path: route });
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('is the committed contract/openapi/openapi.json, and api.d.ts its types (`npm run openapi` rewrites both)', async () => {
    expect(fs.readFileSync(path.join(OPENAPI_DIR, 'openapi.json'), 'utf8')).toBe(documentText(document));
    expect(fs.readFileSync(path.join(OPENAPI_DIR, 'api.d.ts'), 'utf8')).toBe(await typesText(document as never));
  });

  it('names, summarises and tags every operation, and describes its errors', () => {
    expect(operations.size).toBeGreaterThan(40);
    const names = new Set<string>();
    for (const [operationId, operation] of operations) {
      const where = `${operation.method.toUpperCase()} ${operation.path}`;
      expect(operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(names.has(operationId), `${where}: operationId used twice`).toBe(false);
      names.add(operationId);
      const spec = document.paths[operation.path][operation.method] as unknown as { summary?: string; tags?: string[] };
      expect(spec.summary, where).toBeTruthy();
      expect(spec.tags?.length, where).toBe(1);
      // A tag the document does not describe shows in the docs page as a bare name.
      expect(
        (document as { tags?: Array<{ name: string }> }).tags?.map((tag) => tag.name),
        `${where}: its tag is described`,
      ).toContain(spec.tags?.[0]);
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('4')),
        where,
      ).toBe(true);
      for (const parameter of operation.path.match(/\{(\w+)\}/g) ?? []) {
        const declared = (document.paths[operation.path][operation.method] as unknown as { parameters?: Array<{ in: string; name: string }> }).parameters;
        expect(
          declared?.some((p) => p.in === 'path' && `{${p.name}}` === parameter),
          `${where} declares ${parameter}`,
        ).toBe(true);
      }
    }
  });

  /** The request of one step, and its answer checked against the document. */
  async function walk(step: Step, token: string): Promise<string | null> {
    const operation = operations.get(step.operationId);
    if (!operation) return `${step.operationId}: not in the document`;
    const where = `${operation.method.toUpperCase()} ${operation.path}`;
    const params = step.params?.() ?? {};
    const url =
      operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (!(name in params)) throw new Error(`${where}: no value for {${name}}`);
        return encodeURIComponent(params[name]);
      }) + (step.query ?? '');
    const form = step.multipart ? await step.multipart() : undefined;
    const response = await t.app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url,
      headers: { ...(token ? bearer(token) : {}), ...(form?.headers ?? {}) },
      ...(form ? { payload: form.payload } : step.body ? { payload: step.body() as object } : {}),
    });
    const status = String(response.statusCode);
    if (response.statusCode !== step.status) return `${where}: answered ${status}, expected ${step.status}: ${response.body.slice(0, 300)}`;
    const declared = operation.responses[status];
    if (!declared) return `${where}: answered ${status}, which the document does not declare`;
    const json = declared.content?.['application/json'];
    if (json?.schema) {
      const key = `${step.operationId} ${status}`;
      if (!validators.has(key)) validators.set(key, ajv.compile(json.schema));
      const validate = validators.get(key)!;
      const body = response.json();
      if (!validate(body)) return `${where} ${status}: the body does not match its schema: ${ajv.errorsText(validate.errors)}`;
      await step.check?.(body);
    } else if (declared.content) {
      const types = Object.keys(declared.content);
      const answered = String(response.headers['content-type'] ?? '');
      expect(types.includes('*/*') || types.some((type) => answered.startsWith(type)), `${where}: ${answered} not among ${types}`).toBe(true);
      expect(response.rawPayload.length, where).toBeGreaterThan(0);
    } else {
      expect(response.body, where).toBe('');
      await step.check?.(undefined);
    }
    return null;
  }

  it('walks every operation: each real answer has a declared status and matches its schema', async () => {
    let token = '';
    const password = 'Dragons4ever';
    const username = 'walker';
    const me = () => token;
    let player = { token: '', userId: '' };
    const asPlayer = () => player.token;
    const steps: Step[] = [
      { operationId: 'getHealth', status: 200 },
      {
        operationId: 'register',
        body: () => ({ username, email: 'walker@example.com', password, registration_code: ids.code }),
        status: 200,
        check: (body) => {
          token = body.token;
        },
      },
      { operationId: 'login', body: () => ({ username, password }), status: 200, check: (body) => void (token = body.token) },
      { operationId: 'getCurrentUser', status: 200 },
      { operationId: 'createApiToken', body: () => ({ name: 'walker script', expires_in_days: 30 }), status: 201, check: (b) => void (ids.apiToken = b.id) },
      { operationId: 'listApiTokens', status: 200 },
      { operationId: 'getCurrentMonthUsage', status: 200 },
      {
        operationId: 'createCampaign',
        body: () => ({ name: 'The Salt Road', description: 'A caravan and a crate' }),
        status: 201,
        check: (b) => void (ids.campaign = b.id),
      },
      { operationId: 'listCampaigns', status: 200 },
      { operationId: 'listCampaigns', query: '?limit=1', status: 200, check: (b) => expect(b.next_cursor).toBeNull() },
      { operationId: 'updateCampaign', params: () => ({ id: ids.campaign }), body: () => ({ description: 'A caravan, a crate, a map' }), status: 200 },
      { operationId: 'createDataset', body: () => ({ name: 'Salt Road lore', description: '' }), status: 201, check: (b) => void (ids.dataset = b.id) },
      { operationId: 'listDatasets', status: 200 },
      { operationId: 'listDatasets', query: '?limit=1', status: 200 },
      { operationId: 'getDataset', params: () => ({ id: ids.dataset }), status: 200 },
      { operationId: 'updateDataset', params: () => ({ id: ids.dataset }), body: () => ({ name: 'Salt Road lore', description: 'Notes' }), status: 200 },
      {
        operationId: 'updateDatasetMetadata',
        params: () => ({ id: ids.dataset }),
        body: () => ({ type: 'lore', category: 'lore', source: 'user_upload', tags: ['salt road'] }),
        status: 200,
      },
      {
        operationId: 'uploadDocument',
        params: () => ({ id: ids.dataset }),
        multipart: () => multipart({ file: { filename: 'ember-crown.md', bytes: new TextEncoder().encode(LORE) } }),
        status: 202,
        check: async (b) => {
          ids.document = b.document_id;
          ids.job = b.job_id;
          expect((await waitForJob(t, token, b.job_id)).status).toBe('completed');
        },
      },
      { operationId: 'getJobStatus', params: () => ({ jobId: ids.job }), status: 200 },
      { operationId: 'listDatasetJobs', params: () => ({ id: ids.dataset }), status: 200 },
      { operationId: 'listDocuments', params: () => ({ id: ids.dataset }), status: 200 },
      { operationId: 'listDocuments', params: () => ({ id: ids.dataset }), query: '?limit=1', status: 200 },
      { operationId: 'getDocument', params: () => ({ id: ids.dataset, docId: ids.document }), status: 200 },
      { operationId: 'getDocumentContent', params: () => ({ id: ids.dataset, docId: ids.document }), status: 200 },
      { operationId: 'getDocumentFile', params: () => ({ id: ids.dataset, docId: ids.document }), status: 200 },
      {
        operationId: 'replaceDocument',
        params: () => ({ id: ids.dataset, docId: ids.document }),
        multipart: () => multipart({ file: { filename: 'ember-crown.md', bytes: new TextEncoder().encode(`${LORE}\n\nThe crown burns cold.`) } }),
        status: 202,
        check: async (b) => expect((await waitForJob(t, token, b.job_id)).status).toBe('completed'),
      },
      { operationId: 'exportCampaign', params: () => ({ id: ids.campaign }), status: 200 },
      {
        operationId: 'importCampaign',
        multipart: async () => {
          const archive = await t.app.inject({ method: 'GET', url: `/api/campaigns/${ids.campaign}/export`, headers: bearer(token) });
          return multipart({ file: { filename: 'salt-road.zip', bytes: archive.rawPayload } });
        },
        status: 201,
        check: (b) => expect(b.campaign.name).toMatch(/^The Salt Road/),
      },
      { operationId: 'linkDataset', params: () => ({ id: ids.campaign }), body: () => ({ dataset_id: ids.dataset }), status: 200 },
      {
        operationId: 'askCampaign',
        params: () => ({ id: ids.campaign }),
        body: () => ({ query: 'Where is the Ember Crown?' }),
        status: 200,
        check: (b) => void (ids.conversation = b.conversation_id),
      },
      { operationId: 'listConversations', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'getConversation', params: () => ({ id: ids.campaign, conversationId: ids.conversation }), status: 200 },
      {
        operationId: 'renameConversation',
        params: () => ({ id: ids.campaign, conversationId: ids.conversation }),
        body: () => ({ title: 'Where the crown is' }),
        status: 200,
        check: (b) => expect(b.title).toBe('Where the crown is'),
      },
      { operationId: 'askDocument', params: () => ({ id: ids.dataset, docId: ids.document }), body: () => ({ query: 'Who keeps the bridge?' }), status: 200 },
      // Seats: the GM shows the document, sets a budget and invites; a player joins through the
      // invite and walks the player's routes with their own session.
      { operationId: 'setDocumentVisibility', params: () => ({ id: ids.dataset, docId: ids.document }), body: () => ({ player_visible: true }), status: 200 },
      { operationId: 'setCampaignBudget', params: () => ({ id: ids.campaign }), body: () => ({ monthly_budget_usd: 5 }), status: 200 },
      {
        operationId: 'createInvite',
        params: () => ({ id: ids.campaign }),
        body: () => ({ uses: 2, note: 'Thursday table' }),
        status: 201,
        check: (b) => void ((ids.invite = b.invite.id), (ids.inviteCode = b.code)),
      },
      { operationId: 'listInvites', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'redeemInvite', body: () => ({ code: ids.inviteCode }), token: asPlayer, status: 200 },
      {
        operationId: 'listSeats',
        token: asPlayer,
        status: 200,
        check: (b) => expect(b.map((seat: { campaign_id: string }) => seat.campaign_id)).toEqual([ids.campaign]),
      },
      {
        operationId: 'listMembers',
        params: () => ({ id: ids.campaign }),
        status: 200,
        check: (b) => expect(b.map((m: { user_id: string }) => m.user_id)).toEqual([player.userId]),
      },
      { operationId: 'getCampaignBudget', params: () => ({ id: ids.campaign }), token: asPlayer, status: 200 },
      {
        operationId: 'listCampaignDocuments',
        params: () => ({ id: ids.campaign }),
        token: asPlayer,
        status: 200,
        check: (b) => expect(b.documents.map((d: { id: string }) => d.id)).toEqual([ids.document]),
      },
      { operationId: 'getCampaignDocument', params: () => ({ id: ids.campaign, docId: ids.document }), token: asPlayer, status: 200 },
      {
        operationId: 'askCampaignDocument',
        params: () => ({ id: ids.campaign, docId: ids.document }),
        body: () => ({ query: 'Who keeps the bridge?' }),
        token: asPlayer,
        status: 200,
      },
      { operationId: 'getCampaignDocumentConversation', params: () => ({ id: ids.campaign, docId: ids.document }), token: asPlayer, status: 200 },
      {
        operationId: 'createNote',
        params: () => ({ id: ids.campaign }),
        body: () => ({ title: 'Suspects', body: 'Osric Pell?' }),
        token: asPlayer,
        status: 201,
        check: (b) => void (ids.note = b.id),
      },
      { operationId: 'listNotes', params: () => ({ id: ids.campaign }), token: asPlayer, status: 200 },
      {
        operationId: 'updateNote',
        params: () => ({ id: ids.campaign, noteId: ids.note }),
        body: () => ({ body: 'Osric Pell, surely' }),
        token: asPlayer,
        status: 200,
      },
      { operationId: 'deleteNote', params: () => ({ id: ids.campaign, noteId: ids.note }), token: asPlayer, status: 200 },
      // A player who leaves may come back with the invite; one the GM removed may not (issue 39).
      { operationId: 'leaveCampaign', params: () => ({ campaignId: ids.campaign }), token: asPlayer, status: 200 },
      { operationId: 'redeemInvite', body: () => ({ code: ids.inviteCode }), token: asPlayer, status: 200 },
      { operationId: 'removeMember', params: () => ({ id: ids.campaign, userId: player.userId }), status: 200 },
      { operationId: 'redeemInvite', body: () => ({ code: ids.inviteCode }), token: asPlayer, status: 410 },
      { operationId: 'revokeInvite', params: () => ({ id: ids.campaign, inviteId: ids.invite }), status: 200 },
      {
        operationId: 'createContent',
        params: () => ({ id: ids.campaign }),
        body: () => ({ content_type: 'character', character_format: 'narrative', prompt: 'The warden of Hollowmere', primary_dataset_id: ids.dataset }),
        status: 200,
        check: (b) => void (ids.content = b.content),
      },
      {
        operationId: 'saveContent',
        params: () => ({ id: ids.campaign }),
        body: () => ({ dataset_id: ids.dataset, content: ids.content, filename: 'Warden of Hollowmere', content_type: 'character', character_format: 'narrative' }),
        status: 201,
      },
      { operationId: 'listEventTypes', status: 200 },
      {
        operationId: 'createTimelineEvent',
        params: () => ({ id: ids.campaign }),
        body: () => ({ title: 'Left Dunmere', date: '1492-03-01', event_type: 'player_party', participants: ['Idris Fenn'] }),
        status: 201,
        check: (b) => void (ids.event = b.id),
      },
      {
        operationId: 'updateTimelineEvent',
        params: () => ({ id: ids.campaign, eventId: ids.event }),
        body: () => ({ title: 'Left Dunmere at dawn', date: '1492-03-01', event_type: 'player_party' }),
        status: 200,
      },
      { operationId: 'listTimelineEvents', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'listTimelineEvents', params: () => ({ id: ids.campaign }), query: '?limit=1', status: 200 },
      { operationId: 'listTimelineDocuments', params: () => ({ id: ids.campaign }), status: 200 },
      {
        operationId: 'proposeTimelineEvents',
        params: () => ({ id: ids.campaign }),
        body: () => ({ document_id: ids.log }),
        status: 200,
        check: (b) => void ((ids.accept = b.proposals[0].id), (ids.reject = b.proposals[1].id)),
      },
      { operationId: 'listTimelineProposals', params: () => ({ id: ids.campaign }), status: 200 },
      {
        operationId: 'acceptTimelineProposal',
        params: () => ({ id: ids.campaign, proposalId: ids.accept }),
        body: () => ({ title: 'Reached Hollowmere' }),
        status: 201,
      },
      { operationId: 'rejectTimelineProposal', params: () => ({ id: ids.campaign, proposalId: ids.reject }), status: 200 },
      { operationId: 'acceptAllTimelineProposals', params: () => ({ id: ids.campaign }), body: () => ({ player_visible: false }), status: 200 },
      {
        operationId: 'createSession',
        params: () => ({ id: ids.campaign }),
        body: () => ({ title: 'Hollowmere', played_on: '2026-11-20', notes: SESSION_LOG }),
        status: 201,
        check: (b) => void (ids.session = b.id),
      },
      { operationId: 'listSessions', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'listSessions', params: () => ({ id: ids.campaign }), query: '?limit=1', status: 200 },
      { operationId: 'getSession', params: () => ({ id: ids.campaign, sessionId: ids.session }), status: 200 },
      { operationId: 'updateSession', params: () => ({ id: ids.campaign, sessionId: ids.session }), body: () => ({ player_visible: true }), status: 200 },
      { operationId: 'proposeSessionEvents', params: () => ({ id: ids.campaign, sessionId: ids.session }), status: 200 },
      { operationId: 'deleteSession', params: () => ({ id: ids.campaign, sessionId: ids.session }), status: 200 },
      { operationId: 'getCalendar', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'importCalendar', params: () => ({ id: ids.campaign }), body: () => CALENDAR, status: 200 },
      { operationId: 'exportCalendar', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'setCalendar', params: () => ({ id: ids.campaign }), body: () => ({ definition: null }), status: 200 },
      { operationId: 'listConceptMapDocuments', params: () => ({ id: ids.campaign }), status: 200 },
      {
        operationId: 'generateConceptMap',
        params: () => ({ id: ids.campaign }),
        body: () => ({ selected_documents: [{ id: ids.document, dataset_id: ids.dataset }] }),
        status: 200,
      },
      { operationId: 'getConceptMap', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'updateConceptMapSettings', params: () => ({ id: ids.campaign }), body: () => ({ show_labels: false, min_strength: 2 }), status: 200 },
      { operationId: 'deleteConversation', params: () => ({ id: ids.campaign, conversationId: ids.conversation }), status: 200 },
      { operationId: 'deleteTimelineEvent', params: () => ({ id: ids.campaign, eventId: ids.event }), status: 200 },
      { operationId: 'unlinkDataset', params: () => ({ id: ids.campaign, datasetId: ids.dataset }), status: 200 },
      { operationId: 'deleteDocument', params: () => ({ id: ids.dataset, docId: ids.document }), status: 200 },
      { operationId: 'deleteDataset', params: () => ({ id: ids.dataset }), status: 200 },
      { operationId: 'deleteCampaign', params: () => ({ id: ids.campaign }), status: 200 },
      { operationId: 'revokeApiToken', params: () => ({ id: ids.apiToken }), status: 204 },
      { operationId: 'changePassword', body: () => ({ current_password: password, new_password: 'Dragons5ever' }), status: 204 },
      {
        operationId: 'logout',
        status: 200,
        check: async () => void (ids.resetCode = await createPasswordResetCode(t.services.db, username)),
      },
      {
        operationId: 'resetPassword',
        body: () => ({ code: ids.resetCode, new_password: 'Dragons6ever' }),
        token: () => '',
        status: 204,
        check: async () => {
          const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'Dragons6ever' } });
          expect(login.statusCode).toBe(200);
        },
      },
    ];

    ids.code = await createRegistrationCode(t.services.db);
    player = await t.signUp('player_walker');
    const failures: string[] = [];
    for (const step of steps) {
      if (step.operationId === 'linkDataset') {
        // The session log the proposals are read from: seeded beside the uploaded document.
        const user = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json().user;
        const logs = await seedTome(t.services, user.id, { name: 'Session logs', documents: [{ filename: 'session-3.log', content: SESSION_LOG }] });
        ids.log = logs.documents[0].id;
        const linked = await t.app.inject({
          method: 'POST',
          url: `/api/campaigns/${ids.campaign}/datasets`,
          headers: bearer(token),
          payload: { dataset_id: logs.datasetId },
        });
        expect(linked.statusCode).toBe(200);
      }
      const failure = await walk(step, (step.token ?? me)());
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    const walked = new Set(steps.map((step) => step.operationId));
    expect(
      [...operations.keys()].filter((operationId) => !walked.has(operationId)),
      'operations no step walks',
    ).toEqual([]);
  }, 300_000);

  it('describes what a script needs to drive the main flow (issue 36)', () => {
    const op = (operationId: string) => {
      const found = operations.get(operationId);
      if (!found) throw new Error(`${operationId} missing`);
      return document.paths[found.path][found.method] as any;
    };
    // The upload's body: one binary field named file.
    for (const operationId of ['uploadDocument', 'replaceDocument']) {
      const schema = op(operationId).requestBody.content['multipart/form-data'].schema;
      expect(schema.required).toEqual(['file']);
      expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    }
    // A job's status is one of a list.
    expect(op('getJobStatus').responses['200'].content['application/json'].schema.properties.status.enum).toEqual([
      'queued',
      'extracting',
      'chunking',
      'embedding',
      'indexing',
      'processing',
      'completed',
      'failed',
    ]);
    // The streamed answer has its own media type.
    const answer = op('askCampaign').responses['200'].content;
    expect(Object.keys(answer)).toEqual(['application/json', 'text/event-stream']);
    expect(answer['text/event-stream'].schema.description).toMatch(/event: delta/);
    // Anyone may call login, register and health; every other operation needs a token.
    for (const [operationId] of operations) {
      const security = op(operationId).security;
      if (['login', 'register', 'getHealth', 'resetPassword'].includes(operationId)) expect(security, operationId).toEqual([]);
      else expect(security, operationId).toBeUndefined();
      // The rate limit covers every /api route.
      expect(op(operationId).responses['429'], operationId).toBeDefined();
    }
    expect((document as unknown as { security: unknown }).security).toEqual([{ bearer: [] }]);
    // One timestamp format: every instant is a date-time string, none a number.
    const instants: string[] = [];
    const visit = (node: unknown, name: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, any>;
      if (/(_at|_date|^timestamp|^last_updated)$/.test(name) && (schema.type || schema.anyOf)) {
        const types = ((schema.anyOf as Array<{ type?: string }> | undefined) ?? [schema]).filter((s) => s.type !== 'null');
        for (const type of types) expect(type, name).toMatchObject({ type: 'string', format: 'date-time' });
        instants.push(name);
      }
      for (const [key, value] of Object.entries(schema)) visit(value, key);
    };
    visit(document.paths, '');
    expect(instants).toEqual(expect.arrayContaining(['upload_date', 'created_at', 'timestamp', 'last_used_at']));
    // The lists that page say so.
    for (const operationId of ['listDatasets', 'listDocuments', 'listCampaigns', 'listTimelineEvents', 'listSessions']) {
      const names = (op(operationId).parameters as Array<{ name: string; in: string }>).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, operationId).toEqual(['limit', 'cursor']);
      expect(JSON.stringify(op(operationId).responses['200']), operationId).toContain('next_cursor');
    }
  });

  it('answers every error the document declares in its declared shape: 401 signed out, 404 for what is not there', async () => {
    const { token } = await t.signUp();
    const failures: string[] = [];
    for (const [operationId, operation] of operations) {
      const params = Object.fromEntries((operation.path.match(/\{(\w+)\}/g) ?? []).map((p) => [p.slice(1, -1), MISSING]));
      const hasBody = ['post', 'put', 'patch'].includes(operation.method);
      const cases: Array<[string, number]> = [];
      if (operation.responses['401']) cases.push(['', 401]);
      if (operation.responses['404'] && operation.path.includes('{')) cases.push([token, 404]);
      for (const [who, status] of cases) {
        const step: Step = { operationId, params: () => params, status };
        // A valid body where one is needed, so the answer is about the session or the path.
        if (hasBody) step.body = () => bodyFor(operationId);
        if (operationId === 'uploadDocument' || operationId === 'replaceDocument') {
          step.body = undefined;
          step.multipart = () => multipart({ file: { filename: 'x.md', bytes: new TextEncoder().encode('# x') } });
        }
        const failure = await walk(step, who);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** A valid body for each operation that takes one, for the 404 walk. */
function bodyFor(operationId: string): unknown {
  const bodies: Record<string, unknown> = {
    login: { username: 'nobody-here', password: 'not-the-password' },
    createCampaign: { name: 'x' },
    createDataset: { name: 'x', description: '' },
    updateCampaign: { name: 'x' },
    linkDataset: { dataset_id: MISSING },
    updateDataset: { name: 'x', description: '' },
    updateDatasetMetadata: { type: 'lore', category: 'lore', source: 'user_upload', tags: [] },
    askCampaign: { query: 'Where?' },
    askDocument: { query: 'Where?' },
    createContent: { content_type: 'lore', prompt: 'A legend' },
    saveContent: { dataset_id: MISSING, content: '# x', filename: 'x', content_type: 'lore' },
    createTimelineEvent: { title: 'x', date: '1492-03-01', event_type: 'battle' },
    updateTimelineEvent: { title: 'x', date: '1492-03-01', event_type: 'battle' },
    setCalendar: { definition: null },
    importCalendar: CALENDAR,
    proposeTimelineEvents: { document_id: MISSING },
    acceptTimelineProposal: {},
    acceptAllTimelineProposals: {},
    generateConceptMap: { selected_documents: [{ id: MISSING, dataset_id: MISSING }] },
    updateConceptMapSettings: { show_labels: true },
    askCampaignDocument: { query: 'Where?' },
    setDocumentVisibility: { player_visible: true },
    setCampaignBudget: { monthly_budget_usd: 5 },
    createInvite: { uses: 1 },
    redeemInvite: { code: 'NO-SUCH-INVITE' },
    createNote: { title: 'x' },
    createApiToken: { name: 'x' },
    changePassword: { current_password: 'Not-the-password1', new_password: 'Another-password1' },
    renameConversation: { title: 'x' },
    updateNote: { title: 'x' },
    createSession: { title: 'x' },
    updateSession: { title: 'x' },
  };
  return bodies[operationId] ?? {};
}

describe('the OpenAPI transform', () => {
  it('leaves every path outside /api out of the document (the Remix catch-all, assets)', async () => {
    const app = Fastify();
    installZodSchemas(app);
    await app.register(fastifySwagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } }, transform: zodToOpenApi });
    app.get('/api/thing', { config: { public: true }, schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    app.get('/api/mine', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    app.all('/*', async () => 'page');
    app.get('/assets/*', async () => 'asset');
    await app.ready();
    const doc = app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/mine', '/api/thing']);
    expect(Object.keys(doc.paths['/api/thing'].get.responses).sort()).toEqual(['200', '429']);
    expect(Object.keys(doc.paths['/api/mine'].get.responses).sort()).toEqual(['200', '401', '429']);
    await app.close();
  });
});

describe('/api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves interactive docs of /api/openapi.json to anyone, with the viewer from this server (no CDN)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([]);
    for (const source of sources.filter((source) => source.startsWith('/api/docs/'))) {
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.rawPayload.length, source).toBeGreaterThan(source.endsWith('init.js') ? 50 : 10_000);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/..%2Fpackage.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/index.html' })).statusCode).toBe(404);
  });
});

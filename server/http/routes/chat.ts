import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeZodError, isZodError } from '../../../contract/zod-messages';
import type { CampaignChatAnswer, ChatStreamEvent } from '../../../contract/chat';
import {
  askCampaignDocument,
  askDocument,
  deleteConversation,
  getCampaignDocumentConversation,
  getConversation,
  listConversations,
  prepareCampaignChat,
  renameConversation,
} from '../../domain/chat';
import { isDomainError } from '../../domain/errors';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import type { ZodApi } from '../zod-schemas';
import { documentParams, errorResponse, idParams, removedResponse } from '../../../contract/api/shared';
import {
  campaignAnswerSchema,
  campaignChatSchema,
  conversationPageSchema,
  conversationParams,
  conversationSchema,
  conversationSummarySchema,
  conversationTitleSchema,
  documentAnswerSchema,
  documentChatSchema,
  documentConversationSchema,
} from '../../../contract/api/chat';

const aiErrors = { 400: errorResponse, 404: errorResponse, 409: errorResponse, 502: errorResponse, 503: errorResponse, 504: errorResponse };
/** A player's question about a campaign is also refused once the campaign's monthly budget is spent. */
const campaignAiErrors = { ...aiErrors, 429: errorResponse };

export async function chatRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['chat'];

  app.post(
    '/api/campaigns/:id/chat',
    {
      schema: {
        operationId: 'askCampaign',
        summary: 'Ask the campaign assistant',
        tags,
        description:
          'Ask the campaign assistant. Answers JSON; with `Accept: text/event-stream` it streams `delta` events ({text}) and ends with `done` (the JSON answer) or `error` ({error, status}).',
        params: idParams,
        body: campaignChatSchema,
        produces: ['application/json', 'text/event-stream'],
        response: { 200: campaignAnswerSchema, ...campaignAiErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const access = await campaignAccessOf(services, request, id);
      const prepared = await prepareCampaignChat(db, access, services.ai, request.body);
      if (!wantsStream(request)) return prepared.answer();
      return streamAnswer(request, reply, (onText, signal) => prepared.answer({ onText, signal }));
    },
  );

  app.get(
    '/api/campaigns/:id/conversations',
    {
      schema: {
        operationId: 'listConversations',
        summary: "A campaign's conversations, a page at a time",
        tags,
        description:
          'Conversation summaries, newest first, `limit` at a time (default 50, at most 100); `q` keeps those whose name or messages contain it. When older ones exist, a `Link` header with rel="next" gives the URL of the next page (`before` is its cursor).',
        params: idParams,
        querystring: conversationPageSchema,
        response: { 200: z.array(conversationSummarySchema), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const query = request.query;
      const page = await listConversations(db, await campaignAccessOf(services, request, id), query);
      if (page.older) {
        const next = new URLSearchParams({ before: page.older });
        if (query.limit) next.set('limit', String(query.limit));
        if (query.q) next.set('q', query.q);
        reply.header('link', `</api/campaigns/${encodeURIComponent(id)}/conversations?${next.toString()}>; rel="next"`);
      }
      return page.conversations;
    },
  );

  app.get(
    '/api/campaigns/:id/conversations/:conversationId',
    {
      schema: {
        operationId: 'getConversation',
        summary: 'One conversation with its messages',
        tags,
        params: conversationParams,
        response: { 200: conversationSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, conversationId } = request.params;
      return getConversation(db, await campaignAccessOf(services, request, id), conversationId);
    },
  );

  app.patch(
    '/api/campaigns/:id/conversations/:conversationId',
    {
      schema: {
        operationId: 'renameConversation',
        summary: 'Rename one of your conversations',
        tags,
        params: conversationParams,
        body: conversationTitleSchema,
        response: { 200: conversationSummarySchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, conversationId } = request.params;
      return renameConversation(db, await campaignAccessOf(services, request, id), conversationId, request.body);
    },
  );

  app.delete(
    '/api/campaigns/:id/conversations/:conversationId',
    {
      schema: {
        operationId: 'deleteConversation',
        summary: 'Delete one of your conversations with its messages',
        tags,
        params: conversationParams,
        response: { 200: removedResponse('deleted'), 404: errorResponse },
      },
    },
    async (request) => {
      const { id, conversationId } = request.params;
      await deleteConversation(db, await campaignAccessOf(services, request, id), conversationId);
      return { deleted: conversationId };
    },
  );

  app.post(
    '/api/datasets/:id/documents/:docId/chat',
    {
      schema: {
        operationId: 'askDocument',
        summary: 'Ask about one document',
        tags,
        description: 'Ask about one document: sent whole with prompt caching when it fits, else its best passages.',
        params: documentParams,
        body: documentChatSchema,
        response: { 200: documentAnswerSchema, ...aiErrors },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      return askDocument(db, currentUser(request).id, services.ai, id, docId, request.body);
    },
  );

  app.post(
    '/api/campaigns/:id/documents/:docId/chat',
    {
      schema: {
        operationId: 'askCampaignDocument',
        summary: "Ask about one of a campaign's documents",
        tags,
        description: 'Ask about one document of the campaign. A player may ask only about a document the GM shows, and reads only its text outside `:::gm` blocks.',
        params: documentParams,
        body: documentChatSchema,
        response: { 200: documentAnswerSchema, ...campaignAiErrors },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      const access = await campaignAccessOf(services, request, id);
      return askCampaignDocument(db, access, services.ai, docId, request.body);
    },
  );

  app.get(
    '/api/campaigns/:id/documents/:docId/conversation',
    {
      schema: {
        operationId: 'getCampaignDocumentConversation',
        summary: 'Your latest conversation about a campaign document',
        tags,
        description: "The caller's own latest conversation about the document (null before the first question).",
        params: documentParams,
        response: { 200: documentConversationSchema.nullable(), 404: errorResponse },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      return getCampaignDocumentConversation(db, await campaignAccessOf(services, request, id), docId);
    },
  );
}

function wantsStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * Server-sent events: the answer's pieces as they are written, then the whole answer. Once the
 * stream has started its status is 200, so a failure arrives as an `error` event carrying the
 * status the JSON answer would have had. A client that goes away cancels the generation.
 */
async function streamAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onText: (delta: string) => void, signal: AbortSignal) => Promise<CampaignChatAnswer>,
) {
  const controller = new AbortController();
  let finished = false;
  reply.raw.on('close', () => {
    if (!finished) controller.abort();
  });
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.raw.flushHeaders();
  const send = (message: ChatStreamEvent) => {
    if (!reply.raw.writableEnded) reply.raw.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
  };
  try {
    const answer = await run((text) => send({ event: 'delta', data: { text } }), controller.signal);
    send({ event: 'done', data: answer });
  } catch (error) {
    if (isDomainError(error)) send({ event: 'error', data: { error: error.message, status: error.status } });
    else if (isZodError(error)) send({ event: 'error', data: { error: describeZodError(error), status: 400 } });
    else {
      request.log.error({ err: error }, 'campaign chat stream failed');
      send({ event: 'error', data: { error: 'Something went wrong on our side. Please try again.', status: 500 } });
    }
  } finally {
    finished = true;
    reply.raw.end();
  }
}

import { sessionFieldsSchema, sessionUpdateSchema } from '../../../contract/sessions';
import { wantsPage } from '../../domain/paging';
import { createSession, deleteSession, getSession, listSessions, listSessionsPage, proposeFromSession, updateSession } from '../../domain/sessions/sessions';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { campaignAccessOf } from '../campaign-access';
import { sessionParams, sessionSchema } from '../../../contract/api/sessions';
import { errorResponse, idParams as campaignParams, listOrPage, pageQuerySchema, removedResponse } from '../../../contract/api/shared';
import { proposeResultSchema } from '../../../contract/api/timeline';
import type { ZodApi } from '../zod-schemas';

export async function sessionRoutes(app: ZodApi, services: Services) {
  const { db, ai } = services;
  const tags = ['sessions'];

  app.get(
    '/api/campaigns/:id/sessions',
    {
      schema: {
        operationId: 'listSessions',
        summary: "A campaign's sessions, session 1 first",
        description: 'A player reads only the sessions the GM shows, their notes without the `:::gm` blocks.',
        tags,
        params: campaignParams,
        querystring: pageQuerySchema,
        response: { 200: listOrPage(sessionSchema), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const access = await campaignAccessOf(services, request, request.params.id);
      return wantsPage(request.query) ? listSessionsPage(db, access, request.query) : listSessions(db, access);
    },
  );

  app.post(
    '/api/campaigns/:id/sessions',
    {
      schema: {
        operationId: 'createSession',
        summary: 'Add a session',
        description: "Numbered after the last session unless number is given. world_start and world_end are read in the campaign's calendar.",
        tags,
        params: campaignParams,
        body: sessionFieldsSchema,
        response: { 201: sessionSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const session = await createSession(db, currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send(session);
    },
  );

  app.get(
    '/api/campaigns/:id/sessions/:sessionId',
    {
      schema: { operationId: 'getSession', summary: 'A session', tags, params: sessionParams, response: { 200: sessionSchema, 404: errorResponse } },
    },
    async (request) => {
      const access = await campaignAccessOf(services, request, request.params.id);
      return getSession(db, access, request.params.sessionId);
    },
  );

  app.patch(
    '/api/campaigns/:id/sessions/:sessionId',
    {
      schema: {
        operationId: 'updateSession',
        summary: 'Change a session',
        description: 'Changes the fields given; the others stay as they are (null clears a date).',
        tags,
        params: sessionParams,
        body: sessionUpdateSchema,
        response: { 200: sessionSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => updateSession(db, currentUser(request).id, request.params.id, request.params.sessionId, request.body),
  );

  app.delete(
    '/api/campaigns/:id/sessions/:sessionId',
    {
      schema: {
        operationId: 'deleteSession',
        summary: 'Delete a session',
        description: 'Its pending and reviewed proposals go with it; events accepted from them stay on the timeline.',
        tags,
        params: sessionParams,
        response: { 200: removedResponse('deleted'), 404: errorResponse },
      },
    },
    async (request) => {
      await deleteSession(db, currentUser(request).id, request.params.id, request.params.sessionId);
      return { deleted: request.params.sessionId };
    },
  );

  app.post(
    '/api/campaigns/:id/sessions/:sessionId/proposals',
    {
      schema: {
        operationId: 'proposeSessionEvents',
        summary: "Propose timeline events from a session's notes",
        description:
          "Reads the session's notes with the proposal engine (the model's tool call, or the offline engine). Undated passages fall on the session's in-world date, else the day after the previous session's; such dates are marked estimated.",
        tags,
        params: sessionParams,
        response: { 200: proposeResultSchema, 400: errorResponse, 404: errorResponse, 502: errorResponse },
      },
    },
    async (request) => proposeFromSession(db, ai, currentUser(request).id, request.params.id, request.params.sessionId),
  );
}

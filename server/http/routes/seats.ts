import { z } from 'zod';
import { requireCampaignAccess } from '../../domain/ownership';
import {
  createInvite,
  createNote,
  deleteNote,
  leaveCampaign,
  listInvites,
  listMembers,
  listNotes,
  listSeats,
  redeemInvite,
  removePlayer,
  revokeInvite,
  updateNote,
} from '../../domain/seats';
import { campaignBudgetStatus, setCampaignBudget } from '../../domain/usage/campaign-budget';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, idParams, removedResponse } from '../../../contract/api/shared';
import {
  campaignBudgetSchema,
  campaignBudgetStatusSchema,
  createdInviteSchema,
  inviteCreateSchema,
  inviteParams,
  inviteSchema,
  memberParams,
  memberSchema,
  noteFieldsSchema,
  noteParams,
  noteSchema,
  noteUpdateSchema,
  redeemInviteSchema,
  seatParams,
  seatSchema,
} from '../../../contract/api/seats';

/**
 * Campaign seats (issue #14): the GM's invites, members and campaign budget (GM-only: a
 * player gets the same 404 as for a campaign that does not exist), redeeming an invite,
 * the campaigns a user plays in, and each seat holder's private notes.
 */
export async function seatRoutes(app: ZodApi, services: Services) {
  const { db } = services;
  const tags = ['seats'];
  const gm = { 400: errorResponse, 404: errorResponse };

  app.post(
    '/api/campaigns/:id/invites',
    {
      schema: {
        operationId: 'createInvite',
        summary: 'Create a player invite (code and link)',
        tags,
        params: idParams,
        body: inviteCreateSchema,
        response: { 201: createdInviteSchema, ...gm, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const created = await createInvite(db, currentUser(request).id, id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/campaigns/:id/invites',
    {
      schema: { operationId: 'listInvites', summary: "A campaign's invites", tags, params: idParams, response: { 200: z.array(inviteSchema), 404: errorResponse } },
    },
    async (request) => listInvites(db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/api/campaigns/:id/invites/:inviteId',
    { schema: { operationId: 'revokeInvite', summary: 'Revoke an invite', tags, params: inviteParams, response: { 200: inviteSchema, 404: errorResponse } } },
    async (request) => {
      const { id, inviteId } = request.params;
      return revokeInvite(db, currentUser(request).id, id, inviteId);
    },
  );

  app.get(
    '/api/campaigns/:id/members',
    {
      schema: { operationId: 'listMembers', summary: "A campaign's players", tags, params: idParams, response: { 200: z.array(memberSchema), 404: errorResponse } },
    },
    async (request) => listMembers(db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/api/campaigns/:id/members/:userId',
    {
      schema: {
        operationId: 'removeMember',
        summary: 'Remove a player from a campaign',
        tags,
        params: memberParams,
        response: { 200: removedResponse('removed'), 404: errorResponse },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      await removePlayer(db, currentUser(request).id, id, userId);
      return { removed: userId };
    },
  );

  app.get(
    '/api/campaigns/:id/budget',
    {
      schema: {
        operationId: 'getCampaignBudget',
        summary: "A campaign's monthly budget and this month's spending",
        tags,
        params: idParams,
        response: { 200: campaignBudgetStatusSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const access = await requireCampaignAccess(db, currentUser(request).id, request.params.id);
      return campaignBudgetStatus(db, access.campaign.id);
    },
  );

  app.put(
    '/api/campaigns/:id/budget',
    {
      schema: {
        operationId: 'setCampaignBudget',
        summary: "Set a campaign's monthly budget",
        tags,
        params: idParams,
        body: campaignBudgetSchema,
        response: { 200: campaignBudgetStatusSchema, ...gm },
      },
    },
    async (request) => {
      const { id } = request.params;
      return setCampaignBudget(db, currentUser(request).id, id, request.body);
    },
  );

  app.post(
    '/api/invites/redeem',
    {
      schema: {
        operationId: 'redeemInvite',
        summary: 'Join a campaign with an invite code',
        tags,
        body: redeemInviteSchema,
        response: { 200: seatSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse, 410: errorResponse },
      },
    },
    async (request) => redeemInvite(db, currentUser(request).id, request.body.code),
  );

  app.get(
    '/api/seats',
    { schema: { operationId: 'listSeats', summary: 'The campaigns you play in', tags, response: { 200: z.array(seatSchema) } } },
    async (request) => listSeats(db, currentUser(request).id),
  );

  app.delete(
    '/api/seats/:campaignId',
    {
      schema: {
        operationId: 'leaveCampaign',
        summary: 'Leave a campaign you play in',
        tags,
        params: seatParams,
        response: { 200: removedResponse('left'), 404: errorResponse },
      },
    },
    async (request) => {
      const { campaignId } = request.params;
      await leaveCampaign(db, currentUser(request).id, campaignId);
      return { left: campaignId };
    },
  );

  app.get(
    '/api/campaigns/:id/notes',
    {
      schema: {
        operationId: 'listNotes',
        summary: 'Your private notes on a campaign',
        tags,
        params: idParams,
        response: { 200: z.array(noteSchema), 404: errorResponse },
      },
    },
    async (request) => listNotes(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/campaigns/:id/notes',
    {
      schema: {
        operationId: 'createNote',
        summary: 'Write a private note on a campaign',
        tags,
        params: idParams,
        body: noteFieldsSchema,
        response: { 201: noteSchema, ...gm },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const note = await createNote(db, currentUser(request).id, id, request.body);
      return reply.status(201).send(note);
    },
  );

  app.patch(
    '/api/campaigns/:id/notes/:noteId',
    {
      schema: {
        operationId: 'updateNote',
        summary: 'Change one of your notes',
        tags,
        params: noteParams,
        body: noteUpdateSchema,
        response: { 200: noteSchema, ...gm },
      },
    },
    async (request) => {
      const { id, noteId } = request.params;
      return updateNote(db, currentUser(request).id, id, noteId, request.body);
    },
  );

  app.delete(
    '/api/campaigns/:id/notes/:noteId',
    {
      schema: {
        operationId: 'deleteNote',
        summary: 'Delete one of your notes',
        tags,
        params: noteParams,
        response: { 200: removedResponse('deleted'), 404: errorResponse },
      },
    },
    async (request) => {
      const { id, noteId } = request.params;
      await deleteNote(db, currentUser(request).id, id, noteId);
      return { deleted: noteId };
    },
  );
}

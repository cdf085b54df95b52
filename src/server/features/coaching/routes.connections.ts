import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  coachConnectionListSchema,
  coachingMessages,
  coachingMessageSchema,
  coachInvitationDetailSchema,
  coachInvitationListSchema,
  connectionListQuerySchema,
  connectionMessages,
  connectRunnerInputSchema,
  connectRunnerResponseSchema,
  invitationMessages,
  liveConnectionListSchema,
  myCoachListSchema,
} from '../../../domain/coaching/contract';
import type { Mailer } from '../../adapters/mail/port';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { allowRoles, requireUser } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { emptyFreeslot, endCoaching, listCoachConnections, listLiveCoachConnections, listMyCoaches } from './service.connections';
import { acceptInvitation, declineInvitation, findMyInvitationByToken, INVITATION_TOKEN_PATTERN, inviteRunner, listMyInvitations } from './service.invitations';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema };
const idParams = z.object({ id: z.uuid({ error: coachingMessages.slotNotFound }) });
const connectionIdParams = z.object({ connectionId: z.uuid({ error: coachingMessages.slotNotFound }) });
const invitationParams = z.object({ id: z.uuid({ error: invitationMessages.notFound }) });
const tokenParams = z.object({ token: z.string().regex(INVITATION_TOKEN_PATTERN, { error: invitationMessages.notFound }) });

/**
 * Connections (runner-and-coach §2 Daftar Pelari, §4, §5, §7): the coach's slots under /api/coach
 * (coach and admin: admins get the coach navigation, §6) and the runner's side under /api/runner.
 */
export async function connectionRoutes(app: FastifyInstance, { db, mail, config }: { db: Db; mail: Mailer; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db, mail, publicUrl: config.publicUrl };
  const coachOnly = allowRoles('coach', 'admin');

  r.get(
    '/api/coach/connections',
    {
      onRequest: [coachOnly],
      schema: {
        tags: ['coaching'],
        summary: "Daftar Pelari: the caller's slots (filled, empty, ended, expired), newest first, one page at a time, with the figures of all",
        querystring: connectionListQuerySchema,
        response: { 200: coachConnectionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCoachConnections(db, requireUser(request).id, request.query);
    },
  );

  r.get(
    '/api/coach/my-connections',
    {
      onRequest: [coachOnly],
      schema: {
        tags: ['coaching'],
        summary: "The runners the caller coaches today (live connections only): Ubah Jadwal's selector",
        response: { 200: liveConnectionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listLiveCoachConnections(db, requireUser(request).id) };
    },
  );

  r.put(
    '/api/coach/connection/:id',
    {
      onRequest: [coachOnly],
      // The answer no longer tells whether an address is registered (issue 26 §4); the invitation limits live in the service.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary:
          "Invite a runner (by email, case-insensitive) to an empty slot of the caller: the slot stays empty until the runner accepts, and every address gets the same " +
          "answer 'Undangan dikirim bila email terdaftar' with the slot and its `invitation` (one open per address, 3 per address in 30 days, 30 a day: 409/429). " +
          '`runnerEmail: null` empties a freeslot and withdraws its invitation (other packages: 409)',
        params: idParams,
        body: connectRunnerInputSchema,
        response: { 200: connectRunnerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const coach = requireUser(request);
      const { runnerEmail } = request.body;
      if (runnerEmail === null) {
        const { data, hadRunner } = await emptyFreeslot(db, coach.id, request.params.id);
        // An empty slot emptied again only withdraws its invitation (if any).
        return { message: hadRunner ? connectionMessages.removed : invitationMessages.cancelled, data };
      }
      return { message: invitationMessages.sent, data: await inviteRunner(deps, { coach, connectionId: request.params.id, runnerEmail }) };
    },
  );

  r.get(
    '/api/runner/coaches',
    {
      onRequest: [allowRoles('runner', 'coach', 'organizer', 'admin')],
      schema: {
        tags: ['coaching'],
        summary: "Pelatih Saya: the caller's coaches (live connections), to end a relationship in Pengaturan",
        response: { 200: myCoachListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listMyCoaches(db, requireUser(request).id) };
    },
  );

  r.post(
    '/api/runner/coaches/:connectionId/end',
    {
      onRequest: [allowRoles('runner', 'coach', 'organizer', 'admin')],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary: "End the relationship with a coach (only the connection's runner): the coach loses access to the profile and plan at once",
        params: connectionIdParams,
        response: { 200: coachingMessageSchema, ...errors },
      },
    },
    async (request) => {
      await endCoaching(deps, requireUser(request), request.params.connectionId);
      return { message: connectionMessages.ended };
    },
  );

  const anyone = allowRoles('runner', 'coach', 'organizer', 'admin');

  r.get(
    '/api/runner/coach-invitations',
    {
      onRequest: [anyone],
      schema: {
        tags: ['coaching'],
        summary: "The caller's coach invitations waiting for an answer (issue 26 §4): nothing is shared with the coach until one is accepted",
        response: { 200: coachInvitationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listMyInvitations(db, requireUser(request).id) };
    },
  );

  r.get(
    '/api/runner/coach-invitations/by-token/:token',
    {
      onRequest: [anyone],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary: "The invitation of a mail's link, with its status; only for the runner it was sent to (anyone else: 404)",
        params: tokenParams,
        response: { 200: coachInvitationDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return findMyInvitationByToken(db, requireUser(request).id, request.params.token);
    },
  );

  r.post(
    '/api/runner/coach-invitations/:id/accept',
    {
      onRequest: [anyone],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary: "Accept a coach's invitation (only its runner): the slot is filled from today and the coach sees the runner's profile and plan",
        params: invitationParams,
        response: { 200: coachingMessageSchema, ...errors },
      },
    },
    async (request) => {
      await acceptInvitation(deps, requireUser(request), request.params.id);
      return { message: invitationMessages.accepted };
    },
  );

  r.post(
    '/api/runner/coach-invitations/:id/decline',
    {
      onRequest: [anyone],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary: "Decline a coach's invitation (only its runner): nothing is shared and its link stops working",
        params: invitationParams,
        response: { 200: coachingMessageSchema, ...errors },
      },
    },
    async (request) => {
      await declineInvitation(db, requireUser(request), request.params.id);
      return { message: invitationMessages.declined };
    },
  );
}

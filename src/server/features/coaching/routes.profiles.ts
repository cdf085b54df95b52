import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  coachEarningsSchema,
  coachingMessages,
  coachPackageDeletedSchema,
  coachPackageInputSchema,
  coachPackageParamsSchema,
  coachPackageResponseSchema,
  coachProfileInputSchema,
  coachProfileResponseSchema,
  coachUserParamsSchema,
  myCoachPackagesSchema,
  publicCoachPackageListSchema,
  publicCoachProfileResponseSchema,
  uniqueLinkParamsSchema,
} from '../../../domain/coaching/contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../app-error';
import { allowRoles, requireRole } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { publicReadCacheFor, sendCached } from '../../plugins/public-cache';
import {
  coachEarnings,
  createCoachProfile,
  createPackage,
  deletePackage,
  findPublicCoachProfile,
  getMyCoachProfile,
  listMyPackages,
  listPublicPackages,
  updateCoachProfile,
  updatePackage,
  type ImageSource,
} from './service.profiles';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
/** Writes are few (a coach edits a form); a burst beyond this is a script. */
const WRITE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** Public reads: generous (a shared link opened by a group chat at once), still bounded per address. */
const PUBLIC_READ_LIMIT = { rateLimit: { max: 300, timeWindow: '1 minute' } };

/**
 * Profil Pelatih and the public coach page (events-and-coach-pages §7): the coach's own profile,
 * packages and earnings (coach and admin), and the two public reads of /coaching/{uniquelink}.
 */
export async function coachProfileRoutes(app: FastifyInstance, { db, config, storage }: { db: Db; config: AppConfig; storage: ImageSource }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Served from the shared public read cache (decision 015); triggers on coach_profiles and
  // coach_packages (migration 0014) change its version with every edit, on every server.
  const cache = publicReadCacheFor(db, { ttlMs: config.publicReadCacheSeconds * 1000, pollMs: 500, maxEntries: 1000 });
  // A change made here shows on this server at once (other servers see the version within the poll).
  r.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) cache.changedHere();
  });
  // A new array per route: @fastify/rate-limit adds its hook to the route's own onRequest list, and
  // a shared list would carry one route's limit to every other route.
  const coachOnly = () => [allowRoles('coach', 'admin')];
  const coach = (request: FastifyRequest) => requireRole(request, 'coach', 'admin');

  r.get(
    '/api/coach/profile',
    {
      onRequest: coachOnly(),
      schema: { tags: ['coaching'], summary: "The caller's coach profile; 404 'Anda belum memiliki profile!' when none", response: { 200: coachProfileResponseSchema, ...errors } },
    },
    async (request) => ({ profile: await getMyCoachProfile(db, coach(request).id) }),
  );

  r.post(
    '/api/coach/profile',
    {
      onRequest: coachOnly(),
      config: WRITE_LIMIT,
      schema: {
        tags: ['coaching'],
        summary: "'Buat Profil': creates the caller's profile (409 when one exists or the unique link is taken); images only the caller's uploads",
        body: coachProfileInputSchema,
        response: { 201: coachProfileResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ profile: await createCoachProfile(db, storage, coach(request).id, request.body) }),
  );

  r.put(
    '/api/coach/profile',
    {
      onRequest: coachOnly(),
      config: WRITE_LIMIT,
      schema: {
        tags: ['coaching'],
        summary: "'Simpan': updates the caller's profile (409 when the unique link is another coach's)",
        body: coachProfileInputSchema,
        response: { 200: coachProfileResponseSchema, ...errors },
      },
    },
    async (request) => ({ profile: await updateCoachProfile(db, storage, coach(request).id, request.body) }),
  );

  r.get(
    '/api/coach/my-packages',
    {
      onRequest: coachOnly(),
      schema: { tags: ['coaching'], summary: "The caller's packages (not deleted), each with the estimated amount received", response: { 200: myCoachPackagesSchema, ...errors } },
    },
    async (request) => ({ packages: await listMyPackages(db, coach(request).id) }),
  );

  r.post(
    '/api/coach/package',
    {
      onRequest: coachOnly(),
      config: WRITE_LIMIT,
      schema: {
        tags: ['coaching'],
        summary: 'Adds a package; 400 when price − Rp15.000 × weeks is not above 0',
        body: coachPackageInputSchema,
        response: { 201: coachPackageResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ package: await createPackage(db, coach(request).id, request.body) }),
  );

  r.put(
    '/api/coach/package/:id',
    {
      onRequest: coachOnly(),
      config: WRITE_LIMIT,
      schema: {
        tags: ['coaching'],
        summary: "Edits one of the caller's packages (another coach's: 404)",
        params: coachPackageParamsSchema,
        body: coachPackageInputSchema,
        response: { 200: coachPackageResponseSchema, ...errors },
      },
    },
    async (request) => ({ package: await updatePackage(db, coach(request).id, request.params.id, request.body) }),
  );

  r.delete(
    '/api/coach/package/:id',
    {
      onRequest: coachOnly(),
      config: WRITE_LIMIT,
      schema: {
        tags: ['coaching'],
        summary: "Deletes one of the caller's packages; one that was sold is kept hidden (soft delete) for the sales history",
        params: coachPackageParamsSchema,
        response: { 200: coachPackageDeletedSchema, ...errors },
      },
    },
    async (request) => deletePackage(db, coach(request).id, request.params.id),
  );

  r.get(
    '/api/coach/earnings',
    {
      onRequest: coachOnly(),
      schema: { tags: ['coaching'], summary: 'Keuangan: paid package sales (gross, platform fee, net) in total, per package and per Jakarta month', response: { 200: coachEarningsSchema, ...errors } },
    },
    async (request) => coachEarnings(db, coach(request).id),
  );

  r.get(
    '/api/coach/public/profile/:uniquelink',
    {
      config: PUBLIC_READ_LIMIT,
      schema: {
        tags: ['coaching'],
        summary: "Public: a coach's page by unique link, packages per packageshown (none for 'contact'); 404 'Profil tidak ditemukan.'",
        security: [],
        params: uniqueLinkParamsSchema,
        response: { 200: publicCoachProfileResponseSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const cached = await cache.get(`coach-profile:${request.params.uniquelink.toLowerCase()}`, async () => {
        const profile = await findPublicCoachProfile(db, request.params.uniquelink);
        return profile ? { data: profile } : null;
      });
      if (!cached) throw notFound(coachingMessages.profileNotFound);
      return sendCached(request, reply, cached, cache.options);
    },
  );

  r.get(
    '/api/coach/package/user/:userId',
    {
      config: PUBLIC_READ_LIMIT,
      schema: {
        tags: ['coaching'],
        summary: "Public: a coach's packages on sale",
        security: [],
        params: coachUserParamsSchema,
        response: { 200: publicCoachPackageListSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const cached = await cache.get(`coach-packages:${request.params.userId.toLowerCase()}`, async () => ({ data: await listPublicPackages(db, request.params.userId) }));
      return sendCached(request, reply, cached!, cache.options);
    },
  );
}

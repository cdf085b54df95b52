import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseRole } from '../../../domain/users/roles';
import { publicUserSchema } from '../../../domain/users/user';
import type { Db } from '../../db/client';
import { errorResponseSchema } from '../../plugins/errors';
import { badRequest, notFound } from '../../app-error';
import { allowRoles, requireRole } from '../../plugins/auth';
import { changeUserRole, searchUsers, toPublicUser } from './service';

const errorSchema = errorResponseSchema;

/** The admin area's API: everything under /api/admin answers admins only. */
export async function adminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.addHook('onRequest', allowRoles('admin'));

  r.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'List users, searched by name or email',
        querystring: z.object({
          q: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: {
          200: z.object({ data: z.array(publicUserSchema.extend({ createdAt: z.string() })), total: z.number().int() }),
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const { q, limit, offset } = request.query;
      const { rows, total } = await searchUsers(db, q, limit, offset);
      return { data: rows.map((u) => ({ ...toPublicUser(u), createdAt: u.createdAt.toISOString() })), total };
    },
  );

  r.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a user's role (English or Indonesian role names accepted)",
        params: z.object({ id: z.uuid({ error: 'ID pengguna tidak valid.' }) }),
        body: z.object({ role: z.string({ error: 'Peran wajib diisi.' }).min(1, 'Peran wajib diisi.') }),
        response: { 200: z.object({ user: publicUserSchema }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      const role = normaliseRole(request.body.role);
      if (!role) throw badRequest('Peran tidak dikenal.', 'INVALID_ROLE');
      const result = await changeUserRole(db, request.params.id, role);
      if (!result.ok && result.reason === 'not_found') throw notFound('Pengguna tidak ditemukan.');
      if (!result.ok) throw badRequest('Tidak bisa menghapus peran admin terakhir.', 'LAST_ADMIN');
      return { user: toPublicUser(result.user) };
    },
  );
}

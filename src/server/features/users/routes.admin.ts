import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normaliseRole } from '../../../domain/users/roles';
import { adminUserPageSchema, adminUsersQuerySchema, roleChangeBodySchema, userIdParamsSchema, userResponseSchema } from '../../../domain/users/contract';
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
        querystring: adminUsersQuerySchema,
        response: {
          200: adminUserPageSchema,
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
        params: userIdParamsSchema,
        body: roleChangeBodySchema,
        response: { 200: userResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
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

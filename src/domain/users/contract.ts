/**
 * The users API's contract: the spec's User as clients read it, and the admin area's user list and
 * role change. The routes validate with these schemas and the web app reads its types from them.
 */
import { z } from 'zod';
import { subscriptionStatuses } from '../subscriptions/subscription';
import { roles } from './roles';

/** The spec's "User" entity exactly as clients (web and mobile) read it. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  role: z.enum(roles),
  subscription_status: z.enum(subscriptionStatuses),
  current_period_end: z.string().nullable().describe('ISO 8601'),
  has_had_trial: z.boolean(),
  strava: z.object({ id: z.string().nullable() }),
});

export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /api/admin/users. */
export const adminUsersQuerySchema = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const adminUserSchema = publicUserSchema.extend({ createdAt: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = z.object({ data: z.array(adminUserSchema), total: z.number().int() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** PATCH /api/admin/users/{id}: English or Indonesian role names (normaliseRole). */
export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'ID pengguna tidak valid.' }) });
export const roleChangeBodySchema = z.object({ role: z.string({ error: 'Peran wajib diisi.' }).min(1, 'Peran wajib diisi.') });
export type RoleChangeBody = z.infer<typeof roleChangeBodySchema>;

/** One user: the role change's answer, GET /api/auth/me and GET /api/user/profile. */
export const userResponseSchema = z.object({ user: publicUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

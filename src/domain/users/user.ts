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

export const devLoginSchema = z.object({
  email: z.email({ error: 'Masukkan email yang valid!' }).max(254),
  name: z.string().trim().min(1, 'Nama tidak boleh kosong.').max(100, 'Nama maksimal 100 karakter.').optional(),
  role: z.string().optional(),
});

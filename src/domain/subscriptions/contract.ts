/**
 * The subscriptions API's contract (spec §7: start-trial, initiate-payment) plus what the
 * subscription dialog and the admin area read. The routes validate with these schemas and the web
 * app reads its types from them. Prices are never sent by a client: the server computes them with
 * ./pricing.
 */
import { z } from 'zod';
import { orderStatuses } from '../payments/payments';
import { publicUserSchema } from '../users/contract';
import { grantKinds, subscriptionStatuses } from './subscription';

export const subscriptionMessages = {
  trialUsed: 'Uji coba gratis sudah pernah digunakan. Pilih paket langganan untuk melanjutkan.',
  trialFailed: 'Gagal mengaktifkan trial.',
  paymentFailed: 'Gagal memulai pembayaran.',
  userIdMissing: 'User ID tidak ditemukan. Silakan refresh halaman.',
  notYourAccount: 'Paket hanya dapat dibeli untuk akun Anda sendiri.',
  planUnknown: 'Jenis paket tidak dikenal.',
  paygEndDateRequired: 'Pilih tanggal berakhir paket.',
  paygEndDateInvalid: 'Tanggal berakhir tidak valid.',
  paygDaysMismatch: 'Jumlah hari tidak sesuai dengan tanggal berakhir. Silakan muat ulang halaman.',
  grantDays: 'Jumlah hari harus bilangan bulat antara 1 dan 730.',
  grantReason: 'Alasan wajib diisi (minimal 3 karakter).',
  userNotFound: 'Pengguna tidak ditemukan.',
  nothingToCancel: 'Tidak ada langganan aktif yang dapat dihentikan.',
} as const;

/** Plan types of `POST /api/initiate-payment` (spec §7). */
export const paidPlanTypes = ['1month', '6month', '12month', 'payg'] as const;
export type PaidPlanType = (typeof paidPlanTypes)[number];

/** A user's subscription as the dialog, the settings and the admin area show it. */
export const subscriptionSummarySchema = z.object({
  subscription_status: z.enum(subscriptionStatuses),
  current_period_end: z.string().nullable().describe('ISO 8601 instant'),
  has_had_trial: z.boolean(),
  /** The runner stopped it: access lasts to the period end, then the status becomes canceled. */
  cancel_at_period_end: z.boolean(),
  /** AI features are open right now (active or trialing, period not ended). */
  has_access: z.boolean(),
  /** What the latest grant still running was (the plan shown in the status view), null without one. */
  current_plan: z.enum(grantKinds).nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** One subscription order (payment history). */
export const subscriptionPaymentSchema = z.object({
  order_id: z.string().describe('the order reference at the gateway (SUB-…)'),
  plantype: z.enum(paidPlanTypes),
  days: z.number().int(),
  amount: z.number().int(),
  status: z.enum(orderStatuses),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type SubscriptionPayment = z.infer<typeof subscriptionPaymentSchema>;

/** GET /api/subscriptions/me. */
export const mySubscriptionResponseSchema = z.object({
  subscription: subscriptionSummarySchema,
  payments: z.array(subscriptionPaymentSchema),
});
export type MySubscriptionResponse = z.infer<typeof mySubscriptionResponseSchema>;

/** POST /api/subscriptions/start-trial (body: none or `{}`) and PATCH /api/subscriptions/me answer the user as it is now. */
export const subscriptionChangeResponseSchema = z.object({ user: publicUserSchema, subscription: subscriptionSummarySchema });
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** POST /api/subscriptions/start-trial: no body needed; a `user_id` other than the caller's is refused. */
export const startTrialBodySchema = z.object({ user_id: z.string().max(100).optional() }).nullish();

/** PATCH /api/subscriptions/me: stop at the period end, or keep going. */
export const subscriptionPatchBodySchema = z.object({ cancel_at_period_end: z.boolean() }).strict();
export type SubscriptionPatchBody = z.infer<typeof subscriptionPatchBodySchema>;

/**
 * POST /api/initiate-payment (spec §7): `user_id` must be the caller; `paygdays` and `endDate`
 * (YYYY-MM-DD, Asia/Jakarta) for pay as you go. The server works the days out from `endDate` and
 * refuses a `paygdays` that disagrees; it never reads a price from the client.
 */
export const initiatePaymentBodySchema = z.object({
  user_id: z.string().max(100).optional(),
  plantype: z.string().max(20),
  paygdays: z.number().int().min(0).max(100_000).optional(),
  endDate: z.string().max(20).optional(),
});
export type InitiatePaymentBody = z.infer<typeof initiatePaymentBodySchema>;

export const initiatePaymentResponseSchema = z.object({
  payment_url: z.string(),
  order_id: z.string(),
  amount: z.number().int(),
  days: z.number().int(),
});
export type InitiatePaymentResponse = z.infer<typeof initiatePaymentResponseSchema>;

/** One entry of the subscription ledger (admin): what was granted or taken back, when, why, by whom. */
export const subscriptionGrantSchema = z.object({
  _id: z.string(),
  kind: z.enum(grantKinds),
  days: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  order_id: z.string().nullable(),
  reason: z.string().nullable(),
  granted_by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type SubscriptionGrant = z.infer<typeof subscriptionGrantSchema>;

/** GET /api/admin/users/{id}/subscription. */
export const adminSubscriptionResponseSchema = z.object({
  subscription: subscriptionSummarySchema,
  payments: z.array(subscriptionPaymentSchema),
  grants: z.array(subscriptionGrantSchema),
});
export type AdminSubscriptionResponse = z.infer<typeof adminSubscriptionResponseSchema>;

/** POST /api/admin/users/{id}/subscription/grants: add days of access, with the reason recorded. */
export const adminGrantBodySchema = z.object({
  days: z.number({ error: subscriptionMessages.grantDays }).int(subscriptionMessages.grantDays).min(1, subscriptionMessages.grantDays).max(730, subscriptionMessages.grantDays),
  reason: z.string({ error: subscriptionMessages.grantReason }).trim().min(3, subscriptionMessages.grantReason).max(500),
});
export type AdminGrantBody = z.infer<typeof adminGrantBodySchema>;

/**
 * The coaching admin and purchase API's contract (issue 14 items 1, 5, 6): the package purchase's
 * answer, the admin's coach list, free slots and verification, and the coach's request for
 * verification. Kept apart from contract.ts so the coaching helpers' edits do not collide. Pure.
 */
import { z } from 'zod';
import { coachVerificationStatuses } from './coaching';

/** POST /api/coach/initiate-payment → the checkout (spec: `payment_url`); the rest helps the page and tests. */
export const coachPaymentResponseSchema = z.object({
  payment_url: z.string(),
  order_id: z.string(),
  amount: z.number().int(),
});
export type CoachPaymentResponse = z.infer<typeof coachPaymentResponseSchema>;

export const coachAdminMessages = {
  coachNotFound: 'Pelatih tidak ditemukan.',
  slotCount: 'Jumlah slot 1–20.',
  slotWeeks: 'Durasi 1–104 minggu.',
  slotsAdded: (count: number) => `${count} slot gratis ditambahkan.`,
  noteRequired: 'Tuliskan alasan penolakan.',
  verified: 'Pelatih terverifikasi.',
  rejected: 'Verifikasi ditolak.',
  noProfileToVerify: 'Pelatih ini belum memiliki profil.',
  documentsRequired: 'Unggah minimal satu dokumen (identitas atau sertifikat).',
  documentNotYours: 'Dokumen tidak ditemukan atau bukan milik Anda.',
  documentNotFound: 'Dokumen tidak ditemukan.',
  verificationSent: 'Dokumen verifikasi terkirim. Admin akan meninjaunya.',
  alreadyVerified: 'Profil Anda sudah terverifikasi.',
} as const;

export const coachIdParamsSchema = z.object({ coachId: z.uuid({ error: coachAdminMessages.coachNotFound }) });

export const adminCoachesQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/** One verification document: its private key and the admin-only address that serves it. */
export const verificationDocumentSchema = z.object({ key: z.string(), url: z.string() });

/** GET /api/admin/coaches → { data }: every coach with profile, verification and slot counts. */
export const adminCoachSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profile: z.object({ shownName: z.string(), uniquelink: z.string() }).nullable(),
  verification: z.enum(coachVerificationStatuses),
  verificationNote: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  documents: z.array(verificationDocumentSchema),
  slots: z.object({
    /** Live connections with a runner. */
    used: z.number().int(),
    /** Active slots waiting for a runner. */
    free: z.number().int(),
  }),
});
export type AdminCoach = z.infer<typeof adminCoachSchema>;
export const adminCoachListSchema = z.object({ data: z.array(adminCoachSchema) });

/** POST /api/admin/coaches/{coachId}/slots: free slots the coach fills by email; `weeks` counts from the day it is filled. */
export const createFreeslotsInputSchema = z.object({
  count: z.coerce.number({ error: coachAdminMessages.slotCount }).int(coachAdminMessages.slotCount).min(1, coachAdminMessages.slotCount).max(20, coachAdminMessages.slotCount),
  weeks: z.coerce.number({ error: coachAdminMessages.slotWeeks }).int(coachAdminMessages.slotWeeks).min(1, coachAdminMessages.slotWeeks).max(104, coachAdminMessages.slotWeeks),
});
export type CreateFreeslotsInput = z.infer<typeof createFreeslotsInputSchema>;
export const createFreeslotsResultSchema = z.object({ created: z.array(z.string()), message: z.string() });

/** POST /api/admin/coaches/{coachId}/verification: a rejection needs its reason. */
export const coachVerificationDecisionSchema = z
  .object({
    status: z.enum(['verified', 'rejected']),
    note: z.string().trim().max(500).default(''),
  })
  .refine((v) => v.status !== 'rejected' || v.note.length > 0, { message: coachAdminMessages.noteRequired, path: ['note'] });
export type CoachVerificationDecision = z.infer<typeof coachVerificationDecisionSchema>;

/** POST /api/coach/verification: the coach's own private uploads (identity card, certificates). */
export const coachVerificationRequestSchema = z.object({
  documents: z.array(z.string().min(1).max(200)).min(1, coachAdminMessages.documentsRequired).max(10),
});

export const coachVerificationStateSchema = z.object({
  verification: z.enum(coachVerificationStatuses),
  note: z.string().nullable(),
  message: z.string(),
});

/** One of a coach's verification documents, by its storage key. */
export const coachDocumentParamsSchema = coachIdParamsSchema.extend({ key: z.string().max(100) });

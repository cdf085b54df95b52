/**
 * The registrations API's contract (events-and-coach-pages §3, §7; issue 8 item 9): the spec's
 * runner registration, the public registration and its proof-of-work challenge, where a payment
 * stands, the self-managed payment page and the organizer's tools (runner data, racepack,
 * Verifikasi / Tolak). The routes validate with these schemas and the web app reads its types
 * from them. Pure: no I/O.
 */
import { z } from 'zod';
import { eventPaymentTypes } from '../events/events';
import { registrationPaymentStatuses, registrationStatuses } from './registrations';
import { cancellationJsonSchema } from './management';
import { paymentProofMessages, REJECTION_REASON_MAX } from './payment-verification';
import { registrationPayloadSchema, runnerDataInputSchema } from './registration-form';

/**
 * The spec's runner registration shape (events-and-coach-pages §3), shared by every registration
 * endpoint: `_id`, `registrationId`, `eventId`, `categoryId`, `status`, dates, `payment{status, amount}`,
 * `runnerData{...}`; plus names and racepack facts the organizer screens show.
 */
export const runnerDataSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  bibName: z.string(),
  community: z.string(),
  bloodType: z.string(),
  tshirtSize: z.string(),
  sex: z.string(),
  /** DD-MM-YYYY, like every date of the spec's data. */
  dob: z.string(),
  identityType: z.string(),
  identityNo: z.string(),
  emergencyName: z.string(),
  emergencyContact: z.string(),
  medicalNotes: z.string(),
});

export const registrationJsonSchema = z.object({
  _id: z.string(),
  registrationId: z.string(),
  /** The event's `eventId` slug. */
  eventId: z.string(),
  eventName: z.string(),
  eventCode: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  status: z.enum(registrationStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  payment: z.object({
    status: z.enum(registrationPaymentStatuses),
    amount: z.number().int(),
    eventFee: z.number().int(),
    adminFee: z.number().int(),
    method: z.string().nullable(),
    /** Paid (or to be paid) through the platform's payment gateway; false: paid to the organizer by hand (self-managed). */
    platform: z.boolean(),
  }),
  runnerData: runnerDataSchema,
  /** The bib number ('10K-0231'), given when confirmed from the category's range; null before, or when none was left. */
  bibNumber: z.string().nullable(),
  expiresAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  racepackCollectedAt: z.string().nullable(),
  /**
   * Self-managed payments: the runner's latest proof of transfer (an image only the event's
   * organizer and admins may fetch at `url`), the organizer's verification and latest rejection.
   */
  paymentProof: z.object({ url: z.string(), submittedAt: z.string() }).nullable(),
  paymentVerifiedAt: z.string().nullable(),
  paymentRejection: z.object({ reason: z.string(), rejectedAt: z.string() }).nullable(),
  /** Canceled by the organizer, an admin or the event's cancellation: why, and what happened to the money. */
  cancellation: cancellationJsonSchema.nullable(),
});
export type RegistrationJson = z.infer<typeof registrationJsonSchema>;

/**
 * What the public registration answer shows: whoever holds the response (or, later, the id) must
 * not see the runner's identity number, medical notes or contacts.
 */
export const publicRegistrationSchema = registrationJsonSchema.pick({
  _id: true,
  registrationId: true,
  eventId: true,
  categoryId: true,
  status: true,
  payment: true,
  createdAt: true,
  /** Until when the unpaid registration holds its slot (ISO): the runner sees it count down. */
  expiresAt: true,
});
export type PublicRegistrationJson = z.infer<typeof publicRegistrationSchema>;

/** GET /api/runner-registrations/challenge. */
export const challengeResponseSchema = z.object({
  /** False when the server runs with REGISTRATION_CHALLENGE=false: submit without one. */
  enabled: z.boolean(),
  /** ALTCHA v2 challenge: solve `parameters` (PBKDF2/SHA-256) and send `{ challenge, solution }` base64-encoded as `altcha`. */
  challenge: z
    .object({
      parameters: z.looseObject({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string().optional(),
        expiresAt: z.number().optional(),
      }),
      signature: z.string(),
    })
    .nullable(),
});
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;
export type ServedChallenge = NonNullable<ChallengeResponse['challenge']>;

/**
 * POST /api/runner-registrations. The field rules live with the registration form
 * (registration-form.ts), which validates with the very same schema before it sends.
 */
export const createRegistrationBodySchema = registrationPayloadSchema;
export const createdRegistrationSchema = z.object({
  registration: publicRegistrationSchema,
  payment_url: z.string().nullable(),
  /** True when this runner's earlier, still unpaid registration was answered instead of a new one (status 200). */
  resumed: z.boolean(),
  /**
   * Self-managed events: the secret of the runner's payment link (`?key=` of the payment page),
   * needed to send or replace the proof of transfer; null for platform-paid events.
   */
  paymentKey: z.string().nullable(),
});
export type CreatedRegistration = z.infer<typeof createdRegistrationSchema>;

/** The public routes of one registration: the unguessable registrationId is the credential. */
export const publicRegistrationParamsSchema = z.object({ registrationId: z.string().min(1).max(40) });

/**
 * `GET /api/runner-registrations/{registrationId}/payment-state`: where a runner back from the payment
 * page stands (paid, still held, or over) and how to pay again. Public facts only.
 */
export const paymentStateSchema = z.object({
  registration: z.object({
    registrationId: z.string(),
    status: z.enum(registrationStatuses),
    payment: z.object({ status: z.enum(registrationPaymentStatuses), amount: z.number().int() }),
    expiresAt: z.string().nullable(),
    eventCode: z.string(),
    eventName: z.string(),
    categoryName: z.string(),
  }),
  /** The same checkout as before, while the registration still holds its slot; otherwise null. */
  payment_url: z.string().nullable(),
  /**
   * The success page's receipt, only once paid (confirmed or racepack collected): the runner's own
   * summary and the value of the racepack QR code, only for the runner's own browser (its receipt cookie) or Derap's
   * link (`key`); with the order reference alone it is null (issue 26 §8).
   */
  receipt: z
    .object({
      fullName: z.string(),
      bibName: z.string(),
      /** The bib number ('10K-0231'); null when the event gives none (or none was left). */
      bibNumber: z.string().nullable(),
      tshirtSize: z.string(),
      /** The address the confirmation went to, masked (`pu***@gmail.com`). */
      emailHint: z.string(),
      qrToken: z.string(),
    })
    .nullable(),
});
export type PaymentStateJson = z.infer<typeof paymentStateSchema>;

/**
 * `POST /api/runner-registrations/{registrationId}/resend-confirmation`: the runner's own resend from
 * the success page, authorised like the payment state by the gateway's order reference.
 */
export const resendConfirmationBodySchema = z.object({ order: z.string().min(1).max(100) });
export const resendConfirmationResponseSchema = z.object({ message: z.string() });
export type ResendConfirmationResponse = z.infer<typeof resendConfirmationResponseSchema>;

/**
 * `GET /api/runner-registrations/mine`: the signed-in runner's registrations ('Event Diikuti'), made
 * while signed in or with the account's (verified) email. The QR value only for paid ones.
 */
export const myRegistrationSchema = z.object({
  registrationId: z.string(),
  status: z.enum(registrationStatuses),
  payment: z.object({ status: z.enum(registrationPaymentStatuses), amount: z.number().int() }),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  bibName: z.string(),
  /** The bib number once confirmed ('10K-0231'); null before, or when the event gives none. */
  bibNumber: z.string().nullable(),
  tshirtSize: z.string(),
  categoryName: z.string(),
  event: z.object({ name: z.string(), code: z.string(), eventDate: z.string(), location: z.string(), timezone: z.string(), paymentType: z.enum(eventPaymentTypes) }),
  qrToken: z.string().nullable(),
  /** Unpaid self-managed registrations: the payment link's secret (`?key=`), to send the proof. */
  paymentKey: z.string().nullable(),
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;
export const myRegistrationsResponseSchema = z.object({ registrations: z.array(myRegistrationSchema) });
export type MyRegistrationsResponse = z.infer<typeof myRegistrationsResponseSchema>;
/** GET /api/runner-registrations/{registrationId}/payment-state: the gateway's order reference too. */
export const paymentStateQuerySchema = z.object({
  order: z.string().min(1).max(100),
  /** The receipt key of Derap's own link (the runner's browser sends it as a cookie instead): name and QR code only with it. */
  key: z.string().max(100).optional(),
});

/**
 * GET /api/runner-registrations/{registrationId}/payment and the answer of 'Saya Sudah Membayar':
 * what the runner's payment page shows. Public (the unguessable registrationId is the credential),
 * so no personal data: no name, contacts, identity number or the proof image itself.
 */
export const selfManagedPaymentSchema = z.object({
  registrationId: z.string(),
  status: z.enum(registrationStatuses),
  payment: z.object({ status: z.enum(registrationPaymentStatuses), amount: z.number().int() }),
  /** Until when the slot is held without a proof (null once a proof stops the clock or it is paid). */
  expiresAt: z.string().nullable(),
  proofSubmittedAt: z.string().nullable(),
  /** The organizer's latest rejection while the runner may send a new proof. */
  rejection: z.object({ reason: z.string(), rejectedAt: z.string() }).nullable(),
  event: z.object({
    name: z.string(),
    code: z.string(),
    timezone: z.string(),
    paymentType: z.enum(eventPaymentTypes),
    paymentInstruction: z.object({ qrImage: z.string().nullable(), instructions: z.string().nullable() }).nullable(),
  }),
});
export type SelfManagedPayment = z.infer<typeof selfManagedPaymentSchema>;
/** GET /api/runner-registrations/{registrationId}/payment and PATCH …/payment-status-paid (multipart). */
export const selfManagedPaymentResponseSchema = z.object({ registration: selfManagedPaymentSchema });
/** PATCH …/payment-status-paid: the payment link's secret (the registration's `paymentKey`). */
export const paymentKeyQuerySchema = z.object({ key: z.string().max(64).optional().describe("The secret of the runner's payment link") });
export type SelfManagedPaymentResponse = z.infer<typeof selfManagedPaymentResponseSchema>;

/**
 * Which proof the organizer looked at: the runner may replace it while it awaits verification, and
 * a decision must never land on a proof the organizer has not seen.
 */
const proofSubmittedAt = z.iso.datetime({ offset: true, error: 'Waktu bukti transfer tidak valid.' });

/** PATCH /api/runner-registrations/{registrationId}/payment-verify (answer: registrationDecisionSchema). */
export const paymentVerificationSchema = z.object({ proofSubmittedAt });

/** PATCH /api/runner-registrations/{registrationId}/payment-reject: the reason is mailed to the runner. */
export const paymentRejectionSchema = z.object({
  proofSubmittedAt,
  reason: z
    .string({ error: paymentProofMessages.reasonRequired })
    .trim()
    .min(1, paymentProofMessages.reasonRequired)
    .max(REJECTION_REASON_MAX, paymentProofMessages.reasonTooLong),
});
export type PaymentRejectionInput = z.input<typeof paymentRejectionSchema>;

/**
 * The organizer's routes of one registration: its _id, registrationId or scanned QR value (which
 * may be a longer text than an id).
 */
export const organizerRegistrationParamsSchema = z.object({ registrationId: z.string().min(1).max(500) });

/** GET /api/runner-registrations/{registrationId}. */
export const registrationResponseSchema = z.object({ registration: registrationJsonSchema });
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What an organizer's decision answers: Verifikasi, Tolak and the racepack hand-out. */
export const registrationDecisionSchema = z.object({ registration: registrationJsonSchema, message: z.string() });
export type RegistrationDecision = z.infer<typeof registrationDecisionSchema>;

/** An organizer's correction of a runner's details: the decision and how many fields changed. */
export const registrationCorrectedSchema = registrationDecisionSchema.extend({ changes: z.number().int() });
export type RegistrationCorrected = z.infer<typeof registrationCorrectedSchema>;

/** PATCH /api/runner-registrations/{registrationId}/racepack. */
export const racepackBodySchema = z.object({
  racePackStatus: z.literal('racepack_collected', { error: 'racePackStatus harus racepack_collected.' }),
});
export type RacepackBody = z.infer<typeof racepackBodySchema>;

/** GET /api/runner-registrations/event/{eventId} and its CSV / .xlsx. */
export const eventRegistrationsParamsSchema = z.object({ eventId: z.string().min(1).max(200) });
export const registrationSearchQuerySchema = z.object({ q: z.string().max(200).optional() });

/** 'Racepack diambil' (status racepack_collected) or 'Belum diambil' (confirmed: paid, racepack still at the desk). */
export const racepackFilters = ['collected', 'not_collected'] as const;
export type RacepackFilter = (typeof racepackFilters)[number];

/**
 * The Data Pelari filters, shared by the list and both exports (each combines with `q` by AND):
 * one registration status, one payment status, one category (its `categoryId`) and racepack taken
 * or not.
 */
export const registrationFilterQuerySchema = registrationSearchQuerySchema.extend({
  status: z.enum(registrationStatuses).optional(),
  paymentStatus: z.enum(registrationPaymentStatuses).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  racepack: z.enum(racepackFilters).optional(),
});
export type RegistrationFilters = z.infer<typeof registrationFilterQuerySchema>;

/** The largest page the list returns (the exports carry every row). */
export const REGISTRATION_PAGE_MAX = 5000;

export const registrationListQuerySchema = registrationFilterQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(REGISTRATION_PAGE_MAX).optional(),
  /** Rows to skip (newest first) before the page: `offset=50&limit=50` is the second page of 50. */
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});

/** `sep=semicolon`: ';' between fields, which Excel with Indonesian settings splits into columns. */
export const csvSeparators = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof csvSeparators)[number];
export const registrationCsvQuerySchema = registrationFilterQuerySchema.extend({ sep: z.enum(csvSeparators).optional() });

export const registrationPageSchema = z.object({
  registrations: z.array(registrationJsonSchema),
  /** Registrations matching the search and filters (all of them when there is neither). */
  total: z.number().int(),
  /** Every registration of the event, whatever the search and filters. */
  eventTotal: z.number().int(),
  /** The event's categories, in their order: what the category filter offers. */
  categories: z.array(z.object({ categoryId: z.string(), name: z.string() })),
  /**
   * Bib numbers (issue 28 §6): confirmed registrations of the event without one (confirmed before a
   * range was set, or after it ran out), and whether any category has a range at all.
   */
  bibNumbers: z.object({ missing: z.number().int(), rangesSet: z.boolean() }),
});
export type RegistrationPage = z.infer<typeof registrationPageSchema>;

/** POST /api/runner-registrations/event/{eventId}/bib-numbers ('Beri Nomor BIB'): numbered now, and still without one. */
export const bibNumbersAssignedSchema = z.object({ assigned: z.number().int(), missing: z.number().int(), message: z.string() });
export type BibNumbersAssigned = z.infer<typeof bibNumbersAssignedSchema>;
/** The .xlsx export, streamed; the schema only documents it. */
export const registrationXlsxSchema = z.string().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
/** The CSV export (UTF-8 with BOM, CRLF), streamed; the schema only documents it. */
export const registrationCsvSchema = z.string().describe('text/csv');

/* ------------------------------------------------ email code and 'Daftar Tunggu' (decision 033) */

/** `POST /api/runner-registrations/email-code`: mail a 6-digit code to the address about to register. */
export const emailCodeBodySchema = z.object({
  eventId: registrationPayloadSchema.shape.eventId,
  email: runnerDataInputSchema.shape.email,
});
export const emailCodeResponseSchema = z.object({
  message: z.string(),
  expiresAt: z.string(),
  /** 'Kirim ulang kode' is refused (429 EMAIL_CODE_TOO_SOON) until then. */
  resendAfterSeconds: z.number().int(),
});
export type EmailCodeResponse = z.infer<typeof emailCodeResponseSchema>;

/** `POST /api/runner-registrations/waiting-list`: join the list of a full category. */
export const joinWaitingListBodySchema = z.object({
  eventId: registrationPayloadSchema.shape.eventId,
  categoryId: registrationPayloadSchema.shape.categoryId,
  fullName: runnerDataInputSchema.shape.fullName,
  email: runnerDataInputSchema.shape.email,
});
export const joinWaitingListResponseSchema = z.object({ position: z.number().int(), message: z.string() });
export type JoinWaitingListResponse = z.infer<typeof joinWaitingListResponseSchema>;

/** `GET /api/runner-registrations/waiting-list/offer?token=`: what a claim link offers (pre-fills the form). */
export const waitingOfferQuerySchema = z.object({ token: z.string().min(1).max(100) });
export const waitingOfferSchema = z.object({
  eventCode: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  fullName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type WaitingOffer = z.infer<typeof waitingOfferSchema>;

/**
 * The auth API's contract: sign-in methods, the development sign-in, token refresh, the session
 * probe, the mobile-app hand-off (decision 008) and sign-out. The routes validate with these
 * schemas and the web app reads its types from them. Pure: no I/O.
 */
import { z } from 'zod';
import { publicUserSchema } from '../users/contract';
import { CODE_CHALLENGE_PATTERN, CODE_VERIFIER_PATTERN, handoffValidationMessages } from './mobile-handoff';

/** GET /api/auth/config: what the browser may know of the server's configuration (sign-in methods, the support line). */
export const authConfigSchema = z.object({
  google: z.boolean(),
  devLogin: z.boolean(),
  /** How the hand-off page opens the mobile app (MOBILE_APP_SCHEME, MOBILE_APP_PACKAGE). */
  mobileApp: z.object({ scheme: z.string(), androidPackage: z.string() }),
  /**
   * Derap's support WhatsApp number (SUPPORT_WHATSAPP) as `+62…`, or null when the server has none:
   * the help dialog and the login hint then offer email only.
   */
  supportWhatsapp: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** GET /api/auth/google/mobile. */
export const googleMobileQuerySchema = z.object({ redirect: z.string().min(1, 'Parameter redirect wajib diisi.') });

/** GET /api/auth/google/callback: what Google appends, and whatever else it may add. */
export const googleCallbackQuerySchema = z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }).loose();

/** POST /api/auth/dev-login (the development sign-in form validates with it too). */
export const devLoginSchema = z.object({
  email: z.email({ error: 'Masukkan email yang valid!' }).max(254),
  name: z.string().trim().min(1, 'Nama tidak boleh kosong.').max(100, 'Nama maksimal 100 karakter.').optional(),
  role: z.string().optional(),
});
export type DevLoginInput = z.input<typeof devLoginSchema>;

/** A new session: POST /api/auth/dev-login and POST /api/auth/mobile-handoff. */
export const tokenResponseSchema = z.object({ token: z.string(), refreshToken: z.string(), user: publicUserSchema });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /api/auth/refresh (the refresh token from the body, else the cookie). */
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).optional() }).nullish();
export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** GET /api/auth/session. */
export const sessionAnswerSchema = z.object({ user: publicUserSchema.nullable(), refreshable: z.boolean() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** POST /api/auth/mobile-handoff/code: the app's S256 challenge, asked for by the signed-in browser. */
export const handoffCodeRequestSchema = z.object({
  code_challenge: z
    .string({ error: handoffValidationMessages.challengeInvalid })
    .regex(CODE_CHALLENGE_PATTERN, handoffValidationMessages.challengeInvalid),
  code_challenge_method: z.literal('S256', { error: handoffValidationMessages.methodUnsupported }).optional(),
});

export const handoffCodeResponseSchema = z.object({
  code: z.string(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});
export type HandoffCodeResponse = z.infer<typeof handoffCodeResponseSchema>;

/** POST /api/auth/mobile-handoff: the app exchanges the code with its PKCE verifier (answer: tokenResponseSchema). */
export const handoffExchangeSchema = z.object({
  code: z
    .string({ error: handoffValidationMessages.codeInvalid })
    .min(1, handoffValidationMessages.codeInvalid)
    .max(200, handoffValidationMessages.codeInvalid),
  code_verifier: z
    .string({ error: handoffValidationMessages.verifierInvalid })
    .regex(CODE_VERIFIER_PATTERN, handoffValidationMessages.verifierInvalid),
});
export type HandoffExchange = z.infer<typeof handoffExchangeSchema>;

/** POST /api/auth/logout. */
export const logoutBodySchema = z.object({ refreshToken: z.string().optional() }).nullish();
export type LogoutBody = z.input<typeof logoutBodySchema>;
export const messageResponseSchema = z.object({ message: z.string() });

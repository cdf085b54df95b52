/**
 * The hand-off of a browser sign-in to the Derap mobile app (spec §2 "Mobile login" and
 * "Auth-success page", §4, §9 timers; decision 008). No token ever travels through a URL: after
 * the person presses 'Buka Aplikasi' the page gets a one-time code bound to the app's PKCE
 * challenge and opens `<scheme>://auth-success?code=…&state=…`; only the app that holds the
 * verifier can exchange it. Pure parts live here so they can be tested without a browser.
 */
import type { AuthConfig } from '../../../domain/auth/contract';
import type { PublicUser } from '../../../domain/users/contract';
import { APP_STATE_MAX_LENGTH, CODE_CHALLENGE_PATTERN } from '../../../domain/auth/mobile-handoff';

/** Mobile login: pause on the success overlay before going to the auth-success page. */
export const MOBILE_LOGIN_REDIRECT_DELAY_MS = 1_000;
/** Auth-success: pause on the success state before the app is opened. */
export const APP_OPEN_DELAY_MS = 1_500;
/** Auth-success: after the first attempt, wait this long before the second opening method. */
export const APP_FALLBACK_DELAY_MS = 1_000;
/** Auth-success: after the first attempt, wait this long before the "open it yourself" hint. */
export const MANUAL_HINT_DELAY_MS = 3_000;
/** A code this close to its expiry is not handed out any more; 'Buka Aplikasi' asks for a fresh one. */
export const CODE_EXPIRY_MARGIN_MS = 10_000;

/** How the hand-off opens the app, as GET /api/auth/config tells. */
export type MobileAppConfig = AuthConfig['mobileApp'];

/** What the server's MOBILE_APP_SCHEME / MOBILE_APP_PACKAGE default to (used until /api/auth/config answers). */
export const DEFAULT_MOBILE_APP: MobileAppConfig = { scheme: 'derap', androidPackage: 'id.derap.app' };

/** Opens the app without credentials ("Kembali ke Aplikasi"). */
export const appHomeUrl = (app: MobileAppConfig) => `${app.scheme}://`;

export const authSuccessMessages = {
  missing: 'Data login tidak lengkap. Silakan coba lagi.',
  invalidUser: 'Data pengguna tidak valid. Silakan coba lagi.',
  unexpected: 'Terjadi kesalahan. Silakan coba lagi.',
  openFailed: 'Gagal mengarahkan ke aplikasi. Silakan kembali ke aplikasi secara manual.',
  manualHint: 'Jika aplikasi tidak terbuka otomatis, silakan kembali ke aplikasi secara manual.',
} as const;

export const mobileLoginMessages = {
  overlay: 'Login berhasil! Mengarahkan ke aplikasi...',
  handoffFailed: 'Login berhasil, tetapi gagal mengarahkan ke aplikasi. Silakan kembali ke aplikasi secara manual.',
  linkIncomplete:
    'Tautan login dari aplikasi tidak lengkap atau berasal dari versi aplikasi yang lama. Kembali ke aplikasi Derap dan mulai masuk dari sana (perbarui aplikasinya bila diminta).',
  confirmOnlyIfYou: "Tekan 'Buka Aplikasi' hanya jika Anda sendiri yang membuka halaman ini dari aplikasi Derap.",
} as const;

/** What the app put in the /mobile-login link: its S256 challenge and an optional state to echo back. */
export interface AppRequest {
  codeChallenge: string;
  state: string | null;
}

/** Reads `code_challenge` and `state`; null when the challenge is missing or malformed (an old or forged link). */
export function parseAppRequest(search: string | URLSearchParams): AppRequest | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const codeChallenge = params.get('code_challenge') ?? '';
  if (!CODE_CHALLENGE_PATTERN.test(codeChallenge)) return null;
  const method = params.get('code_challenge_method');
  if (method !== null && method !== 'S256') return null;
  const state = params.get('state');
  if (state !== null && state.length > APP_STATE_MAX_LENGTH) return null;
  return { codeChallenge, state: state === '' ? null : state };
}

function appRequestQuery(req: AppRequest): URLSearchParams {
  const q = new URLSearchParams({ code_challenge: req.codeChallenge });
  if (req.state !== null) q.set('state', req.state);
  return q;
}

/** `/mobile-login?from_app=true&code_challenge=…&state=…` — where 'Coba Lagi' and Google lead back to. */
export function mobileLoginPath(req: AppRequest | null): string {
  if (!req) return '/mobile-login?from_app=true';
  return `/mobile-login?from_app=true&${appRequestQuery(req).toString()}`;
}

/** `/mobile-auth-success?code_challenge=…&state=…`: the URL carries no secret, only what 'Coba Lagi' needs. */
export function authSuccessPath(req: AppRequest): string {
  return `/mobile-auth-success?${appRequestQuery(req).toString()}`;
}

/** Where Google should send the browser back to after a mobile sign-in (same challenge and state). */
export function mobileGoogleHref(origin: string, fromApp: boolean, req: AppRequest | null = null): string {
  const back = fromApp ? `${origin}${mobileLoginPath(req)}` : `${origin}/mobile-login`;
  return `/api/auth/google/mobile?redirect=${encodeURIComponent(back)}`;
}

/** The part of the signed-in user (the API's PublicUser) the auth-success page checks before handing off. */
export type HandoffUser = Pick<PublicUser, '_id' | 'email'> & Partial<Pick<PublicUser, 'name'>>;

/** A minted code on its way from /mobile-login to /mobile-auth-success. */
export interface PendingHandoff {
  code: string;
  codeChallenge: string;
  state: string | null;
  /** Epoch ms after which the server no longer accepts the code. */
  expiresAt: number;
  user: unknown;
}

/**
 * The code is kept in memory only, never in a URL, history state or storage: a reload or a
 * visit from history finds nothing and shows 'Data login tidak lengkap', and 'Coba Lagi' asks
 * the person to press 'Buka Aplikasi' again.
 */
let pending: PendingHandoff | null = null;
export const pendingHandoff = {
  set(value: PendingHandoff) {
    pending = value;
  },
  /** The pending code for this challenge, unless it has (nearly) expired. */
  get(codeChallenge: string, now = Date.now()): PendingHandoff | null {
    if (!pending || pending.codeChallenge !== codeChallenge) return null;
    if (pending.expiresAt - now <= CODE_EXPIRY_MARGIN_MS) return null;
    return pending;
  },
  clear() {
    pending = null;
  },
};

export interface HandoffPayload {
  code: string;
  state: string | null;
  expiresAt: number;
  user: HandoffUser;
}

export type AuthSuccessResult = { status: 'success'; payload: HandoffPayload } | { status: 'error'; message: string };

/**
 * The auth-success page's verdict (spec §4, now with a code): success when a fresh code for the
 * app's challenge is waiting and the user is valid; otherwise the spec's error messages.
 */
export function resolveAuthSuccess(search: string | URLSearchParams, store = pendingHandoff, now = Date.now()): AuthSuccessResult {
  try {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search;
    if (params.get('error')) return { status: 'error', message: authSuccessMessages.unexpected };
    const req = parseAppRequest(params);
    const held = req ? store.get(req.codeChallenge, now) : null;
    if (!req || !held || !held.code) return { status: 'error', message: authSuccessMessages.missing };
    if (!isUserLike(held.user)) return { status: 'error', message: authSuccessMessages.invalidUser };
    return { status: 'success', payload: { code: held.code, state: req.state, expiresAt: held.expiresAt, user: held.user } };
  } catch {
    return { status: 'error', message: authSuccessMessages.unexpected };
  }
}

export function isUserLike(value: unknown): value is HandoffUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v._id === 'string' && v._id !== '' && typeof v.email === 'string' && v.email !== '';
}

/** The two ways of opening the app with the code: the custom scheme, and an Android intent URL. */
export function appLinks(app: MobileAppConfig, p: { code: string; state: string | null }) {
  const q = new URLSearchParams({ code: p.code });
  if (p.state !== null) q.set('state', p.state);
  const query = q.toString();
  return {
    scheme: `${app.scheme}://auth-success?${query}`,
    intent: `intent://auth-success?${query}#Intent;scheme=${app.scheme};package=${app.androidPackage};end`,
  };
}

/**
 * How the page leaves the browser for the app. Wrapped so tests (and an embedding WebView)
 * can observe or replace it: a page may define `window.__derapAppOpener` before it loads.
 */
export interface AppOpener {
  /** Navigates the page to a URL (custom scheme or intent). */
  navigate(url: string): void;
  /** Opens a URL in a hidden iframe (a second chance for browsers that ignore the first). */
  openInFrame(url: string): void;
}

declare global {
  interface Window {
    __derapAppOpener?: Partial<AppOpener>;
  }
}

export const browserAppOpener: AppOpener = {
  navigate(url) {
    window.location.href = url;
  },
  openInFrame(url) {
    const frame = document.createElement('iframe');
    frame.style.display = 'none';
    frame.setAttribute('aria-hidden', 'true');
    frame.src = url;
    document.body.appendChild(frame);
    window.setTimeout(() => frame.remove(), 2_000);
  },
};

export function resolveAppOpener(): AppOpener {
  const override = typeof window === 'undefined' ? undefined : window.__derapAppOpener;
  return override ? { ...browserAppOpener, ...override } : browserAppOpener;
}

/** The second opening method: an intent URL on Android, otherwise the scheme in a hidden frame. */
export function openAppFallback(opener: AppOpener, links: ReturnType<typeof appLinks>, userAgent: string) {
  if (/android/i.test(userAgent)) opener.navigate(links.intent);
  else opener.openInFrame(links.scheme);
}

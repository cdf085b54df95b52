/**
 * The hand-off of a browser sign-in to the Derap mobile app (spec §2 "Auth-success page",
 * §4 "Mobile login" and "Auth-success page", §9 timers). Pure parts live here so they can be
 * tested without a browser.
 */

/** Mobile login: pause on the success overlay before going to the auth-success page. */
export const MOBILE_LOGIN_REDIRECT_DELAY_MS = 1_000;
/** Auth-success: pause on the success state before the app is opened. */
export const APP_OPEN_DELAY_MS = 1_500;
/** Auth-success: after the first attempt, wait this long before the second opening method. */
export const APP_FALLBACK_DELAY_MS = 1_000;
/** Auth-success: after the first attempt, wait this long before the "open it yourself" hint. */
export const MANUAL_HINT_DELAY_MS = 3_000;

export const APP_SCHEME = 'derap';
export const ANDROID_PACKAGE = 'id.derap.app';
/** Opens the app without credentials ("Kembali ke Aplikasi"). */
export const APP_HOME_URL = `${APP_SCHEME}://`;

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
} as const;

export interface HandoffPayload {
  token: string;
  refreshToken: string;
  /** The user exactly as received (JSON text), passed on to the app unchanged. */
  userJson: string;
  user: { _id: string; email: string; name?: string } & Record<string, unknown>;
}

export type AuthSuccessResult = { status: 'success'; payload: HandoffPayload } | { status: 'error'; message: string };

/**
 * Reads the auth-success query: success when token and user are present and the user parses
 * to an object with _id and email; otherwise the spec's error messages.
 */
export function parseAuthSuccessQuery(search: string | URLSearchParams): AuthSuccessResult {
  try {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search;
    if (params.get('error')) return { status: 'error', message: authSuccessMessages.unexpected };
    const token = params.get('token')?.trim();
    const userJson = params.get('user')?.trim();
    if (!token || !userJson) return { status: 'error', message: authSuccessMessages.missing };
    let user: unknown;
    try {
      user = JSON.parse(userJson);
    } catch {
      return { status: 'error', message: authSuccessMessages.invalidUser };
    }
    if (!isUserLike(user)) return { status: 'error', message: authSuccessMessages.invalidUser };
    return { status: 'success', payload: { token, refreshToken: params.get('refreshToken')?.trim() ?? '', userJson, user } };
  } catch {
    return { status: 'error', message: authSuccessMessages.unexpected };
  }
}

function isUserLike(value: unknown): value is HandoffPayload['user'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v._id === 'string' && v._id !== '' && typeof v.email === 'string' && v.email !== '';
}

function handoffQuery(p: { token: string; refreshToken: string; userJson: string }): string {
  return new URLSearchParams({ token: p.token, refreshToken: p.refreshToken, user: p.userJson }).toString();
}

/** `/mobile-auth-success?token=..&refreshToken=..&user=<JSON>` */
export function authSuccessPath(p: { token: string; refreshToken: string; user: unknown }): string {
  return `/mobile-auth-success?${handoffQuery({ token: p.token, refreshToken: p.refreshToken, userJson: JSON.stringify(p.user) })}`;
}

/** The two ways of opening the app: the custom scheme, and an Android intent URL. */
export function appLinks(p: HandoffPayload) {
  const query = handoffQuery(p);
  return {
    scheme: `${APP_SCHEME}://auth-success?${query}`,
    intent: `intent://auth-success?${query}#Intent;scheme=${APP_SCHEME};package=${ANDROID_PACKAGE};end`,
  };
}

/** Where Google should send the browser back to after a mobile sign-in. */
export function mobileGoogleHref(origin: string, fromApp: boolean): string {
  const back = fromApp ? `${origin}/mobile-login?from_app=true` : `${origin}/mobile-login`;
  return `/api/auth/google/mobile?redirect=${encodeURIComponent(back)}`;
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

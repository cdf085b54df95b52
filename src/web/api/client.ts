import type { RefreshResponse } from '../../domain/auth/contract';
import type { ErrorResponse } from '../../domain/shared/error-response';
import { tokenStore } from './tokens';

/** An API failure carrying the server's Indonesian message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
    /** Seconds from a Retry-After header (503 busy, 429), when the server sent one. */
    readonly retryAfter?: number,
    /** The whole JSON body, for a feature whose errors carry more than the common fields (e.g. a refusal's `alternatives`). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called when the session cannot be refreshed; default clears tokens and goes to /login. */
  onSessionExpired?: () => void;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Skip the refresh-and-retry dance (the refresh call itself, sign-in probes). */
  noRefresh?: boolean;
  /** Read the answer as a Blob (an image that needs the session, e.g. a proof of transfer). */
  as?: 'blob';
}

const REFRESH_PATH = '/api/auth/refresh';

/**
 * The calls the served HTML already started (`<link rel=preload as=fetch>`, decision 023's
 * amendment), as path + query. The first GET of each takes the browser's copy (the preload); every
 * other GET asks the server again (`cache: 'no-cache'`: a cheap 304 when unchanged), so an answer
 * a browser may keep a few seconds (public reads, decision 015) never shows stale data after a
 * change the person just made, or after they signed in.
 */
function preloadedCalls(): Set<string> {
  if (typeof document === 'undefined') return new Set();
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]');
  return new Set([...links].map((link) => new URL(link.href, window.location.href)).filter((u) => u.origin === window.location.origin).map((u) => u.pathname + u.search));
}

let leavingForLogin = false;

/**
 * Goes to /login once: a logout and a 401 from a request still in flight must not both navigate,
 * or the second navigation cancels the first.
 */
export function goToLogin() {
  if (leavingForLogin) return;
  leavingForLogin = true;
  window.location.assign('/login');
}

export function defaultSessionExpired() {
  tokenStore.clear();
  const here = window.location.pathname;
  if (here !== '/login' && here !== '/mobile-login') goToLogin();
}

/**
 * The API client of the spec's "Token refresh": on a 401 (never for the refresh call, once per
 * request) it refreshes, while concurrent requests wait in one queue for that single refresh and
 * are retried with the new token; when refreshing fails the session is cleared.
 */
export function createApiClient(opts: ApiClientOptions = {}) {
  const baseUrl = opts.baseUrl ?? '';
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const onExpired = opts.onSessionExpired ?? defaultSessionExpired;
  let refreshing: Promise<boolean> | null = null;
  const preloaded = preloadedCalls();

  async function send(path: string, init: RequestOptions): Promise<Response> {
    const headers = new Headers(init.headers);
    const token = tokenStore.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (init.body !== undefined && !(init.body instanceof FormData) && !(init.body instanceof Blob)) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.body);
    } else {
      body = init.body as BodyInit | undefined;
    }
    const { noRefresh: _noRefresh, as: _as, ...rest } = init;
    const get = !rest.method || rest.method.toUpperCase() === 'GET';
    const cache = rest.cache ?? (get && !preloaded.delete(path) ? 'no-cache' : undefined);
    return doFetch(baseUrl + path, { ...rest, headers, body, credentials: 'include', ...(cache ? { cache } : {}) });
  }

  function refreshOnce(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const stored = tokenStore.refreshToken;
        const res = await send(REFRESH_PATH, { method: 'POST', body: stored ? { refreshToken: stored } : {} });
        if (!res.ok) return false;
        const data = (await res.json()) as Partial<RefreshResponse>;
        // Only a client that already keeps bearer tokens stores the new pair; the web relies on cookies.
        if (stored) tokenStore.set(data);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    let res = await send(path, init);
    if (res.status === 401 && !init.noRefresh && path !== REFRESH_PATH) {
      const ok = await refreshOnce();
      if (!ok) {
        onExpired();
        throw await toError(res);
      }
      res = await send(path, init);
      if (res.status === 401) {
        onExpired();
        throw await toError(res);
      }
    }
    if (!res.ok) throw await toError(res);
    if (res.status === 204) return undefined as T;
    if (init.as === 'blob') return (await res.blob()) as T;
    const type = res.headers.get('content-type') ?? '';
    return (type.includes('application/json') ? await res.json() : await res.text()) as T;
  }

  return {
    request,
    get: <T>(path: string, init?: RequestOptions) => request<T>(path, { ...init, method: 'GET' }),
    blob: (path: string, init?: RequestOptions) => request<Blob>(path, { ...init, method: 'GET', as: 'blob' }),
    post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>(path, { ...init, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>(path, { ...init, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>(path, { ...init, method: 'PATCH', body }),
    delete: <T>(path: string, init?: RequestOptions) => request<T>(path, { ...init, method: 'DELETE' }),
  };
}

async function toError(res: Response): Promise<ApiError> {
  let message = `Permintaan gagal (status ${res.status}).`;
  let code: string | undefined;
  let details: unknown;
  let body: unknown;
  try {
    const data = (await res.clone().json()) as Partial<ErrorResponse>;
    body = data;
    if (data.message) message = data.message;
    code = data.code;
    details = data.errors;
  } catch {
    // not JSON: keep the generic message
  }
  const retryAfter = Number(res.headers.get('retry-after') ?? '');
  return new ApiError(res.status, message, code, details, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined, body);
}

export const api = createApiClient();
export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Bearer tokens kept by the browser. The web app signs in with httpOnly cookies and normally
 * stores nothing here (the mobile hand-off passes a one-time code, never tokens: decision 008).
 * Keys follow the spec's "User session (stored locally): token, refreshToken, user".
 */
const TOKEN = 'token';
const REFRESH = 'refreshToken';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const tokenStore = {
  get token(): string | null {
    return storage()?.getItem(TOKEN) ?? null;
  },
  get refreshToken(): string | null {
    return storage()?.getItem(REFRESH) ?? null;
  },
  set(pair: { token?: string | null; refreshToken?: string | null }) {
    const s = storage();
    if (!s) return;
    if (pair.token) s.setItem(TOKEN, pair.token);
    if (pair.refreshToken) s.setItem(REFRESH, pair.refreshToken);
  },
  clear() {
    const s = storage();
    s?.removeItem(TOKEN);
    s?.removeItem(REFRESH);
    s?.removeItem('user');
  },
};

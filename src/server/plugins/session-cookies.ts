import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config';

export const ACCESS_COOKIE = 'derap_at';
export const REFRESH_COOKIE = 'derap_rt';
export const OIDC_COOKIE = 'derap_oidc';

const secure = (cfg: AppConfig) => cfg.publicUrl.startsWith('https://');

/** The web app keeps its tokens only in httpOnly cookies; the refresh cookie is sent only to /api/auth. */
export function setAuthCookies(reply: FastifyReply, cfg: AppConfig, pair: { token: string; refreshToken: string }): void {
  reply.setCookie(ACCESS_COOKIE, pair.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(cfg),
    path: '/',
    maxAge: cfg.accessTokenTtlSeconds,
  });
  reply.setCookie(REFRESH_COOKIE, pair.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(cfg),
    path: '/api/auth',
    maxAge: cfg.refreshTokenTtlDays * 86_400,
  });
}

export function clearAuthCookies(reply: FastifyReply, cfg: AppConfig): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/', secure: secure(cfg), sameSite: 'lax', httpOnly: true });
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth', secure: secure(cfg), sameSite: 'lax', httpOnly: true });
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Strava tokens at rest (decision 027): AES-256-GCM with STRAVA_TOKEN_KEY, a random 96-bit IV per
 * seal and the 128-bit tag, as 'v1.<iv>.<tag>.<ciphertext>' (base64url). The version names the
 * scheme so a later key rotation can tell old seals from new ones; a changed byte fails the tag.
 */

const VERSION = 'v1';
// Binds a seal to its use: a sealed Strava token cannot be replayed as some other sealed value.
const AAD = Buffer.from('derap:strava-token:v1');

export function sealToken(key: Uint8Array, plain: string): string {
  if (key.length !== 32) throw new Error('Strava token key must be 32 bytes');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain token; throws on a tampered, truncated or foreign seal, or the wrong key. */
export function openToken(key: Uint8Array, sealed: string): string {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) throw new Error('not a sealed Strava token');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(AAD);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

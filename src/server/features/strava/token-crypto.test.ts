import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openToken, sealToken } from './token-crypto';

const key = new Uint8Array(randomBytes(32));

describe('sealed Strava tokens (AES-256-GCM)', () => {
  it('round-trips, with a random IV: sealing twice gives two different strings', () => {
    const a = sealToken(key, 'strava-access-token-123');
    const b = sealToken(key, 'strava-access-token-123');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain('strava-access-token-123');
    expect(openToken(key, a)).toBe('strava-access-token-123');
    expect(openToken(key, b)).toBe('strava-access-token-123');
  });

  it('refuses a changed byte, the wrong key, another version or a malformed string', () => {
    const sealed = sealToken(key, 'refresh-token');
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openToken(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => openToken(new Uint8Array(randomBytes(32)), sealed)).toThrow();
    expect(() => openToken(key, sealed.replace(/^v1/, 'v2'))).toThrow(/not a sealed/);
    expect(() => openToken(key, 'plain-token')).toThrow(/not a sealed/);
    expect(() => sealToken(new Uint8Array(16), 'x')).toThrow(/32 bytes/);
  });
});

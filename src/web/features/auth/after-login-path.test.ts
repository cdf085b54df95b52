import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './login-page';

describe('afterLoginPath (/login?next=)', () => {
  it('returns to a path on this site, e.g. the coach page a buyer came from', () => {
    expect(afterLoginPath('/coaching/andi?paket=123')).toBe('/coaching/andi?paket=123');
  });

  it('never leaves the site and defaults to the dashboard', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(afterLoginPath(next), String(next)).toBe('/dashboard');
    }
  });
});

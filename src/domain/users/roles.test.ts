import { describe, expect, it } from 'vitest';
import { normaliseRole, normaliseSubscriptionStatus } from './roles';

describe('normaliseRole', () => {
  it.each([
    ['runner', 'runner'],
    ['Pelari', 'runner'],
    ['pelatih', 'coach'],
    ['COACH', 'coach'],
    ['penyelenggara', 'organizer'],
    [' organizer ', 'organizer'],
    ['admin', 'admin'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseRole(input)).toBe(expected);
  });

  it('rejects unknown roles', () => {
    expect(normaliseRole('superuser')).toBeNull();
    expect(normaliseRole('')).toBeNull();
    // Object.prototype's names are not roles (the fuzz found '__proto__' answering a 500).
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(normaliseRole(name)).toBeNull();
  });
});

describe('normaliseSubscriptionStatus', () => {
  it('reads the pass_due spelling as past_due', () => {
    expect(normaliseSubscriptionStatus('pass_due')).toBe('past_due');
  });
  it('falls back to none', () => {
    expect(normaliseSubscriptionStatus(undefined)).toBe('none');
    expect(normaliseSubscriptionStatus('bogus')).toBe('none');
    expect(normaliseSubscriptionStatus('active')).toBe('active');
  });
});

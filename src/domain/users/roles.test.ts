import { describe, expect, it } from 'vitest';
import { normaliseRole } from './roles';

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

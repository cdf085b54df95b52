import { describe, expect, it } from 'vitest';
import { validateDevLogin } from './dev-login-form';

describe('validateDevLogin', () => {
  it('accepts an email alone and drops blank optional fields', () => {
    expect(validateDevLogin({ email: '  rina@contoh.id ', name: '  ', role: '' })).toEqual({ ok: true, data: { email: 'rina@contoh.id' } });
  });

  it('keeps a name and a role', () => {
    const r = validateDevLogin({ email: 'a@contoh.id', name: ' Andi ', role: 'coach' });
    expect(r).toEqual({ ok: true, data: { email: 'a@contoh.id', name: 'Andi', role: 'coach' } });
  });

  it('explains a bad email in Indonesian', () => {
    expect(validateDevLogin({ email: 'bukan-email', name: '', role: '' })).toEqual({
      ok: false,
      errors: { email: 'Masukkan email yang valid!' },
    });
  });

  it('limits the name length', () => {
    const r = validateDevLogin({ email: 'a@contoh.id', name: 'x'.repeat(101), role: '' });
    expect(r.ok === false && r.errors.name).toBe('Nama maksimal 100 karakter.');
  });
});

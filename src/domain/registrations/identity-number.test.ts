import { describe, expect, it } from 'vitest';
import { identityHint, identityMessages, normalizeIdentityNo } from './identity-number';

describe('normalizeIdentityNo', () => {
  it.each<[string, string, string]>([
    ['KTP', '3174000000000001', '3174000000000001'],
    ['KTP', '3174 0000 0000 0001', '3174000000000001'],
    ['KTP', ' 3174-0000.0000-0001 ', '3174000000000001'],
    ['KTP', '３１７４０００００００００００１', '3174000000000001'],
    ['Passport', 'A1234567', 'A1234567'],
    ['Passport', 'a 1234567', 'A1234567'],
    ['Passport', '123456789', '123456789'],
    ['Passport', 'E12345678', 'E12345678'],
    ['Kartu Pelajar/Mahasiswa', ' A11.2019.12345 ', 'A11.2019.12345'],
    ['KTA/KITAS', '2C21JE1234-AB', '2C21JE1234-AB'],
  ])('%s %j → %j', (type, typed, stored) => {
    expect(normalizeIdentityNo(type, typed)).toEqual({ ok: true, identityNo: stored });
  });

  it.each<[string, string, string]>([
    ['KTP', '3174000000000', identityMessages.nikLength(13)],
    ['KTP', '31740000000000011', identityMessages.nikLength(17)],
    ['KTP', '317400000000000I', identityMessages.nikCharacters],
    ['KTP', 'A1234567', identityMessages.nikCharacters],
    ['Passport', 'A123/4567', identityMessages.passportCharacters],
    ['Passport', 'A1234', identityMessages.passportLength],
    ['Passport', 'A123456789012', identityMessages.passportLength],
  ])('%s %j → %s', (type, typed, message) => {
    expect(normalizeIdentityNo(type, typed)).toEqual({ ok: false, message });
  });

  it('says the NIK count in Indonesian', () => {
    expect(identityMessages.nikLength(13)).toBe('NIK harus 16 angka sesuai KTP (terisi 13 angka)');
  });

  it('leaves an empty number to the required rule', () => {
    expect(normalizeIdentityNo('KTP', '  ')).toEqual({ ok: true, identityNo: '' });
  });

  it('tells the runner how the number of the chosen type looks', () => {
    expect(identityHint('KTP')).toBe('NIK, 16 angka sesuai KTP.');
    expect(identityHint('Passport')).toMatch(/huruf dan angka/i);
    expect(identityHint('KTA/KITAS')).toBeUndefined();
  });
});

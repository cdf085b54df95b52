import { describe, expect, it } from 'vitest';
import { emailKey, identityKey } from './registration-identity';

describe('identityKey', () => {
  it.each([
    ['3174000000000001', '3174000000000001'],
    ['3174 0000 0000 0001', '3174000000000001'],
    [' 3174-0000.0000/0001 ', '3174000000000001'],
    ['a1234567', 'A1234567'],
    ['Ａ１２３４５６７', 'A1234567'],
  ])('%j → %j', (input, key) => expect(identityKey(input)).toBe(key));

  it('keeps different numbers apart', () => {
    expect(identityKey('3174000000000001')).not.toBe(identityKey('3174000000000002'));
  });

  it('gives punctuation-only entries one shared key', () => {
    expect(identityKey('---')).toBe('---');
    expect(identityKey(' --- ')).toBe('---');
  });
});

describe('emailKey', () => {
  it.each([
    ['Rina@Gmail.com', 'rina@gmail.com'],
    [' rina@gmail.com ', 'rina@gmail.com'],
    ['r.i.n.a@gmail.com', 'rina@gmail.com'],
    ['rina+lari2027@gmail.com', 'rina@gmail.com'],
    ['rina.w+1@googlemail.com', 'rinaw@gmail.com'],
    ['budi+x@yahoo.co.id', 'budi@yahoo.co.id'],
    ['budi.santoso@yahoo.co.id', 'budi.santoso@yahoo.co.id'],
  ])('%j → %j', (input, key) => expect(emailKey(input)).toBe(key));

  it('keeps different people apart', () => {
    expect(emailKey('rina@gmail.com')).not.toBe(emailKey('rina@yahoo.com'));
    expect(emailKey('budi.santoso@contoh.id')).not.toBe(emailKey('budisantoso@contoh.id'));
  });
});

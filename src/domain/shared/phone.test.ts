import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneMessages, phoneSearchTerm, whatsappUrl } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['081234567890', '+6281234567890'],
    ['0812-3456-7890', '+6281234567890'],
    ['0812 3456 7890', '+6281234567890'],
    ['62812 3456 7890', '+6281234567890'],
    ['+62 812-3456-7890', '+6281234567890'],
    ['+62 (812) 3456.7890', '+6281234567890'],
    ['+62 0812 3456 7890', '+6281234567890'],
    ['0062 812 3456 7890', '+6281234567890'],
    ['０８１２３４５６７８９０', '+6281234567890'],
    ['(021) 555-1234', '+62215551234'],
    ['+65 9123 4567', '+6591234567'],
    ['0065 9123 4567', '+6591234567'],
  ])('%j → %s', (typed, stored) => {
    expect(normalizePhone(typed)).toEqual({ ok: true, phone: stored });
  });

  it.each([
    ['0812-abc 345', 'characters'],
    ['0812345x', 'characters'],
    ['0812+3456', 'characters'],
    ['ext. 0812', 'characters'],
    ['812 3456 7890', 'start'],
    ['+0812 3456', 'start'],
    ['0812', 'short'],
    ['0812345', 'short'],
    ['', 'short'],
    ['0812 3456 7890 123', 'long'],
    ['+1 2345', 'short'],
    ['+1234567890123456', 'long'],
  ])('%j is refused: %s', (typed, problem) => {
    expect(normalizePhone(typed)).toEqual({ ok: false, problem });
  });

  it('names the field in its messages', () => {
    expect(phoneMessages('Nomor telepon').characters).toBe('Nomor telepon hanya boleh berisi angka, spasi, tanda hubung (-) dan tanda + di depan');
    expect(phoneMessages('Nomor kontak darurat').start).toBe('Nomor kontak darurat harus diawali 0, 62 atau +62 (misalnya 0812-3456-7890)');
  });
});

describe('reading stored numbers', () => {
  it('formats +62 numbers the Indonesian way and leaves others as stored', () => {
    expect(formatPhone('+6281234567890')).toBe('+62 812-3456-7890');
    expect(formatPhone('+62215551234')).toBe('+62 215-5512-34');
    expect(formatPhone('+6591234567')).toBe('+6591234567');
  });

  it('links WhatsApp by the digits', () => {
    expect(whatsappUrl('0812-3456-7890')).toBe('https://wa.me/6281234567890');
    expect(whatsappUrl('bukan nomor')).toBeNull();
  });

  it('turns a number-like search into the stored form, and leaves other searches alone', () => {
    expect(phoneSearchTerm('0812 3456')).toBe('+628123456');
    expect(phoneSearchTerm('62812')).toBe('+62812');
    expect(phoneSearchTerm('+62 812')).toBe('+62812');
    expect(phoneSearchTerm('3456-7890')).toBe('34567890');
    expect(phoneSearchTerm('081')).toBeNull();
    expect(phoneSearchTerm('Rina')).toBeNull();
    expect(phoneSearchTerm('REG-7K3Q')).toBeNull();
  });
});

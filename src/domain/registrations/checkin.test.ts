import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asRegistrationId, checkinMessages, checkinSyncBodySchema, deviceLabel, MAX_CHECKIN_BATCH, qrDigest, scanCandidates } from './checkin';

describe('offline desk rules', () => {
  it('the QR digest is the first 128 bits of SHA-256, base64url, and not the token', async () => {
    const token = 'q8Zt3n0VxQbYc1k2Lr9s-A';
    const expected = createHash('sha256').update(token).digest().subarray(0, 16).toString('base64url');
    expect(await qrDigest(token)).toBe(expected);
    expect(expected).toHaveLength(22);
    expect(await qrDigest(token)).not.toContain(token);
    expect(await qrDigest('Ñoman')).toBe(createHash('sha256').update('Ñoman', 'utf8').digest().subarray(0, 16).toString('base64url'));
  });

  it('a scanned link is tried whole and by its last segment; registration ids are normalised', () => {
    expect(scanCandidates('  abc  ')).toEqual(['abc']);
    expect(scanCandidates('https://derap.id/r/abc?x=TOKEN')).toEqual(['https://derap.id/r/abc?x=TOKEN', 'TOKEN']);
    expect(scanCandidates('')).toEqual([]);
    expect(asRegistrationId(' reg-7k3q9xpa ')).toBe('REG-7K3Q9XPA');
    expect(asRegistrationId('7k3q9xpa')).toBeNull();
  });

  it('the warning names the time in the event zone and the device', () => {
    const at = new Date('2027-05-21T02:05:00Z');
    expect(checkinMessages.alreadyCollected(at, { id: 'ABCD-EFGH', name: 'Meja 2' })).toBe('Racepack sudah diambil pada 21 Mei 2027 pukul 09.05 WIB (perangkat Meja 2).');
    expect(checkinMessages.alreadyCollected(at, { id: 'abcd-efgh' }, 'Asia/Makassar')).toBe('Racepack sudah diambil pada 21 Mei 2027 pukul 10.05 WITA (perangkat ABCD).');
    expect(deviceLabel(null)).toBe('pemindaian online');
  });

  it('a sync body holds 1 to 500 well-formed marks', () => {
    const mark = { registrationId: 'REG-1', scannedAt: '2027-05-21T02:05:00.000Z', deviceId: 'ABCD-EFGH' };
    expect(checkinSyncBodySchema.safeParse({ marks: [mark] }).success).toBe(true);
    expect(checkinSyncBodySchema.safeParse({ marks: Array(MAX_CHECKIN_BATCH).fill(mark) }).success).toBe(true);
    expect(checkinSyncBodySchema.safeParse({ marks: Array(MAX_CHECKIN_BATCH + 1).fill(mark) }).success).toBe(false);
    expect(checkinSyncBodySchema.safeParse({ marks: [{ ...mark, deviceId: 'a b' }] }).success).toBe(false);
    expect(checkinSyncBodySchema.safeParse({ marks: [{ ...mark, scannedAt: 'kemarin' }] }).success).toBe(false);
  });
});

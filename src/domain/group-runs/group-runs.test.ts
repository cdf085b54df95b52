import { describe, expect, it } from 'vitest';
import { groupRunBodySchema, groupRunInputSchema, groupRunPatchBodySchema, groupRunPatchSchema } from './contract';
import { cityKey, isJoinable, toWibInput, wibInputToIso, wibTime } from './group-runs';

const now = new Date('2026-11-24T00:00:00Z');
const base = { title: 'Easy Run', city: 'Bandung', meetingPoint: 'Gedung Sate', startsAt: '2026-11-28T05:30:00+07:00', distanceKm: 7.25, paceGroup: '7:00 /km', capacity: 10 };

describe('group runs (domain)', () => {
  it('folds a city for the filter', () => {
    expect(cityKey('  Kota   BANDUNG ')).toBe('kota bandung');
  });

  it('shows the WIB clock whatever the offset sent, and round-trips the form value', () => {
    expect(wibTime('2026-11-27T23:30:00Z')).toBe('06.30 WIB');
    expect(toWibInput('2026-11-27T23:30:00Z')).toBe('2026-11-28T06:30');
    expect(new Date(wibInputToIso('2026-11-28T06:30')).toISOString()).toBe('2026-11-27T23:30:00.000Z');
  });

  it('is joinable only while active, visible and not started', () => {
    expect(isJoinable({ status: 'aktif', startsAt: '2026-11-25T00:00:00Z' }, now)).toBe(true);
    expect(isJoinable({ status: 'dibatalkan', startsAt: '2026-11-25T00:00:00Z' }, now)).toBe(false);
    expect(isJoinable({ status: 'aktif', startsAt: '2026-11-23T00:00:00Z' }, now)).toBe(false);
    expect(isJoinable({ status: 'aktif', hidden: true, startsAt: '2026-11-25T00:00:00Z' }, now)).toBe(false);
  });

  it('accepts a run, rounds the distance, and needs an offset on startsAt', () => {
    const ok = groupRunInputSchema(now).parse(base);
    expect(ok).toMatchObject({ distanceKm: 7.3, mapUrl: null, description: '' });
    expect(groupRunInputSchema(now).safeParse({ ...base, startsAt: '2026-11-28T05:30:00' }).success).toBe(false);
    expect(groupRunInputSchema(now).safeParse({ ...base, startsAt: '2027-12-01T05:30:00+07:00' }).error?.issues[0]?.message).toBe('Group run paling lambat 1 tahun dari sekarang.');
  });

  it('publishes the clock-free half as the static body: the clock only adds its checks on startsAt', () => {
    const past = { ...base, startsAt: '2020-01-01T05:30:00+07:00' };
    expect(groupRunBodySchema.safeParse(past).success).toBe(true);
    expect(groupRunInputSchema(now).safeParse(past).error?.issues[0]?.path).toEqual(['startsAt']);
    expect(groupRunPatchBodySchema.safeParse({ startsAt: past.startsAt }).success).toBe(true);
    expect(groupRunPatchSchema(now).safeParse({ startsAt: past.startsAt }).success).toBe(false);
    // Everything else is refused alike, with the same first message.
    for (const body of [{}, { ...base, capacity: 1 }, { ...base, extra: true }, { ...base, startsAt: '2026-11-28T05:30:00' }]) {
      expect(groupRunBodySchema.safeParse(body).error?.issues[0]?.message).toBe(groupRunInputSchema(now).safeParse(body).error?.issues[0]?.message);
    }
  });
});

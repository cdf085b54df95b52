import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, forgetPaidRegistration, loadDraft, loadHeld, retryDelayMs, saveDraft, saveHeld } from './registration-draft';

describe('registration draft (sessionStorage) and retry delay', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads back only known fields of the right type, per event; a damaged entry gives the defaults', () => {
    const defaults = { fullName: '', agree: false };
    saveDraft('evt-1', { fullName: 'Putu', agree: true, injected: 'x' });
    expect(loadDraft('evt-1', defaults)).toEqual({ fullName: 'Putu', agree: true });
    expect(loadDraft('evt-2', defaults)).toEqual(defaults);
    sessionStorage.setItem('derap:registration-draft:evt-3', '{"fullName": 5, "agree": "yes"}');
    expect(loadDraft('evt-3', defaults)).toEqual(defaults);
    sessionStorage.setItem('derap:registration-draft:evt-4', 'not json');
    expect(loadDraft('evt-4', defaults)).toEqual(defaults);
    clearDraft('evt-1');
    expect(loadDraft('evt-1', defaults)).toEqual(defaults);
  });

  it('waits Retry-After (5 s without one), between 1 and 30 s, plus up to half again as jitter', () => {
    expect(retryDelayMs(3, () => 0)).toBe(3000);
    expect(retryDelayMs(3, () => 1)).toBe(4500);
    expect(retryDelayMs(undefined, () => 0)).toBe(5000);
    expect(retryDelayMs(0, () => 0)).toBe(1000);
    expect(retryDelayMs(3600, () => 0)).toBe(30_000);
  });
});

describe('the held registration (the way back to its payment)', () => {
  beforeEach(() => sessionStorage.clear());
  const held = { registrationId: 'REG-AAAAAAAAAA', paymentUrl: 'http://localhost/api/payments/sandbox/REG-AAAAAAAAAA-00', expiresAt: '2030-01-01T00:00:00.000Z' };

  it('is kept per event while its hold lasts, then dropped', () => {
    saveHeld('evt-1', held);
    expect(loadHeld('evt-1', Date.parse('2029-12-31T23:59:00Z'))).toEqual(held);
    expect(loadHeld('evt-2')).toBeNull();
    expect(loadHeld('evt-1', Date.parse('2030-01-01T00:00:00Z'))).toBeNull();
    expect(sessionStorage.getItem('derap:registration-held:evt-1')).toBeNull();
  });

  it('never hands back a payment address that is not http(s)', () => {
    saveHeld('evt-1', { ...held, paymentUrl: 'javascript:alert(1)' });
    expect(loadHeld('evt-1', 0)?.paymentUrl).toBeNull();
  });

  it('once paid, the draft and the held registration of its event are forgotten; other events keep theirs', () => {
    saveDraft('evt-1', { fullName: 'Putu', identityNo: '5171' });
    saveHeld('evt-1', held);
    saveDraft('evt-2', { fullName: 'Made' });
    saveHeld('evt-2', { ...held, registrationId: 'REG-BBBBBBBBBB' });
    forgetPaidRegistration('REG-AAAAAAAAAA');
    expect(loadDraft('evt-1', { fullName: '' })).toEqual({ fullName: '' });
    expect(loadHeld('evt-1', 0)).toBeNull();
    expect(loadDraft('evt-2', { fullName: '' })).toEqual({ fullName: 'Made' });
    expect(loadHeld('evt-2', 0)?.registrationId).toBe('REG-BBBBBBBBBB');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, retryDelayMs, saveDraft } from './registration-draft';

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

import { describe, expect, it } from 'vitest';
import { stravaMessages, stravaReturnReasons } from '../../../domain/strava/strava';
import { stravaReturn, stravaReturnMessages, withoutStravaReturn } from './strava-return';

describe('the Strava return flags', () => {
  it('reads connected in both spellings and every failure reason', () => {
    expect(stravaReturn('?strava=connected')).toBe('connected');
    expect(stravaReturn('?strava_connected=true')).toBe('connected');
    // The server's own names (domain/strava): what routes.ts writes is what this reads.
    for (const reason of stravaReturnReasons.filter((r) => r !== 'connected')) {
      expect(stravaReturn(`?view=pengaturan&strava=${reason}`)).toBe(reason);
    }
    // An unknown reason is still a failed link.
    expect(stravaReturn('?strava=zzz')).toBe('failed');
    expect(stravaReturn('?view=pengaturan')).toBeNull();
    expect(stravaReturn('')).toBeNull();
  });

  it("says each outcome with strava.ts's messages ('failed' → connectFailed)", () => {
    expect(stravaReturnMessages.connected).toBe(stravaMessages.connected);
    expect(stravaReturnMessages.scope).toBe(stravaMessages.scopeMissing);
    expect(stravaReturnMessages.taken).toBe(stravaMessages.athleteTaken);
    expect(stravaReturnMessages.invalid).toBe(stravaMessages.stateInvalid);
    expect(stravaReturnMessages.unconfigured).toBe(stravaMessages.notConfigured);
    expect(stravaReturnMessages.failed).toBe(stravaMessages.connectFailed);
  });

  it('takes the flag out of the address and keeps the rest (the view too)', () => {
    expect(withoutStravaReturn('?strava=connected')).toBe('');
    expect(withoutStravaReturn('?a=1&strava_connected=true')).toBe('?a=1');
    expect(withoutStravaReturn('?view=pengaturan&strava=denied')).toBe('?view=pengaturan');
  });
});

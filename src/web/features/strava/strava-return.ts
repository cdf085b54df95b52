/**
 * Back from Strava's consent page: the server sends the browser to `/dashboard?strava=connected`,
 * or to `/dashboard?view=pengaturan&strava=<reason>` when the link was not made. The older mobile
 * flag `?strava_connected=true` means connected too.
 */
import { stravaMessages, stravaReturnReasons, type StravaReturn } from '../../../domain/strava/strava';

export type { StravaReturn };

/** What the address says about the round trip, or null when it is not a return from Strava. */
export function stravaReturn(search: string): StravaReturn | null {
  const params = new URLSearchParams(search);
  if (params.get('strava_connected') === 'true') return 'connected';
  const value = params.get('strava');
  if (value === null) return null;
  // An unknown reason is still a failed link: say so rather than nothing.
  return (stravaReturnReasons as readonly string[]).includes(value) ? (value as StravaReturn) : 'failed';
}

/** The message each outcome shows (strava.ts, verbatim). */
export const stravaReturnMessages: Record<StravaReturn, string> = {
  connected: stravaMessages.connected,
  denied: stravaMessages.denied,
  scope: stravaMessages.scopeMissing,
  taken: stravaMessages.athleteTaken,
  invalid: stravaMessages.stateInvalid,
  unconfigured: stravaMessages.notConfigured,
  failed: stravaMessages.connectFailed,
};

/** The search string without the Strava flags ('' or '?a=b'); `view` stays, so Pengaturan stays open. */
export function withoutStravaReturn(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('strava');
  params.delete('strava_connected');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

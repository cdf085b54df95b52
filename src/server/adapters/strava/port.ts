/**
 * Strava's HTTP API as Derap uses it (issue 15). The real adapter (http.ts) speaks to
 * STRAVA_API_URL — https://www.strava.com in production, the fake server
 * (testing/fake-strava.ts) in tests and in the browser journey — and is the only code that knows
 * Strava's wire shapes. Every call is counted against the shared budget before it is made.
 */

export interface StravaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export interface StravaGrant extends StravaTokens {
  athleteId: string;
  athleteName: string;
  /** The scopes the athlete granted (Strava returns them on the callback as `scope`). */
  scope: string;
}

/** A summary or detailed activity, in the units Derap stores. */
export interface StravaActivity {
  id: string;
  athleteId: string;
  name: string;
  /** e.g. 'Run', 'TrailRun', 'Ride' (isRunSport decides). */
  sportType: string;
  startedAt: Date;
  distanceM: number;
  movingTimeS: number;
  averageHeartrate: number | null;
}

/** Strava answered 429, or the shared budget is spent: try again at `retryAt`. */
export class StravaRateLimited extends Error {
  constructor(readonly retryAt: Date) {
    super(`Strava rate limit: retry at ${retryAt.toISOString()}`);
  }
}

/** The token is no longer valid (revoked at Strava): the link is gone. */
export class StravaUnauthorized extends Error {}

export interface StravaApiPort {
  /** The consent page address a runner is sent to. */
  authorizeUrl(opts: { redirectUri: string; state: string; scope: string }): string;
  exchangeCode(code: string): Promise<StravaGrant>;
  refresh(refreshToken: string): Promise<StravaTokens>;
  deauthorize(accessToken: string): Promise<void>;
  /** GET /athlete/activities, one page. */
  listActivities(accessToken: string, opts: { after: Date; page: number; perPage: number }): Promise<StravaActivity[]>;
  /** GET /activities/{id}; null when Strava says it does not exist (deleted, or private to another). */
  getActivity(accessToken: string, id: string): Promise<StravaActivity | null>;
}

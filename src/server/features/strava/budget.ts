import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { StravaRateLimited, type StravaApiPort } from '../../adapters/strava/port';
import { dayEnd, parsePair, quarterEnd, windowKeys, type RateLimits } from '../../adapters/strava/rate-windows';

/**
 * The Strava request budget every server shares (issue 15 §3, decision 027), in `strava_api_budget`:
 * one row per UTC quarter hour and one per UTC day, as Strava counts. Before each call `take`
 * raises both rows in one conditional statement that holds their row locks, so two servers cannot
 * both take the last request; past a limit it refuses with the window's end. `observe` raises our
 * counts to Strava's own (X-RateLimit-Usage, X-ReadRateLimit-Usage) when Strava counted more
 * (another instance of the app, a restart); a 429 stops every call until `limitedUntil`.
 */

export type StravaCallKind = 'read' | 'write';

export interface StravaBudget {
  /** Counts one call, or throws StravaRateLimited(the end of the spent window). */
  take(kind: StravaCallKind, now?: Date): Promise<void>;
  /** Raises our counts to the usage Strava reported in an answer's headers. */
  observe(headers: Headers | { get(name: string): string | null }, now?: Date): Promise<void>;
  /** Strava answered 429: no call before `retryAt`. */
  limited(retryAt: Date, now?: Date): Promise<void>;
}

type Row = { window: string; overall: number; reads: number; limited_until: string | Date | null };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createStravaBudget(db: Db, limits: RateLimits): StravaBudget {
  let prunedAt = 0;

  /** Rows of windows that ended two days ago serve no one: drop them now and then. */
  async function prune(now: Date) {
    if (now.getTime() - prunedAt < 60 * 60 * 1000) return;
    prunedAt = now.getTime();
    await db.execute(sql`delete from strava_api_budget where updated_at < ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz`);
  }

  async function take(kind: StravaCallKind, now = new Date()) {
    const { quarter, day } = windowKeys(now);
    const read = kind === 'read' ? 1 : 0;
    const at = now.toISOString();
    await prune(now);
    // The rows must exist for the statement below to lock them.
    await db.execute(sql`insert into strava_api_budget ("window") values (${quarter}), (${day}) on conflict ("window") do nothing`);
    // One statement: lock both windows (in key order, so two servers never deadlock), check every
    // limit on the latest counts, and raise both or neither.
    const raised = rowsOf<{ window: string }>(
      await db.execute(sql`
        with locked as (
          select "window", overall, reads, limited_until from strava_api_budget
          where "window" in (${quarter}, ${day}) order by "window" for update
        ), ok as (
          select 1 from locked having
            coalesce(max(overall) filter (where "window" = ${quarter}), 0) + 1 <= ${limits.overall15}
            and coalesce(max(overall) filter (where "window" = ${day}), 0) + 1 <= ${limits.overallDaily}
            and coalesce(max(reads) filter (where "window" = ${quarter}), 0) + ${read} <= ${limits.read15}
            and coalesce(max(reads) filter (where "window" = ${day}), 0) + ${read} <= ${limits.readDaily}
            and not coalesce(bool_or(limited_until > ${at}::timestamptz), false)
        )
        update strava_api_budget set overall = overall + 1, reads = reads + ${read}, updated_at = ${at}::timestamptz
        where "window" in (${quarter}, ${day}) and exists (select 1 from ok)
        returning "window"`),
    );
    if (raised.length === 2) return;
    throw new StravaRateLimited(await retryAt(kind, now));
  }

  /** Why a take was refused, as the time it may be tried again. */
  async function retryAt(kind: StravaCallKind, now: Date): Promise<Date> {
    const { quarter, day } = windowKeys(now);
    const rows = rowsOf<Row>(await db.execute(sql`select "window", overall, reads, limited_until from strava_api_budget where "window" in (${quarter}, ${day})`));
    const q = rows.find((r) => r.window === quarter);
    const d = rows.find((r) => r.window === day);
    const until = d?.limited_until ? new Date(d.limited_until) : null;
    const candidates: Date[] = [];
    if (until && until > now) candidates.push(until);
    if (d && (d.overall >= limits.overallDaily || (kind === 'read' && d.reads >= limits.readDaily))) candidates.push(dayEnd(now));
    if (q && (q.overall >= limits.overall15 || (kind === 'read' && q.reads >= limits.read15))) candidates.push(quarterEnd(now));
    // The latest of them: waiting for the quarter is pointless while the day is spent.
    return candidates.length ? new Date(Math.max(...candidates.map((c) => c.getTime()))) : quarterEnd(now);
  }

  async function observe(headers: { get(name: string): string | null }, now = new Date()) {
    const overall = parsePair(headers.get('x-ratelimit-usage'));
    const reads = parsePair(headers.get('x-readratelimit-usage'));
    if (!overall && !reads) return;
    const { quarter, day } = windowKeys(now);
    const at = now.toISOString();
    await db.execute(sql`
      insert into strava_api_budget ("window", overall, reads, updated_at)
      values (${quarter}, ${overall?.[0] ?? 0}, ${reads?.[0] ?? 0}, ${at}::timestamptz), (${day}, ${overall?.[1] ?? 0}, ${reads?.[1] ?? 0}, ${at}::timestamptz)
      on conflict ("window") do update set
        overall = greatest(strava_api_budget.overall, excluded.overall),
        reads = greatest(strava_api_budget.reads, excluded.reads),
        updated_at = excluded.updated_at`);
  }

  async function limited(until: Date, now = new Date()) {
    // Kept on the day's row, which every take of the day locks; a new day starts unlimited, as at Strava.
    const { day } = windowKeys(now);
    const u = until.toISOString();
    await db.execute(sql`
      insert into strava_api_budget ("window", limited_until, updated_at) values (${day}, ${u}::timestamptz, ${now.toISOString()}::timestamptz)
      on conflict ("window") do update set
        limited_until = greatest(coalesce(strava_api_budget.limited_until, excluded.limited_until), excluded.limited_until),
        updated_at = excluded.updated_at`);
  }

  return { take, observe, limited };
}

/**
 * The port every feature uses: each API call takes budget first (reads: the activity list and an
 * activity; writes: token exchange, refresh, deauthorize); a 429 from Strava stops every server
 * until its window ends.
 */
export function createBudgetedStrava(port: StravaApiPort, budget: StravaBudget, now: () => Date = () => new Date()): StravaApiPort {
  async function guarded<T>(kind: StravaCallKind, call: () => Promise<T>): Promise<T> {
    await budget.take(kind, now());
    try {
      return await call();
    } catch (err) {
      if (err instanceof StravaRateLimited) await budget.limited(err.retryAt, now());
      throw err;
    }
  }
  return {
    authorizeUrl: (opts) => port.authorizeUrl(opts),
    exchangeCode: (code) => guarded('write', () => port.exchangeCode(code)),
    refresh: (token) => guarded('write', () => port.refresh(token)),
    deauthorize: (token) => guarded('write', () => port.deauthorize(token)),
    listActivities: (token, opts) => guarded('read', () => port.listActivities(token, opts)),
    getActivity: (token, id) => guarded('read', () => port.getActivity(token, id)),
  };
}

/**
 * One runner's fair share of a quarter hour's reads (issue 26 §7): a tenth of the window, so one
 * athlete (or a flood of forged events naming them) never spends what the others need — at least
 * ten runners are served in every window. Kept in `strava_api_budget` beside the shared rows (key
 * `<quarter>|<user>`, pruned with them), so every server counts the same share. Taken before the
 * shared budget; refused, it throws StravaRateLimited(the quarter's end).
 */
export const athleteReadShare = (limits: RateLimits) => Math.max(1, Math.floor(limits.read15 / 10));

export async function takeAthleteShare(db: Db, userId: string, limits: RateLimits, now = new Date()): Promise<void> {
  const key = `${windowKeys(now).quarter}|${userId}`;
  const at = now.toISOString();
  const taken = rowsOf<{ reads: number }>(
    await db.execute(sql`
      insert into strava_api_budget ("window", reads, updated_at) values (${key}, 1, ${at}::timestamptz)
      on conflict ("window") do update set reads = strava_api_budget.reads + 1, updated_at = excluded.updated_at
      where strava_api_budget.reads < ${athleteReadShare(limits)}
      returning reads`),
  );
  if (taken.length === 0) throw new StravaRateLimited(quarterEnd(now));
}

import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { cacheVersions } from '../db/schema/infra';
import { ACCESS_COOKIE } from './session-cookies';

/**
 * Every public, anonymous read (the accepted events, an event's registration page, the running calendar) served
 * from memory (decision 015). A body is reused while
 *  - the shared version (`cache_versions.public-events`, changed by triggers in the same
 *    transaction as any event edit, moderation, or a category becoming full or not full) is the one
 *    it was built under; every server re-reads that version at most every `pollMs`, so a change on
 *    one server is seen by the others within that time;
 *  - and it is younger than `ttlMs`, which bounds how stale the slot counts shown may be.
 * A change made through this server drops its bodies at once (`changedHere`). Whether a category
 * still has room is decided by the registration transaction, never by this cache.
 */
export const PUBLIC_EVENTS_VERSION = 'public-events';

export interface CachedBody {
  body: string;
  etag: string;
}

interface Entry {
  value: unknown;
  version: string | null;
  storedAt: number;
}

export interface PublicReadCacheOptions {
  /** How long a body may be served (and what `s-maxage` says); 0 turns the cache off. */
  ttlMs: number;
  /** How often the shared version is re-read. */
  pollMs: number;
  maxEntries?: number;
}

/** Seconds a browser may keep a public answer at least (see sendCached). */
const BROWSER_MIN_MAX_AGE = 5;

export const defaultPublicReadCacheOptions: PublicReadCacheOptions = { ttlMs: 2000, pollMs: 500, maxEntries: 1000 };

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Changes the shared version inside the caller's transaction (for changes the triggers do not see). */
export async function bumpPublicEventsVersion(tx: Db): Promise<void> {
  await tx.execute(sql`select derap_bump_cache_version(${PUBLIC_EVENTS_VERSION})`);
}

export class PublicReadCache {
  private known: string | null | undefined = undefined;
  private checkedAt = 0;
  private checking: Promise<string | null> | null = null;
  /** Changes on every local invalidation: a load started before it must not be stored after it. */
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  /**
   * Lookups since start (read by the metrics at scrape time): a hit is answered from memory or by a
   * load another request already started; a miss starts a load from the database.
   */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Db,
    readonly options: PublicReadCacheOptions = defaultPublicReadCacheOptions,
  ) {}

  /** The shared version, read from the database at most every `pollMs` (one query in flight at a time). */
  async version(): Promise<string | null> {
    if (this.known !== undefined && Date.now() - this.checkedAt < this.options.pollMs) return this.known;
    if (!this.checking) {
      const generation = this.generation;
      const started = Date.now();
      this.checking = this.db
        .select({ version: cacheVersions.version })
        .from(cacheVersions)
        .where(eq(cacheVersions.name, PUBLIC_EVENTS_VERSION))
        .then(([row]) => {
          const version = row?.version ?? null;
          if (generation === this.generation) {
            if (version !== this.known) this.entries.clear();
            this.known = version;
            this.checkedAt = started;
          }
          return version;
        })
        .finally(() => {
          this.checking = null;
        });
    }
    return this.checking;
  }

  /** A change committed through this server: forget every body and re-read the version on the next request. */
  changedHere(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    this.checking = null;
    this.known = undefined;
  }

  /** The cached body for `key`, or a fresh one from `load` (null: nothing to cache, e.g. not public). */
  async get(key: string, load: () => Promise<unknown | null>): Promise<CachedBody | null> {
    return this.cached(`body:${key}`, async () => {
      const value = await load();
      if (value === null) return null;
      const body = JSON.stringify(value);
      return { body, etag: etagOf(body) };
    });
  }

  /**
   * A value under the same version and TTL, shared by every request (callers must not mutate it):
   * e.g. the event rows a registration starts from. Null from `load` is not cached.
   */
  async getValue<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    return this.cached(`value:${key}`, load);
  }

  private async cached<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const version = await this.version();
    const entry = this.entries.get(key);
    if (entry && entry.version === version && Date.now() - entry.storedAt < this.options.ttlMs) {
      this.lookups.hits++;
      return entry.value as T;
    }
    const loadKey = `${key}\u0000${version}`;
    let pending = this.loading.get(loadKey) as Promise<T | null> | undefined;
    if (pending) this.lookups.hits++;
    else {
      this.lookups.misses++;
      const generation = this.generation;
      const started = Date.now();
      const loading: Promise<T | null> = load()
        .then((value) => {
          if (value !== null && generation === this.generation && this.options.ttlMs > 0) {
            if (this.entries.size >= (this.options.maxEntries ?? 1000)) this.entries.clear();
            // Aged from when the load began: what it read can be no younger than that.
            this.entries.set(key, { value, version, storedAt: started });
          }
          return value;
        })
        .finally(() => {
          if (this.loading.get(loadKey) === loading) this.loading.delete(loadKey);
        });
      pending = loading;
      this.loading.set(loadKey, pending);
    }
    return pending;
  }
}

const caches = new WeakMap<Db, PublicReadCache>();

/** The one cache of a database handle (one per app; two apps on one database each have their own). */
export function publicReadCacheFor(db: Db, options?: PublicReadCacheOptions): PublicReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PublicReadCache(db, options);
    caches.set(db, cache);
  }
  return cache;
}

/** The cache of a database handle if a feature made one (the metrics read it without creating it). */
export function existingPublicReadCache(db: Db): PublicReadCache | undefined {
  return caches.get(db);
}

/** Whether the request carries a credential (cookie or bearer token), valid or not. */
export function hasCredential(request: FastifyRequest): boolean {
  return request.auth !== null || !!request.headers.authorization || !!request.cookies?.[ACCESS_COOKIE];
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a cached JSON body. Anonymous: `Cache-Control: public` with a short `s-maxage` a CDN may
 * honour, an ETag, and 304 when the client already has it. With a credential: `private, no-store`
 * (what one signed-in person sees is never stored for another).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody, options: PublicReadCacheOptions) {
  reply.header('etag', cached.etag);
  if (hasCredential(request)) {
    reply.header('cache-control', 'private, no-store');
  } else {
    const seconds = Math.round(options.ttlMs / 1000);
    // A browser may keep it a few seconds: that is what lets a page's `<link rel=preload as=fetch>`
    // be used by its fetch (Chrome refetches a preload gone stale before the page's code asked for
    // it, e.g. on a slow phone). Our web client revalidates every other GET (api/client.ts), so what
    // a page shows after that still follows the TTL.
    reply.header('cache-control', seconds > 0 ? `public, max-age=${Math.max(seconds, BROWSER_MIN_MAX_AGE)}, s-maxage=${seconds}, stale-while-revalidate=${seconds * 2}` : 'public, no-cache');
    if (matches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  }
  // A string with a JSON type is sent as it is: the response schema's serialiser is not run again.
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

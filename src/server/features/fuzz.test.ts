import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData, demoUsers } from '../seed/seed';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';

/**
 * Fuzzes every operation of the OpenAPI document with malformed requests, as every kind of caller,
 * against the demo data: no answer may be a 5xx, every JSON answer must be whole JSON and every CSV
 * must end with its line break (a stream cut half-way after its 200 is a failure too). New routes
 * are fuzzed automatically. Deterministic: a fixed seed, so a failure reproduces.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: Schema }[];
  body: Schema | null;
}

/** mulberry32: small, seeded, good enough to pick cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

function nested(depth: number): unknown {
  let v: unknown = 'dalam';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Values no contract accepts in most places, and a few that are valid in surprising places. */
const nasty: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'x'.repeat(5000),
  'a\u0000b',
  '\u0000',
  '\ud800',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '🏃‍♀️'.repeat(40),
  '٣٤',
  '31-02-2026',
  '00-00-0000',
  '99-99-9999',
  '2026-02-30',
  '01-01-0001',
  '01-01-9999',
  '1e9',
  'NaN',
  '-0',
  '../../etc/passwd',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '__proto__',
  [],
  {},
  [null],
  [[]],
  [{}],
  ['a', 1, null],
  { __proto__x: 1 },
  nested(12),
  Array.from({ length: 3000 }, (_, i) => i),
];

interface Context {
  eventIds: string[];
  eventCodes: string[];
  categoryIds: string[];
  registrationIds: string[];
  runIds: string[];
  planIds: string[];
  userIds: string[];
  orderRefs: string[];
  /** Coaching and the calendar (issues 14, 16): the demo coach's runners, coaches, slots, links, packages, calendar entries. */
  runnerIds: string[];
  coachIds: string[];
  connectionIds: string[];
  invitationIds: string[];
  uniquelinks: string[];
  packageIds: string[];
  calendarIds: string[];
  groupRunIds: string[];
}

function pickId(name: string, ctx: Context, rng: Rng): string {
  const n = name.toLowerCase();
  const candidates =
    n.includes('registration') ? ctx.registrationIds
    : n === 'runnerid' ? ctx.runnerIds
    : n === 'coachid' || n === 'userid' ? [...ctx.coachIds, ...ctx.userIds]
    : n === 'connectionid' ? ctx.connectionIds
    : n === 'uniquelink' ? ctx.uniquelinks
    : n === 'package_id' ? ctx.packageIds
    : n.includes('run') ? ctx.runIds
    : n.includes('plan') ? ctx.planIds
    : n === 'code' || n.includes('event') ? [...ctx.eventCodes, ...ctx.eventIds]
    : n.includes('category') ? ctx.categoryIds
    : n === 'ref' ? ctx.orderRefs
    : n === 'id' ? [...ctx.userIds, ...ctx.eventIds, ...ctx.packageIds, ...ctx.calendarIds, ...ctx.connectionIds, ...ctx.groupRunIds]
    : [];
  return candidates.length && rng.chance(0.8) ? rng.pick(candidates) : '00000000-0000-4000-8000-000000000000';
}

/** An `{id}` in a path: the kind of row the path is about (a group run's id for /group-runs/{id}, ...). */
function pickPathId(path: string, ctx: Context, rng: Rng): string {
  const candidates =
    path.includes('/group-runs/') ? ctx.groupRunIds
    : path.includes('/eventcalendar/') ? ctx.calendarIds
    : path.includes('/coach/package/') ? ctx.packageIds
    : path.includes('/coach/connection/') ? ctx.connectionIds
    : path.includes('/coach-invitations/') ? ctx.invitationIds
    : path.includes('/events/') ? ctx.eventIds
    : path.includes('/users/') ? ctx.userIds
    : [];
  return candidates.length && rng.chance(0.8) ? rng.pick(candidates) : pickId('id', ctx, rng);
}

/** A plausible value for a field: named hints first (real ids, dates), then the schema. */
function plausible(schema: Schema | undefined, name: string, ctx: Context, rng: Rng, depth = 0): unknown {
  if (!schema || depth > 8) return 'x';
  const n = name.toLowerCase();
  if (schema.const !== undefined) return schema.const;
  // Parts whose contract the OpenAPI document cannot show (validated by a pipe): a known-good value.
  if (n === 'categories') return [{ name: `Kategori ${rng.int(99)}`, description: 'Lomba', price: 150_000, slots: 100, earlyBird: false }];
  if (schema.enum?.length) return rng.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return plausible(rng.pick(variants.filter((v) => v.type !== 'null')) ?? variants[0], name, ctx, rng, depth + 1);
  if (schema.allOf?.length) return plausible(schema.allOf[0], name, ctx, rng, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.chance(0.6)) out[key] = plausible(sub, key, ctx, rng, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + rng.int(2) }, () => plausible(schema.items, name, ctx, rng, depth + 1));
    case 'integer':
    case 'number': {
      if (n === 'price') return 150_000;
      if (n === 'slots') return 100;
      const lo = schema.minimum ?? 0;
      const hi = schema.maximum ?? lo + 100;
      return Math.floor(lo + rng.next() * Math.min(hi - lo, 1000));
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string':
    default: {
      if (schema.format === 'uuid' || n.endsWith('id') || n === 'code' || n === 'ref') return pickId(name, ctx, rng);
      if (schema.format === 'email' || n.includes('email')) return rng.pick(['pelari@contoh.id', 'rina.wulandari@derap.id']);
      if (n === 'dob') return '17-08-1990';
      if (['date', 'from', 'to', 'start', 'end'].includes(n)) return rng.pick(['01-12-2026', '15-01-2027', '2026-12-01']);
      const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
      if (n === 'regopen') return inDays(1);
      if (n === 'regclose') return inDays(30);
      if (n === 'eventdate') return inDays(45);
      if (n === 'earlybirdenddate') return inDays(10);
      if (n.includes('date') || n.endsWith('at')) return inDays(rng.int(60));
      if (n.includes('image')) return rng.pick(['/api/files/contoh.png', 'https://contoh.id/a.png']);
      if (n.includes('phone') || n.includes('contact')) return '081234567890';
      if (n.includes('pace')) return rng.pick(['05:30-06:00', '5:30', '06:00/km']);
      if (schema.pattern && /\[0-9\]/.test(schema.pattern)) return '081234567890';
      const min = schema.minLength ?? 1;
      return 'Derap'.padEnd(Math.max(min, 5), 'a').slice(0, schema.maxLength ?? 40);
    }
  }
}

/** Replaces one leaf (or the root) of `value` with a nasty one, or drops a key, or adds one. */
function mutate(value: unknown, rng: Rng): unknown {
  if (value === null || typeof value !== 'object' || rng.chance(0.15)) return rng.pick(nasty);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (!keys.length) return rng.pick(nasty);
  const key = rng.pick(keys);
  const roll = rng.next();
  if (roll < 0.15 && !Array.isArray(copy)) delete copy[key];
  else if (roll < 0.25 && !Array.isArray(copy)) copy[`extra_${rng.int(99)}`] = rng.pick(nasty);
  else (copy as Record<string, unknown>)[key] = mutate((copy as Record<string, unknown>)[key], rng);
  return copy;
}

const misfits: unknown[] = [null, [null], {}, [], 7, 'x', true, [7], ['x'], [{}], [[null]], { a: null }];

/** Every copy of `body` with one field (or one field of a nested object / first list item) replaced by a misfit. */
function* sweep(body: Record<string, unknown>): Generator<unknown> {
  for (const [key, value] of Object.entries(body)) {
    for (const m of misfits) yield { ...body, [key]: m };
    const inner = Array.isArray(value) ? value[0] : value;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const innerKey of Object.keys(inner)) {
        for (const m of misfits) {
          const changed = { ...(inner as Record<string, unknown>), [innerKey]: m };
          yield { ...body, [key]: Array.isArray(value) ? [changed, ...value.slice(1)] : changed };
        }
      }
    }
  }
}

const rawBodies: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"teks"' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"admin":true}}}' },
  { contentType: 'application/json', payload: '['.repeat(20_000) + ']'.repeat(20_000) },
  { contentType: 'application/json', payload: JSON.stringify(nested(200)) },
  { contentType: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(40_000) }) },
  { contentType: 'application/json', payload: '{"a":"\\u0000"}' },
  { contentType: 'text/plain', payload: 'halo' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { contentType: 'multipart/form-data', payload: 'tanpa batas' },
  { contentType: 'application/xml', payload: '<a/>' },
];

const pathNasties = ['abc', '..', '%2e%2e%2f', 'a'.repeat(600), '%00', '%E0%A4%A', '0', '-1', '%20', 'null', 'REG-AAAAAAAAAA'];

function buildUrl(op: Operation, ctx: Context, rng: Rng, malformed: boolean): string {
  let url = op.path;
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const value = malformed && rng.chance(0.5) ? rng.pick(pathNasties) : encodeURIComponent(p.name === 'id' ? pickPathId(op.path, ctx, rng) : pickId(p.name, ctx, rng));
    url = url.replace(`{${p.name}}`, value);
  }
  const query = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (malformed && rng.chance(0.3)) continue;
    const v = malformed && rng.chance(0.5) ? rng.pick(nasty) : plausible(p.schema, p.name, ctx, rng);
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    query.append(p.name, text ?? '');
    if (malformed && rng.chance(0.1)) query.append(p.name, text ?? ''); // repeated → an array
  }
  if (malformed && rng.chance(0.2)) query.append(`x${rng.int(9)}`, String(rng.pick(nasty)));
  const q = query.toString();
  return q ? `${url}?${q}` : url;
}

function operations(doc: { paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema?: Schema }> } }>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

/** A 4xx from the service itself (slot full, closed, not found …): the request got past the schema and the role check. */
function pastValidation(body: string): boolean {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' && !['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST', 'INVALID_CHARACTERS', 'JSON_TOO_DEEP'].includes(code) && !code.startsWith('FST_');
  } catch {
    return false;
  }
}

function checkResponse(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('application/json') && res.body.length) {
    try {
      JSON.parse(res.body);
    } catch {
      return `cut JSON (${res.body.length} bytes): …${res.body.slice(-80)}`;
    }
  }
  if (type.includes('text/csv') && res.statusCode === 200 && !res.body.endsWith('\r\n')) return `cut CSV: …${res.body.slice(-80)}`;
  return null;
}

describe('fuzzing every API operation from its OpenAPI schema', () => {
  let t: TestApp;
  let ops: Operation[];
  let ctx: Context;
  const errorLogs: string[] = [];
  const actorEmails = {
    runner: 'rina.wulandari@derap.id',
    coach: 'andi.pratama@derap.id',
    organizer: 'siti.rahmawati@derap.id',
    admin: 'dewi.lestari@derap.id',
  } as const;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { REGISTRATION_RATE_LIMIT_PER_MINUTE: '1000000', REGISTRATION_CHALLENGE: 'false' },
      // Errors the server logs (a schema that threw, an unhandled error) count even when the answer was a 4xx.
      deps: { logger: { level: 'error', stream: { write: (line: string) => errorLogs.push(line) } } },
    });
    await seedDemoData(t.database.db);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    ops = operations(doc);
    const col = async (query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute<{ v: string }>(query)) as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
    ctx = {
      eventIds: await col(sql`select id::text as v from events`),
      eventCodes: await col(sql`select code as v from events`),
      categoryIds: await col(sql`select category_id as v from event_categories`),
      registrationIds: await col(sql`select registration_id as v from runner_registrations limit 20`),
      runIds: await col(sql`select id::text as v from training_runs limit 20`),
      planIds: await col(sql`select id::text as v from training_plans`),
      userIds: await col(sql`select id::text as v from users`),
      orderRefs: await col(sql`select gateway_ref as v from orders limit 10`),
      runnerIds: await col(sql`select runner_id::text as v from coach_connections where runner_id is not null`),
      coachIds: await col(sql`select id::text as v from users where role = 'coach'`),
      connectionIds: await col(sql`select id::text as v from coach_connections`),
      invitationIds: await col(sql`select id::text as v from coach_invitations`),
      uniquelinks: await col(sql`select uniquelink as v from coach_profiles`),
      packageIds: await col(sql`select id::text as v from coach_packages`),
      calendarIds: await col(sql`select id::text as v from calendar_events`),
      groupRunIds: await col(sql`select id::text as v from group_runs`),
    };
  });
  afterAll(() => t?.close());

  it('answers thousands of malformed requests without a 5xx or a cut response', { timeout: 600_000 }, async () => {
    const rng = prng(Number(process.env.FUZZ_SEED ?? 20261123));
    const failures: string[] = [];
    let sent = 0;
    const reached = new Set<string>();
    for (const op of ops) {
      // Fresh sessions and roles per operation: a fuzzed logout or role change must not blind the rest.
      for (const u of demoUsers) await t.database.db.execute(sql`update users set role = ${u.role} where email = ${u.email}`);
      const actors: { name: string; headers: Record<string, string> }[] = [{ name: 'anonymous', headers: {} }];
      for (const [name, email] of Object.entries(actorEmails)) {
        const { headers } = await t.login(email, name as keyof typeof actorEmails);
        actors.push({ name, headers });
      }
      // Systematic sweep: each field (one level into objects and arrays) replaced by each structural
      // misfit, sent by a caller the route lets in (random mutation rarely reaches `[null]` in a list).
      if (op.body && op.method !== 'GET') {
        const base = plausible(op.body, 'body', ctx, rng) as Record<string, unknown>;
        let allowed: (typeof actors)[number] | undefined;
        for (const actor of actors) {
          const probe = await t.app.inject({ method: op.method, url: buildUrl(op, ctx, rng, false), headers: { ...actor.headers, 'content-type': 'application/json' }, payload: JSON.stringify(base) });
          if (probe.statusCode !== 401 && probe.statusCode !== 403) {
            allowed = actor;
            break;
          }
        }
        if (allowed && base && typeof base === 'object') {
          for (const variant of sweep(base)) {
            const url = buildUrl(op, ctx, rng, false);
            const payload = JSON.stringify(variant);
            const res = await t.app.inject({ method: op.method, url, headers: { ...allowed.headers, 'content-type': 'application/json' }, payload });
            sent++;
            const problem = checkResponse(res);
            if (problem) failures.push(`${allowed.name} ${op.method} ${url.slice(0, 120)} ${payload.slice(0, 160)} → ${problem}`);
          }
        }
      }
      for (const actor of actors) {
        for (let i = 0; i < 14; i++) {
          const malformed = i > 1; // the first two are plausible, to reach the code behind validation
          const url = buildUrl(op, ctx, rng, malformed);
          const headers: Record<string, string> = { ...actor.headers };
          let payload: string | undefined;
          if (op.method !== 'GET') {
            if (malformed && rng.chance(0.25)) {
              const raw = rng.pick(rawBodies);
              headers['content-type'] = raw.contentType;
              payload = raw.payload;
            } else {
              const valid = op.body ? plausible(op.body, 'body', ctx, rng) : {};
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(malformed ? mutate(valid, rng) : valid);
            }
          }
          const res = await t.app.inject({ method: op.method, url, headers, payload });
          sent++;
          if (process.env.FUZZ_DEBUG && `${op.method} ${op.path}`.includes(process.env.FUZZ_DEBUG) && !malformed) console.info(actor.name, url, payload, res.statusCode, res.body.slice(0, 300));
          if (res.statusCode < 400 || pastValidation(res.body)) reached.add(`${op.method} ${op.path}`);
          const problem = checkResponse(res);
          if (problem) failures.push(`${actor.name} ${op.method} ${url.slice(0, 120)} ${payload?.slice(0, 160) ?? ''} → ${problem}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    // The fuzz must get past validation too: most operations did work for at least one request.
    const missed = ops.filter((op) => !reached.has(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path}`);
    console.info(`fuzz: ${sent} requests, ${reached.size}/${ops.length} operations got past validation; never: ${missed.join(', ')}`);
    expect(reached.size / ops.length).toBeGreaterThan(0.75);
    expect(failures.slice(0, 25)).toEqual([]);
    const serverErrors = errorLogs.map((l) => JSON.parse(l) as { msg: string; url?: string; err?: { message?: string } });
    expect(serverErrors.slice(0, 10).map((e) => `${e.msg} ${e.url ?? ''} ${e.err?.message ?? ''}`)).toEqual([]);
  });
});

/** The open event with one 10K category, the runner payloads and the server processes the registration benches share. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/server/db/client';
import { eventCategories, events } from '../../src/server/db/schema/events';
import { users } from '../../src/server/db/schema/users';

const DAY_MS = 86_400_000;

/** An accepted, open, platform-paid event `code` (default 'bench-run') with a '10k' category of `slots`. */
export async function insertBenchEvent(db: Db, slots: number, code = 'bench-run') {
  const [owner] = await db.insert(users).values({ name: 'Bench Organizer', email: `bench.${Date.now()}@contoh.id`, role: 'organizer' }).returning();
  const [event] = await db
    .insert(events)
    .values({
      eventId: code,
      code,
      name: 'Bench Run',
      description: 'Benchmark',
      location: 'Jakarta',
      eventDate: new Date(Date.now() + 30 * DAY_MS),
      regOpen: new Date(Date.now() - DAY_MS),
      regClose: new Date(Date.now() + 10 * DAY_MS),
      paymentType: 'platform',
      paymentOptions: ['bni_va', 'gopay'],
      status: 'diterima',
      createdBy: owner!.id,
    })
    .returning();
  const [category] = await db.insert(eventCategories).values({ eventRef: event!.id, categoryId: '10k', name: '10K', price: 150_000, slots }).returning();
  return category!;
}

/** Runner `i`'s registration body for event `code`: a distinct email and identity number per runner. */
export const benchRegistration = (i: number, code = 'bench-run') =>
  JSON.stringify({
    eventId: code,
    categoryId: '10k',
    paymentMethod: 'bni_va',
    runnerData: {
      fullName: `Pelari ${i}`,
      email: `pelari${i}@gmail.com`,
      phone: '081234567890',
      bibName: `P${i}`.slice(0, 10),
      bloodType: 'O+',
      tshirtSize: 'M',
      sex: 'Laki-laki',
      dob: '01-01-1990',
      identityType: 'KTP',
      identityNo: `3174${String(i).padStart(12, '0')}`,
      emergencyName: 'Keluarga',
      emergencyContact: '081298765432',
    },
  });

/** A real server process (`node src/server/main.ts`) on `port` with `env`, once its health route answers. */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<{ child: ChildProcess; base: string }> {
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start`);
}

/** Stops a server process (SIGTERM: it closes its pool) and waits for it to exit. */
export function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** POSTs `body` over a keep-alive connection pool (cheaper for the loader than fetch). */
export function postJson(agent: http.Agent, base: string, pathname: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, base);
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A fresh PostgreSQL database beside `postgresUrl`'s (`<prefix>_<pid>`): its URL, and how to drop it. */
export async function scratchDatabase(postgresUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

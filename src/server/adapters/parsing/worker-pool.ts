import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type Transferable, type WorkerOptions } from 'node:worker_threads';

/**
 * A small bounded pool of worker threads for parsing untrusted files (decision 034): at most `size`
 * threads, at most `maxQueued` jobs waiting, each job with a wall-clock limit after which its thread
 * is terminated (a runaway parse cannot be interrupted any other way) and a fresh one started on the
 * next job, and a heap limit per thread. The main thread only posts bytes and receives results, so
 * health checks, registrations and payment notifications keep their turn of the event loop.
 */

/** Which limit a file overran; the caller answers 422. */
export type ParseLimit = 'pages' | 'inflated' | 'pixels' | 'time' | 'memory';

/** A file that needs more than a limit allows (pages, inflated bytes, pixels, time or memory). */
export class ParseLimitError extends Error {
  constructor(
    readonly limit: ParseLimit,
    message = `parse limit exceeded: ${limit}`,
  ) {
    super(message);
    this.name = 'ParseLimitError';
  }
}

/** Every thread busy and the queue full: the caller answers "try again" rather than waiting without bound. */
export class PoolBusyError extends Error {
  constructor() {
    super('parsing pool busy');
    this.name = 'PoolBusyError';
  }
}

/** A file the parser itself refused (not a limit): unreadable, wrong format. */
export class ParseFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParseFailedError';
  }
}

/** What a worker posts back for each job. */
export type WorkerReply<O> = { id: number; ok: true; value: O } | { id: number; ok: false; limit?: ParseLimit; message: string };
/** What the pool posts to a worker. */
export interface WorkerJob<I> {
  id: number;
  input: I;
}

export interface WorkerPoolOptions {
  /** The worker module (a .ts file is loaded through tsx, as `npm start` loads the server). */
  file: URL;
  /** Threads at most (the machine has few cores). */
  size: number;
  /** Jobs waiting for a thread at most; one more is refused with PoolBusyError. */
  maxQueued: number;
  /** Wall-clock limit per job, from the moment a thread takes it. */
  timeoutMs: number;
  /** V8 heap limit per thread; an overrun ends the thread and answers 'memory'. */
  maxOldGenerationSizeMb: number;
}

export interface WorkerPool<I, O> {
  run(input: I, transfer?: Transferable[]): Promise<O>;
  /** Threads alive now (idle or busy); for tests. */
  readonly threads: number;
  close(): Promise<void>;
}

interface Job<I, O> {
  id: number;
  input: I;
  transfer: Transferable[];
  resolve: (value: O) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Its module loaded (tsx compiles it and its imports first: a second or more on a busy machine). */
  ready: boolean;
  job: Job<unknown, unknown> | null;
  timer: NodeJS.Timeout | null;
}

const require = createRequire(import.meta.url);

/** What a worker posts once its module has loaded (serve-jobs.ts). */
export const READY = 'ready';
/** Allowed for a new thread to load its module, on top of the job's own time. */
const STARTUP_MS = 30_000;

/** tsx's ESM API as a file URL (its CommonJS twin cannot find its own ESM half from an eval'd entry). */
function tsxApiUrl(): string {
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href;
}

/**
 * A worker thread of the module at `file`. The server runs its TypeScript through tsx (`node --import
 * tsx`), but on Node 20 a worker gets no module hooks from `--import` (neither inherited nor in its own
 * execArgv), so a .ts module is loaded by a two-line CommonJS entry through tsx's `tsImport`.
 */
function startThread(file: URL, options: WorkerOptions): Worker {
  if (!fileURLToPath(file).endsWith('.ts')) return new Worker(file, options);
  const entry = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => tsx.tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(file.href)}));`;
  return new Worker(entry, { ...options, eval: true });
}

export function createWorkerPool<I, O>(options: WorkerPoolOptions): WorkerPool<I, O> {
  const idle: Slot[] = [];
  const busy = new Set<Slot>();
  const queue: Job<I, O>[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = startThread(options.file, {
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 32 },
    });
    // An idle thread does not keep the process alive (a script or test may end without close()).
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on('message', (reply: WorkerReply<O> | typeof READY) => {
      if (reply === READY) {
        slot.ready = true;
        // The job's own time starts now, not while the thread was still loading.
        if (slot.job) arm(slot, slot.job as Job<I, O>, options.timeoutMs);
        return;
      }
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      finish(slot);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(reply.limit ? new ParseLimitError(reply.limit, reply.message) : new ParseFailedError(reply.message));
      release(slot);
    });
    const died = (error: Error) => {
      const job = slot.job;
      retire(slot);
      if (job) {
        const memory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        job.reject(memory ? new ParseLimitError('memory') : new ParseFailedError(error.message));
      }
      pump();
    };
    worker.on('error', died);
    worker.on('exit', (code) => {
      if (slot.job || idle.includes(slot) || busy.has(slot)) died(new Error(`parsing worker exited with code ${code}`));
    });
    return slot;
  }

  function finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Forgets a thread and ends it (a terminated thread's late messages are ignored). */
  function retire(slot: Slot) {
    finish(slot);
    busy.delete(slot);
    const at = idle.indexOf(slot);
    if (at >= 0) idle.splice(at, 1);
    void slot.worker.terminate().catch(() => {});
  }

  function release(slot: Slot) {
    busy.delete(slot);
    slot.worker.unref();
    if (closed) void slot.worker.terminate();
    else idle.push(slot);
    pump();
  }

  function start(slot: Slot, job: Job<I, O>) {
    busy.add(slot);
    slot.job = job as Job<unknown, unknown>;
    // A thread at work keeps the process alive until it answers or is killed.
    slot.worker.ref();
    arm(slot, job, slot.ready ? options.timeoutMs : options.timeoutMs + STARTUP_MS);
    const message: WorkerJob<I> = { id: job.id, input: job.input };
    slot.worker.postMessage(message, job.transfer);
  }

  function arm(slot: Slot, job: Job<I, O>, ms: number) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      retire(slot);
      job.reject(new ParseLimitError('time'));
      pump();
    }, ms);
  }

  function pump() {
    while (queue.length > 0 && busy.size < options.size) {
      const job = queue.shift()!;
      start(idle.pop() ?? spawn(), job);
    }
  }

  return {
    run(input, transfer = []) {
      if (closed) return Promise.reject(new PoolBusyError());
      if (busy.size >= options.size && queue.length >= options.maxQueued) return Promise.reject(new PoolBusyError());
      return new Promise<O>((resolve, reject) => {
        queue.push({ id: nextId++, input, transfer, resolve, reject });
        pump();
      });
    },
    get threads() {
      return idle.length + busy.size;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new PoolBusyError());
      const all = [...idle, ...busy];
      for (const slot of all) {
        const job = slot.job;
        retire(slot);
        job?.reject(new PoolBusyError());
      }
    },
  };
}

import { parentPort, type Transferable } from 'node:worker_threads';
import { ParseLimitError, READY, type WorkerJob, type WorkerReply } from './worker-pool';

/**
 * The worker side of the pool: answers each job posted by worker-pool.ts with its result, or with
 * the limit it overran, or with the parser's message. One job at a time per thread.
 */
export function serveJobs<I, O>(handle: (input: I) => Promise<{ value: O; transfer?: Transferable[] }>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread');
  port.on('message', (job: WorkerJob<I>) => {
    void handle(job.input).then(
      ({ value, transfer }) => port.postMessage({ id: job.id, ok: true, value } satisfies WorkerReply<O>, transfer ?? []),
      (error: unknown) => {
        const reply: WorkerReply<O> =
          error instanceof ParseLimitError
            ? { id: job.id, ok: false, limit: error.limit, message: error.message }
            : { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
        port.postMessage(reply);
      },
    );
  });
  port.postMessage(READY);
}

import { serveJobs } from '../serve-jobs';
import { ParseLimitError } from '../worker-pool';

/** A worker for the pool's own tests: answers, spins forever, eats memory, overruns a limit or fails. */
export type Chore = { op: 'echo'; value: number } | { op: 'spin' } | { op: 'grow' } | { op: 'limit' } | { op: 'fail' };

serveJobs<Chore, number>(async (chore) => {
  switch (chore.op) {
    case 'echo':
      return { value: chore.value };
    case 'spin':
      for (;;) {
        // A parser stuck in a loop: only terminating the thread ends it.
      }
    case 'grow': {
      const hoard: unknown[] = [];
      for (;;) hoard.push({ at: hoard.length, text: `x${hoard.length}` });
    }
    case 'limit':
      throw new ParseLimitError('pages');
    case 'fail':
      throw new Error('bukan berkas yang dikenal');
  }
});

import type { ScheduleReaderPort } from '../schedule/port';
import { AiFailure, type AiCoachPort } from './port';

/** Told of every AI call when it ends: which operation, and `ok` or the failure's kind (`error` when not an AiFailure). */
export type AiCallObserver = (operation: string, result: string) => void;

function observed<A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>, observe: AiCallObserver) {
  return async (...args: A): Promise<R> => {
    try {
      const result = await call(...args);
      observe(operation, 'ok');
      return result;
    } catch (err) {
      observe(operation, err instanceof AiFailure ? err.kind : 'error');
      throw err;
    }
  };
}

/** The AI coach port, each call reported to `observe` (the metrics' AI calls by adapter and result). */
export function observeAiCoach<T extends AiCoachPort & { close?(): Promise<void> }>(port: T, observe: AiCallObserver): T {
  const wrapped: AiCoachPort & { close?(): Promise<void> } = {
    name: port.name,
    createPlan: observed('createPlan', port.createPlan.bind(port), observe),
    chat: observed('chat', port.chat.bind(port), observe),
    modify: observed('modify', port.modify.bind(port), observe),
    readWorkoutImage: observed('readWorkoutImage', port.readWorkoutImage.bind(port), observe),
    ...(port.close ? { close: port.close.bind(port) } : {}),
  };
  // Adapters may carry more than the port (a test double's call log): reads fall through to the original.
  return Object.setPrototypeOf(wrapped, port) as T;
}

/** The schedule reader (a coach's schedule file read by Gemini or the built-in reader), observed the same way. */
export function observeScheduleReader(port: ScheduleReaderPort, observe: AiCallObserver): ScheduleReaderPort {
  const wrapped: ScheduleReaderPort = {
    name: port.name,
    read: observed('readSchedule', port.read.bind(port), observe),
    ...(port.close ? { close: port.close.bind(port) } : {}),
  };
  return Object.setPrototypeOf(wrapped, port) as ScheduleReaderPort;
}

import { applyModifications, ModificationError } from '../../../domain/ai-coach/chat/modify';
import { coachChat } from '../../../domain/ai-coach/chat/coach-chat';
import { buildPlan } from '../../../domain/ai-coach/engine/plan';
import { AiFailure, type AiCoachPort } from './port';
import { createWorkoutOcr, type WorkoutOcr } from './workout-ocr';

/**
 * The built-in coach (default, offline): the engine of src/domain/ai-coach builds plans, its rule-based
 * chat understands the common Indonesian requests, and screenshots are read by OCR on this server.
 */
export function createBuiltInCoach(options: { ocr?: WorkoutOcr; ocrTimeoutMs?: number } = {}): AiCoachPort & { close(): Promise<void> } {
  let ocr = options.ocr ?? null;
  return {
    name: 'engine',
    async createPlan({ form, startDay, endDay }) {
      const built = buildPlan(form, { startDay, endDay });
      return { runs: built.runs, notes: built.notes };
    },
    async chat(input) {
      return coachChat(input);
    },
    async modify(input) {
      try {
        return applyModifications(input);
      } catch (err) {
        if (err instanceof ModificationError) throw new AiFailure('unreadable', err.message, { cause: err });
        throw err;
      }
    },
    async readWorkoutImage({ data }) {
      ocr ??= createWorkoutOcr({ timeoutMs: options.ocrTimeoutMs });
      return ocr.read(data);
    },
    async close() {
      await ocr?.close();
    },
  };
}


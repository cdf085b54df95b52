import type { ChatActor, ChatMessage, ChatReply, ImageReading, Modification, PlanForm, PlannedRun } from '../../../domain/ai-coach/contract';
import type { IsoDay } from '../../../domain/shared/wire-date';
import type { Run } from '../../../domain/training-plan/contract';

/**
 * The AI coach port (DESIGN.md §1.5): the built-in engine (default, offline) or Gemini. An adapter
 * only proposes: the AI coach service passes every plan it returns through the safety checker
 * (src/domain/ai-coach) before a runner sees it, and falls back to the engine when it cannot be repaired.
 */

/** Why an adapter failed; the service turns each into the spec's message (never a 500). */
export type AiFailureKind = 'timeout' | 'bad-output' | 'unavailable' | 'unreadable';

export class AiFailure extends Error {
  constructor(
    readonly kind: AiFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiFailure';
  }
}

export interface CreatePlanInput {
  form: PlanForm;
  /** Today on the product's clock (Asia/Jakarta). */
  today: IsoDay;
  /** The plan's first and last day (the form's start, and its race day or start + 27). */
  startDay: IsoDay;
  endDay: IsoDay;
}

export interface ChatInput {
  /** The runner's saved AI profile (the last form), when there is one. */
  form: PlanForm | null;
  maingoal: string;
  chathistory: ChatMessage[];
  usermessage: string;
  /** The runner's current plan (unlocked runs only). */
  plan: Run[];
  today: IsoDay;
  /** A connected coach (decision 025) may also change the runs they made ('coach'); a runner only the AI's. */
  actor?: ChatActor;
}

export interface ModifyInput {
  form: PlanForm | null;
  plan: Run[];
  modifications: Modification[];
  today: IsoDay;
  /** As in ChatInput: a coach's draft replaces the range's AI and coach runs, so it holds both. */
  actor?: ChatActor;
}

export interface ModifyOutput {
  /** The new AI runs for startDay..endDay (they replace the AI runs of that range that are not logged). */
  runs: PlannedRun[];
  startDay: IsoDay;
  endDay: IsoDay;
  notes: string[];
  /** The runner's form after the change (a new race date or target), to keep as their profile when saved. */
  form?: PlanForm | null;
  /** The form to check the runs by: days the runner asked to run on count as their training days. */
  checkForm?: PlanForm | null;
}

export interface ImageInput {
  data: Buffer;
  /** Sniffed from the content, not the data URL's claim. */
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface AiCoachPort {
  readonly name: 'engine' | 'gemini';
  createPlan(input: CreatePlanInput): Promise<{ runs: PlannedRun[]; notes: string[] }>;
  chat(input: ChatInput): Promise<ChatReply>;
  modify(input: ModifyInput): Promise<ModifyOutput>;
  readWorkoutImage(input: ImageInput): Promise<ImageReading>;
}

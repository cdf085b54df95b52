import type { ImageReading } from '../../../domain/ai-coach/contract';

export interface WorkoutOcr {
  read(data: Buffer): Promise<ImageReading>;
  close(): Promise<void>;
}

// SCAFFOLD (the OCR helper implements).
export function createWorkoutOcr(_options: { timeoutMs?: number } = {}): WorkoutOcr {
  throw new Error('not implemented');
}

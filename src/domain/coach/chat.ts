import type { ChatMessage, ChatReply, PlanForm } from '../ai-coach/contract';
import type { IsoDay } from '../shared/wire-date';
import type { Run } from '../training-plan/contract';

// SCAFFOLD (the chat helper implements).
export function coachChat(_input: { form: PlanForm | null; maingoal: string; chathistory: ChatMessage[]; usermessage: string; plan: Run[]; today: IsoDay }): ChatReply {
  throw new Error('not implemented');
}

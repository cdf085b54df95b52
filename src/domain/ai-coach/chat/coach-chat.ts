/**
 * The built-in coach's chat (spec §3 AI chat reply, §4 AI chat): a runner's request in Indonesian
 * (or simple English) becomes modifications to approve, or a question when the coach is unsure.
 * Each proposal is tried on the plan first, so what the runner approves is what will happen.
 */
import type { ChatActor, ChatMessage, ChatReply, PlanForm } from '../contract';
import type { Run } from '../../training-plan/contract';
import { isoToPlanDate, type IsoDay } from '../../shared/wire-date';
import { interpretRequest } from './interpret';
import { applyModifications, ModificationError } from './modify';

export interface CoachChatInput {
  form: PlanForm | null;
  maingoal: string;
  chathistory: ChatMessage[];
  usermessage: string;
  plan: Run[];
  today: IsoDay;
  /** A connected coach may also change the runs they made (decision 025). Default runner. */
  actor?: ChatActor;
}

export function coachChat(input: CoachChatInput): ChatReply {
  const reading = interpretRequest({ text: input.usermessage, history: input.chathistory, plan: input.plan, form: input.form, today: input.today, actor: input.actor });
  if (reading.status === 'ask') return clarification(reading.question);
  const modifications = [];
  for (const mod of reading.modifications) {
    try {
      // The preview says what else changes (a swapped or softened neighbour) and the true range.
      const preview = applyModifications({ form: input.form, plan: input.plan, modifications: [mod], today: input.today, actor: input.actor });
      const notes = preview.notes.filter((note) => !mod.instruction.includes(note));
      modifications.push({
        ...mod,
        instruction: [mod.instruction, ...notes].join(' '),
        startDate: isoToPlanDate(preview.startDay),
        endDate: isoToPlanDate(preview.endDay),
      });
    } catch (error) {
      if (!(error instanceof ModificationError)) throw error;
      if (reading.modifications.length === 1) return clarification(`${error.message} Ada hal lain yang ingin disesuaikan?`);
    }
  }
  if (modifications.length === 0) return clarification('Tidak ada perubahan yang bisa diterapkan pada program latihan Anda. Ada hal lain yang ingin disesuaikan?');
  return { status: 'COMPLETE', clarification_question: null, modifications };
}

function clarification(question: string): ChatReply {
  return { status: 'NEEDS_CLARIFICATION', clarification_question: question, modifications: [] };
}

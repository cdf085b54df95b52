/**
 * The 'Buat Jadwal' form (spec §5 Create schedule): the contract's own field rules, a date
 * picker value (YYYY-MM-DD) that travels as DD-MM-YYYY, and runs made here are the runner's own.
 */
import { z } from 'zod';
import { isoToPlanDate, planDateProblem } from '../../../../domain/shared/wire-date';
import { messages } from '../../../../domain/training-plan/training-plan';
import { runInputSchema, type RunInput } from '../../../../domain/training-plan/contract';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const pickerMessages = { format: 'Tanggal tidak valid.', calendar: messages.dateNotInCalendar, range: messages.dateOutOfRange } as const;

export const createRunFormSchema = z.object({
  // The date picker gives YYYY-MM-DD; a typed year such as 0202 is said to be out of range.
  date: z
    .string()
    .trim()
    .min(1, { message: messages.dateRequired, abort: true })
    .check((ctx) => {
      const problem = ISO_DAY.test(ctx.value) ? planDateProblem(isoToPlanDate(ctx.value)) : 'format';
      if (problem) ctx.issues.push({ code: 'custom', message: pickerMessages[problem], input: ctx.value });
    }),
  title: runInputSchema.shape.title,
  program: runInputSchema.shape.program,
  paceRange: runInputSchema.shape.paceRange,
});

export type CreateRunFormInput = z.input<typeof createRunFormSchema>;
export type CreateRunFormValues = z.output<typeof createRunFormSchema>;

export const emptyCreateRunForm = (date = ''): CreateRunFormInput => ({ date, title: '', program: '', paceRange: '' });

/** The POST /api/training-plans item; the server wraps the program in parentheses and derives the colour. */
export function toRunInput(values: CreateRunFormValues, maker: 'user' | 'coach' = 'user'): RunInput {
  return {
    date: isoToPlanDate(values.date),
    title: values.title,
    program: values.program,
    paceRange: values.paceRange,
    periodization: null,
    generatedby: maker,
  };
}

export const TITLE_SUGGESTIONS = ['Easy Run', 'Recovery Run', 'Endurance Run', 'Steady Run', 'Tempo Run', 'Interval', 'Fartlek', 'Long Run', 'Race Day'];
export const PROGRAM_SUGGESTIONS = ['5k', '8k', '10k', '15k', 'HM', 'FM', '30 menit', '45 menit', '60 menit'];

import { useCallback, useRef, useState } from 'react';
import {
  aiMessages,
  MAX_CHAT_HISTORY,
  type ChatMessage,
  type ChatReply,
  type CreatePlanRequest,
  type Modification,
  type PlanDraftResponse,
  type PlanRefusal,
} from '../../../domain/ai-coach/contract';
import type { IsoDay } from '../../../domain/shared/wire-date';
import { ApiError } from '../../api/client';
import { useToast } from '../../components/toast';
import { aiErrorText, useAiChat, useCreatePlan, useModifyPlan, useSaveDraft } from './ai-coach-api';
import { ChatDialog } from './chat-dialog';
import { PlanFormDialog } from './plan-form-dialog';
import { loadPlanForm, savePlanForm, type PlanFormErrors, type PlanFormValues } from './plan-form';
import { PlanPreviewDialog, type PlanLock } from './plan-preview-dialog';
import { checkedInputsKey, planRefusalOf } from './plan-refusal';
import { firstPlanDay } from './plan-summary';

export type FlowStart = 'form' | 'chat';

export interface AiCoachFlowProps {
  start: FlowStart;
  /** Whose remembered form to open (this browser keeps one per runner). */
  userId: string;
  today: IsoDay;
  onClose: () => void;
  /** When the runner's own AI runs start to lock (their access end); null in a coach's view. */
  lock?: PlanLock | null;
  /** The plan was saved: the calendar opens on its first day (not the current, perhaps empty, month). */
  onSaved?: (firstDay: IsoDay) => void;
}

/** What the preview shows came from: Refresh asks it again, Kembali goes back to it. */
type Origin = { from: 'form'; request: CreatePlanRequest } | { from: 'chat'; modification: Modification[] };
type Step = 'form' | 'chat' | 'preview';

export const SAVED_MESSAGE = 'Program latihan AI disimpan ke kalendermu.';
const REFRESH_FAILED = 'Gagal memperbarui jadwal.';

/** The AI's answer as a chat message, and the changes to approve when it made any. */
function readReply(reply: ChatReply): { message: string; proposal: Modification[] | null } {
  if (reply.status === 'COMPLETE' && reply.modifications.length > 0) {
    return { message: reply.clarification_question || 'Berikut usulan perubahan untuk programmu.', proposal: reply.modifications };
  }
  if (reply.status === 'NEEDS_CLARIFICATION') return { message: reply.clarification_question || 'Bisa jelaskan lebih detail?', proposal: null };
  return { message: reply.clarification_question || 'Programmu sudah sesuai; tidak ada yang perlu diubah.', proposal: null };
}

/** The server's per-field messages of a 400, keyed by the form's field paths. */
function fieldErrorsOf(error: unknown): PlanFormErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) return {};
  const out: PlanFormErrors = {};
  for (const item of error.details as { path?: unknown; message?: unknown }[]) {
    if (typeof item?.path === 'string' && typeof item.message === 'string' && item.path && !(item.path in out)) out[item.path] = item.message;
  }
  return out;
}

/**
 * The AI coach's dialogs, one at a time (spec §4 AI plan flow, AI chat): the form or the chat,
 * then 'Hasil Program AI' for the draft they made; Simpan stores it, Kembali goes back.
 */
export function AiCoachFlow({ start, userId, today, onClose, lock = null, onSaved }: AiCoachFlowProps) {
  const toast = useToast();
  const createPlan = useCreatePlan();
  const modifyPlan = useModifyPlan();
  const saveDraft = useSaveDraft();
  const chat = useAiChat();

  const [step, setStep] = useState<Step>(start);
  const formValues = useRef<PlanFormValues | null>(null);
  formValues.current ??= loadPlanForm(userId, today);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<PlanFormErrors>({});
  const [refusal, setRefusal] = useState<PlanRefusal | null>(null);
  // After a SEE_A_DOCTOR the form offers the doctor's clearance for the rest of this visit.
  const [clearanceAsked, setClearanceAsked] = useState(false);
  // The inputs the runner confirmed after a CHECK_INPUT (checkedInputsKey), while they stay so.
  const confirmedInputs = useRef<string | null>(null);

  const [draft, setDraft] = useState<PlanDraftResponse | null>(null);
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);

  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [proposal, setProposal] = useState<Modification[] | null>(null);
  const [chatError, setChatError] = useState<string | null>(null);

  const rememberForm = useCallback(
    (values: PlanFormValues) => {
      formValues.current = values;
      savePlanForm(userId, values);
    },
    [userId],
  );

  const showDraft = (next: PlanDraftResponse, from: Origin) => {
    setDraft(next);
    setOrigin(from);
    setPreviewError(null);
    setStep('preview');
  };

  const submitForm = (typed: CreatePlanRequest, options?: { confirmInputs?: boolean }) => {
    setFormError(null);
    setServerFieldErrors({});
    if (options?.confirmInputs) confirmedInputs.current = checkedInputsKey(typed);
    // A confirmation covers the data it was given for: a goal alternative chosen next keeps it, changed data is checked again.
    const request = confirmedInputs.current === checkedInputsKey(typed) ? { ...typed, confirmInputs: true } : typed;
    // The refusal stays in view (its choice showing progress) until the answer replaces it.
    createPlan.mutate(request, {
      onSuccess: (next) => {
        setRefusal(null);
        showDraft(next, { from: 'form', request });
      },
      onError: (error) => {
        const refused = planRefusalOf(error);
        setRefusal(refused);
        if (refused) {
          if (refused.code === 'SEE_A_DOCTOR') setClearanceAsked(true);
          // Each doubtful input's message is shown at its field too.
          if (refused.code === 'CHECK_INPUT') setServerFieldErrors(Object.fromEntries((refused.errors ?? []).map((issue) => [issue.path, issue.message])));
          return;
        }
        const fields = fieldErrorsOf(error);
        setServerFieldErrors(fields);
        // A field's own message is shown under it; anything else under the form.
        if (Object.keys(fields).length === 0) setFormError(aiErrorText(error, aiMessages.createFailed));
      },
    });
  };

  const sendChat = (text: string) => {
    const history = messages.slice(-MAX_CHAT_HISTORY);
    setMessages((all) => [...all, { role: 'user', content: text }]);
    setProposal(null);
    setChatError(null);
    chat.mutate(
      { maingoal: formValues.current?.targetLatihan ?? '', chathistory: history, usermessage: text },
      {
        onSuccess: (reply) => {
          const { message, proposal: next } = readReply(reply);
          setMessages((all) => [...all, { role: 'ai', content: message }]);
          setProposal(next);
        },
        onError: (error) => setChatError(aiErrorText(error, aiMessages.chatFailed)),
      },
    );
  };

  const approve = () => {
    if (!proposal) return;
    const modification = proposal;
    setChatError(null);
    modifyPlan.mutate(modification, {
      onSuccess: (next) => showDraft(next, { from: 'chat', modification }),
      onError: (error) => setChatError(aiErrorText(error, aiMessages.approveFailed)),
    });
  };

  const discard = () => {
    setProposal(null);
    setMessages((all) => [...all, { role: 'ai', content: 'Baik, perubahan dibatalkan. Ada lagi yang ingin disesuaikan?' }]);
  };

  const refresh = () => {
    if (!origin) return;
    setPreviewError(null);
    const onError = (error: unknown) => setPreviewError(aiErrorText(error, REFRESH_FAILED));
    if (origin.from === 'form') createPlan.mutate(origin.request, { onSuccess: (next) => showDraft(next, origin), onError });
    else modifyPlan.mutate(origin.modification, { onSuccess: (next) => showDraft(next, origin), onError });
  };

  const save = () => {
    if (!draft) return;
    setPreviewError(null);
    saveDraft.mutate(draft.draftId, {
      onSuccess: () => {
        toast(SAVED_MESSAGE, 'success');
        const firstDay = firstPlanDay(draft);
        if (firstDay) onSaved?.(firstDay);
        onClose();
      },
      onError: (error) => setPreviewError(aiErrorText(error, aiMessages.saveFailed)),
    });
  };

  if (step === 'preview' && draft && origin) {
    return (
      <PlanPreviewDialog
        draft={draft}
        onBack={() => {
          setPreviewError(null);
          setStep(origin.from);
        }}
        onRefresh={refresh}
        onSave={save}
        onClose={onClose}
        lock={lock}
        refreshing={createPlan.isPending || modifyPlan.isPending}
        saving={saveDraft.isPending}
        error={previewError}
      />
    );
  }
  if (step === 'chat') {
    return (
      <ChatDialog
        messages={messages}
        proposal={proposal}
        onSend={sendChat}
        onApprove={approve}
        onDiscard={discard}
        onClose={onClose}
        sending={chat.isPending}
        approving={modifyPlan.isPending}
        error={chatError}
      />
    );
  }
  return (
    <PlanFormDialog
      today={today}
      initialValues={formValues.current}
      onValuesChange={rememberForm}
      onSubmit={submitForm}
      onClose={onClose}
      pending={createPlan.isPending}
      error={formError}
      serverFieldErrors={serverFieldErrors}
      refusal={refusal}
      onDismissRefusal={() => setRefusal(null)}
      showClearance={clearanceAsked}
    />
  );
}

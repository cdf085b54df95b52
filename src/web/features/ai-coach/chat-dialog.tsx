import { Bot, Check, OctagonAlert, Phone, SendHorizontal, TriangleAlert, X } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import type { ChatMessage, ChatSafety, Modification } from '../../../domain/ai-coach/contract';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { Dialog } from '../../components/dialog';
import { Input } from '../../components/input';
import { Spinner } from '../../components/spinner';
import { useAiScope } from './ai-scope';

export const CHAT_TITLE = 'Tanya AI untuk Penyesuaian';
/** Shown while the conversation is empty (spec §2 AI screens). */
export const CHAT_SUGGESTIONS = ['Pindahkan long run ke hari Minggu', 'Kurangi volume minggu ini', 'Lutut saya sakit', 'Saya sakit flu'] as const;

export interface ChatDialogProps {
  messages: readonly ChatMessage[];
  /** The changes the AI proposes, waiting for Batal or Setuju. */
  proposal: readonly Modification[] | null;
  onSend: (message: string) => void;
  onApprove: () => void;
  onDiscard: () => void;
  onClose: () => void;
  /** The AI is answering. */
  sending: boolean;
  /** The approved changes are being worked into a preview. */
  approving: boolean;
  error: string | null;
}

/** Where the chat keeps its latest health warning (written by useAiChat), per whose plan it is. */
export const chatSafetyQueryKey = (base: string) => ['ai-chat-safety', base] as const;

/** The chat's latest health warning (null when none), and a way to forget it when a new conversation starts. */
export function useChatSafety(): { safety: ChatSafety | null; clear: () => void } {
  const { base } = useAiScope();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: chatSafetyQueryKey(base),
    queryFn: () => null,
    // Written by useAiChat only: never fetched, never stale, kept while the app runs.
    enabled: false,
    initialData: null as ChatSafety | null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { safety: data ?? null, clear: () => queryClient.setQueryData(chatSafetyQueryKey(base), null) };
}

export const SAFETY_TITLES: Record<ChatSafety['level'], string> = {
  stop: 'Hentikan latihan dan periksakan diri',
  caution: 'Perhatian: istirahat dulu',
};

/**
 * The health warning of the chat (issue 25 §4), above the conversation: a bar with what to do (and
 * the emergency number for a stop) that stays pinned at the top while the conversation scrolls, and
 * the full message under it (the alert read out). Red for a stop, amber for a caution. On a phone
 * the pinned bar is one line high, so the proposal below stays readable.
 */
export const ChatSafetyAlert = forwardRef<HTMLDivElement, { safety: ChatSafety }>(function ChatSafetyAlert({ safety }, ref) {
  const stop = safety.level === 'stop';
  const Icon = stop ? OctagonAlert : TriangleAlert;
  return (
    <>
      <div
        ref={ref}
        data-testid="chat-safety-bar"
        className={cn(
          'sticky -top-4 z-10 -mx-1 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-t-xl px-3 py-2 text-sm font-bold shadow-sm',
          stop ? 'bg-red-600 text-white' : 'bg-amber-400 text-amber-950',
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">{SAFETY_TITLES[safety.level]}</p>
        {stop && (
          <a
            href="tel:119"
            aria-label="Darurat: telepon 119"
            className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 py-1 text-sm font-bold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Phone className="size-4" aria-hidden="true" />
            119
          </a>
        )}
      </div>
      {/* The column's gap would split the bar from its message. */}
      <div
        role="alert"
        data-testid="chat-safety"
        data-level={safety.level}
        className={cn(
          '-mx-1 -mt-3 rounded-b-xl border-2 border-t-0 px-3.5 py-3 text-sm leading-relaxed',
          stop ? 'border-red-600 bg-red-50 text-red-950' : 'border-amber-400 bg-amber-50 text-amber-950',
        )}
      >
        <span className="sr-only">{SAFETY_TITLES[safety.level]}. </span>
        {safety.message}
      </div>
    </>
  );
});

/** 'Tanya AI untuk Penyesuaian' (spec §2, §4 AI chat): ask for a change, approve what the AI proposes. */
export function ChatDialog({ messages, proposal, onSend, onApprove, onDiscard, onClose, sending, approving, error }: ChatDialogProps) {
  const ids = useId();
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { safety, clear: clearSafety } = useChatSafety();

  // A new conversation starts without the last one's warning; back from the preview, it stays.
  const fresh = useRef(messages.length === 0);
  useEffect(() => {
    if (fresh.current) clearSafety();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, []);

  // Keep the newest message, the approval card or the progress in view.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [messages.length, proposal, sending, error]);

  // A new warning is read first: its full message is brought into view rather than the end of the conversation.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (safety) alertRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [safety]);

  const send = (text: string) => {
    const message = text.trim();
    if (!message || sending || approving) return;
    onSend(message);
    setDraft('');
    inputRef.current?.focus();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !approving && onClose()}
      size="md"
      title={CHAT_TITLE}
      description="Ceritakan apa yang perlu diubah; AI mengusulkan perubahan dan kamu yang memutuskan."
      footer={
        <form
          className="flex w-full items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send(draft);
          }}
        >
          <label htmlFor={`${ids}-message`} className="sr-only">
            Pesan untuk AI Coach
          </label>
          <Input
            ref={inputRef}
            id={`${ids}-message`}
            value={draft}
            maxLength={1000}
            autoComplete="off"
            placeholder="Tulis pesan…"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" aria-label="Kirim" className="h-11 shrink-0" disabled={sending || approving || draft.trim() === ''}>
            <SendHorizontal className="size-4" aria-hidden="true" />
          </Button>
        </form>
      }
    >
      <div className="flex min-h-64 flex-col gap-3">
        {safety && <ChatSafetyAlert ref={alertRef} safety={safety} />}
        {messages.length === 0 && (
          <div data-testid="chat-suggestions">
            <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-950">
              <Bot className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <p>Halo! Ada yang ingin disesuaikan dari programmu? Pilih salah satu contoh atau tulis sendiri.</p>
            </div>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Contoh pertanyaan">
              {CHAT_SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    onClick={() => send(suggestion)}
                    disabled={sending}
                    className="min-h-9 rounded-full border border-brand-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60"
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        {/* New replies are read out as they arrive. */}
        <ol role="log" aria-live="polite" aria-label="Percakapan" className="flex flex-col gap-2">
          {messages.map((message, i) => (
            <li
              key={i}
              data-testid={message.role === 'ai' ? 'chat-ai-message' : 'chat-user-message'}
              className={cn(
                'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-line',
                message.role === 'user' ? 'self-end rounded-br-md bg-brand-600 text-white' : 'self-start rounded-bl-md bg-slate-100 text-slate-900',
              )}
            >
              <span className="sr-only">{message.role === 'user' ? 'Kamu: ' : 'AI Coach: '}</span>
              {message.content}
            </li>
          ))}
        </ol>

        {sending && (
          <p role="status" className="flex items-center gap-2 self-start rounded-2xl rounded-bl-md bg-slate-100 px-3.5 py-2 text-sm text-slate-700">
            <Spinner className="size-4 text-brand-600" label="" />
            AI sedang membalas…
          </p>
        )}

        {proposal && proposal.length > 0 && (
          <section aria-labelledby={`${ids}-proposal`} className="rounded-xl border border-brand-200 bg-white p-3 shadow-sm" data-testid="chat-approval">
            <h3 id={`${ids}-proposal`} className="text-sm font-bold text-slate-900">
              Usulan perubahan
            </h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800">
              {proposal.map((modification, i) => (
                <li key={i}>{modification.instruction}</li>
              ))}
            </ol>
            <p className="mt-2 text-xs text-slate-600">Setujui untuk melihat pratinjau program yang sudah disesuaikan sebelum disimpan.</p>
            <div className="mt-3 flex justify-end gap-2">
              <Button variant="outline" size="sm" onClick={onDiscard} disabled={approving}>
                <X className="size-4" aria-hidden="true" />
                Batal
              </Button>
              <Button size="sm" onClick={onApprove} loading={approving}>
                {!approving && <Check className="size-4" aria-hidden="true" />}
                Setuju
              </Button>
            </div>
          </section>
        )}

        {error && <Alert tone="error">{error}</Alert>}
        <div ref={endRef} />
      </div>
    </Dialog>
  );
}

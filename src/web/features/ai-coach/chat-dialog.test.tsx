import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatReply } from '../../../domain/ai-coach/contract';
import type * as Client from '../../api/client';
import { useAiChat } from './ai-coach-api';
import { ChatDialog } from './chat-dialog';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../api/client', async (importOriginal) => {
  const real = await importOriginal<typeof Client>();
  return { ...real, api: { ...real.api, post } };
});

const STOP =
  'Hentikan latihan sekarang. Nyeri, sesak atau rasa tertekan di dada adalah tanda bahaya yang harus diperiksa dokter. Segera ke IGD terdekat atau hubungi 119 sekarang.';
const stopReply: ChatReply = {
  status: 'COMPLETE',
  clarification_question: 'Saya usulkan program dijeda.',
  modifications: [{ instruction: 'Jeda latihan: tanpa lari.', startDate: '10-12-2026', endDate: '16-12-2026', action: { type: 'pause', reason: 'red-flag' } }],
  safety: { level: 'stop', message: STOP },
};
const caution: ChatReply = { status: 'COMPLETE', clarification_question: null, modifications: [], safety: { level: 'caution', message: 'Perhatian: demam.' } };
const plain: ChatReply = { status: 'NEEDS_CLARIFICATION', clarification_question: 'Ada lagi?', modifications: [] };

/** The chat dialog with the real useAiChat (its API call stubbed), as the flow wires them. */
function Harness({ messages }: { messages: ChatMessage[] }) {
  const chat = useAiChat();
  return (
    <>
      <button type="button" onClick={() => chat.mutate({ maingoal: '', chathistory: [], usermessage: 'x' })}>
        kirim-uji
      </button>
      <ChatDialog messages={messages} proposal={null} onSend={() => {}} onApprove={() => {}} onDiscard={() => {}} onClose={() => {}} sending={false} approving={false} error={null} />
    </>
  );
}

let client: QueryClient;
const renderDialog = (messages: ChatMessage[] = []) =>
  render(
    <QueryClientProvider client={client}>
      <Harness messages={messages} />
    </QueryClientProvider>,
  );
const reply = async (value: ChatReply) => {
  post.mockResolvedValueOnce(value);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'kirim-uji', hidden: true }));
  });
};

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  post.mockReset();
});
afterEach(cleanup);

describe('<ChatDialog> health warning (issue 25 §4)', () => {
  it('shows a stop reply’s warning above the conversation, red, with the emergency number, and keeps it', async () => {
    renderDialog([{ role: 'user', content: 'dada saya nyeri' }]);
    expect(screen.queryByRole('alert')).toBeNull();
    await reply(stopReply);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Hentikan latihan dan periksakan diri');
    expect(alert.textContent).toContain(STOP);
    expect(alert.getAttribute('data-level')).toBe('stop');
    expect(alert.className).toContain('bg-red-50');
    expect(screen.getByTestId('chat-safety-bar').className).toContain('sticky');
    expect(screen.getByRole('link', { name: /Darurat: telepon 119/ }).getAttribute('href')).toBe('tel:119');
    // Above the conversation.
    const log = screen.getByRole('log', { name: 'Percakapan' });
    expect(alert.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // A later answer without a warning, or with a caution, does not hide the stop.
    await reply(plain);
    await reply(caution);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    expect(screen.getByRole('alert').getAttribute('data-level')).toBe('stop');
  });

  it('a caution is amber, without the emergency link', async () => {
    renderDialog([{ role: 'user', content: 'demam' }]);
    await reply(caution);
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-level')).toBe('caution');
    expect(alert.textContent).toContain('Perhatian: istirahat dulu');
    expect(alert.className).toContain('bg-amber-50');
    expect(screen.queryByRole('link', { name: /119/ })).toBeNull();
  });

  it('stays when the dialog comes back with its conversation (Kembali), is gone in a new conversation', async () => {
    const first = renderDialog([{ role: 'user', content: 'dada saya nyeri' }]);
    await reply(stopReply);
    await screen.findByRole('alert');
    first.unmount();
    const back = renderDialog([{ role: 'user', content: 'dada saya nyeri' }]);
    expect(screen.getByRole('alert').getAttribute('data-level')).toBe('stop');
    back.unmount();
    renderDialog([]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

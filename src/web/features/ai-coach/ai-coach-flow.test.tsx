import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiMessages, type ChatReply, type PlanDraftResponse, type PlanRefusal } from '../../../domain/ai-coach/contract';
import { ApiError } from '../../api/client';
import { ToastProvider } from '../../components/toast';
import type * as AiCoachApi from './ai-coach-api';
import { AiCoachFlow, SAVED_MESSAGE, type AiCoachFlowProps, type FlowStart } from './ai-coach-flow';

const api = vi.hoisted(() => ({ chat: vi.fn(), modify: vi.fn(), create: vi.fn(), save: vi.fn() }));
vi.mock('./ai-coach-api', async (importOriginal) => {
  const real = await importOriginal<typeof AiCoachApi>();
  return {
    aiErrorText: real.aiErrorText,
    useAiChat: () => useMutation({ mutationFn: api.chat }),
    useModifyPlan: () => useMutation({ mutationFn: api.modify }),
    useCreatePlan: () => useMutation({ mutationFn: api.create }),
    useSaveDraft: () => useMutation({ mutationFn: api.save }),
  };
});

const moved: PlanDraftResponse = {
  draftId: 'draft-9',
  startDate: '12-07-2027',
  endDate: '18-07-2027',
  notes: [],
  fitness: null,
  trainingPlan: [{ date: '18-07-2027', title: 'Long Run', program: '(12k)', paceRange: "6'30 - 7'00", color: 'bg-green-500', periodization: 'Base', generatedby: 'ai' }],
};
const proposal: ChatReply = {
  status: 'COMPLETE',
  clarification_question: null,
  modifications: [{ instruction: 'Pindahkan Long Run dari Sabtu 17-07-2027 ke Minggu 18-07-2027.', action: { type: 'move', from: '17-07-2027', to: '18-07-2027' } }],
};

function renderFlow(start: FlowStart = 'chat', props: Partial<AiCoachFlowProps> = {}) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ToastProvider>
        <AiCoachFlow start={start} userId="u1" today="2027-07-14" onClose={onClose} {...props} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

function rememberFilledForm(over: Record<string, unknown> = {}) {
  localStorage.setItem(
    'derap:ai-plan-form:u1',
    JSON.stringify({
      umur: '30',
      jenisKelamin: 'Perempuan',
      runningExperience: '1-3 Tahun',
      kemampuanLari: 'Menengah',
      noPersonalBests: true,
      jarakMingguan: '20',
      lariTerjauh: '10',
      targetLatihan: 'Menjaga Kebugaran',
      kebugaranFocus: 'Jaga Kebugaran Umum',
      hariLatihan: ['Selasa', 'Minggu'],
      hariLongRun: 'Minggu',
      aksesTrek: 'Ya',
      ...over,
    }),
  );
}

const chatDialog = () => screen.getByRole('dialog', { name: 'Tanya AI untuk Penyesuaian' });
const send = (text: string) => {
  fireEvent.change(screen.getByLabelText('Pesan untuk AI Coach'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
};

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  localStorage.clear();
});
afterEach(cleanup);

describe('<AiCoachFlow> chat', () => {
  it('shows suggestions while empty; a suggestion asks the AI with the history, and a clarification comes back as its message', async () => {
    api.chat.mockResolvedValueOnce({ status: 'NEEDS_CLARIFICATION', clarification_question: 'Minggu ini atau minggu depan?', modifications: [] });
    renderFlow();
    fireEvent.click(within(screen.getByTestId('chat-suggestions')).getByRole('button', { name: 'Kurangi volume minggu ini' }));
    expect(screen.queryByTestId('chat-suggestions')).toBeNull();
    expect(await screen.findByText('AI sedang membalas…')).toBeTruthy();
    expect((await screen.findByTestId('chat-ai-message')).textContent).toContain('Minggu ini atau minggu depan?');
    expect(api.chat.mock.calls[0]![0]).toEqual({ maingoal: '', chathistory: [], usermessage: 'Kurangi volume minggu ini' });
    expect(screen.getByRole('log').getAttribute('aria-live')).toBe('polite');

    api.chat.mockResolvedValueOnce(proposal);
    send('Minggu ini');
    await screen.findByTestId('chat-approval');
    expect(api.chat.mock.calls[1]![0].chathistory).toEqual([
      { role: 'user', content: 'Kurangi volume minggu ini' },
      { role: 'ai', content: 'Minggu ini atau minggu depan?' },
    ]);
  });

  it('approval: Setuju turns the changes into a preview whose Kembali returns to the chat; Simpan saves, shows the first day and closes', async () => {
    api.chat.mockResolvedValue(proposal);
    api.modify.mockResolvedValue(moved);
    api.save.mockResolvedValue({ _id: 'p1', trainingPlan: [] });
    const onSaved = vi.fn();
    const { onClose } = renderFlow('chat', { onSaved });
    send('pindahkan long run ke hari Minggu');
    const card = await screen.findByTestId('chat-approval');
    expect(card.textContent).toContain('Pindahkan Long Run dari Sabtu 17-07-2027 ke Minggu 18-07-2027.');

    fireEvent.click(within(card).getByRole('button', { name: 'Setuju' }));
    const preview = await screen.findByRole('dialog', { name: 'Hasil Program AI' });
    expect(api.modify.mock.calls[0]![0]).toEqual(proposal.modifications);
    expect(within(preview).getByTestId('preview-replace-note').textContent).toContain('12 Juli 2027 – 18 Juli 2027');

    // Back to the chat, the conversation still there.
    fireEvent.click(within(preview).getByRole('button', { name: 'Kembali' }));
    expect(within(chatDialog()).getAllByTestId('chat-user-message')[0]!.textContent).toContain('pindahkan long run ke hari Minggu');
    fireEvent.click(within(screen.getByTestId('chat-approval')).getByRole('button', { name: 'Setuju' }));
    const again = await screen.findByRole('dialog', { name: 'Hasil Program AI' });

    // Refresh asks for the same modification again.
    fireEvent.click(within(again).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.modify).toHaveBeenCalledTimes(3));
    expect(api.modify.mock.calls[2]![0]).toEqual(proposal.modifications);

    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Hasil Program AI' })).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.save.mock.calls[0]![0]).toBe('draft-9');
    expect(screen.getByText(SAVED_MESSAGE)).toBeTruthy();
    // The calendar opens on the plan's first run (18 July), not on the month it showed.
    expect(onSaved.mock.calls).toEqual([['2027-07-18']]);
  });

  it('Batal discards the proposal; failures show the spec texts', async () => {
    api.chat.mockResolvedValueOnce(proposal);
    renderFlow();
    send('pindahkan long run ke hari Minggu');
    fireEvent.click(within(await screen.findByTestId('chat-approval')).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByTestId('chat-approval')).toBeNull();
    expect(api.modify).not.toHaveBeenCalled();

    api.chat.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    send('Saya sakit flu');
    expect((await within(chatDialog()).findByRole('alert')).textContent).toBe(aiMessages.chatFailed);

    api.chat.mockRejectedValueOnce(new ApiError(400, aiMessages.needsPlan, 'NEEDS_PLAN'));
    send('Lutut saya sakit');
    await waitFor(() => expect(within(chatDialog()).getByRole('alert').textContent).toBe(aiMessages.needsPlan));

    api.chat.mockResolvedValueOnce(proposal);
    api.modify.mockRejectedValueOnce(new ApiError(500, 'Terjadi kesalahan.'));
    send('pindahkan long run ke hari Minggu');
    fireEvent.click(within(await screen.findByTestId('chat-approval')).getByRole('button', { name: 'Setuju' }));
    await waitFor(() => expect(within(chatDialog()).getByRole('alert').textContent).toBe(aiMessages.approveFailed));
  });
});

describe('<AiCoachFlow> form', () => {
  it('a created draft opens the preview; Kembali returns to the form with what was typed; a save conflict is shown', async () => {
    rememberFilledForm();
    api.create.mockResolvedValue(moved);
    api.save.mockRejectedValue(new ApiError(409, aiMessages.draftSaved));
    renderFlow('form');
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program' }));
    const preview = await screen.findByRole('dialog', { name: 'Hasil Program AI' });
    expect(api.create.mock.calls[0]![0]).toMatchObject({ umur: 30, startDate: '14-07-2027', endDate: '10-08-2027' });

    fireEvent.click(within(preview).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(within(preview).getByRole('alert').textContent).toBe(aiMessages.draftSaved));

    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    const form = screen.getByRole('dialog', { name: 'Buat Program Latihan dengan AI' });
    expect((within(form).getByLabelText('Umur', { exact: false, selector: 'input' }) as HTMLInputElement).value).toBe('30');
  });

  it('an empty form sends nothing; a createplan failure shows the server message, or the spec fallback', async () => {
    renderFlow('form');
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program' }));
    await screen.findByText(aiMessages.ageRequired);
    expect(api.create).not.toHaveBeenCalled();
    cleanup();

    rememberFilledForm();
    renderFlow('form');
    const form = () => screen.getByRole('dialog', { name: 'Buat Program Latihan dengan AI' });
    api.create.mockRejectedValueOnce(new ApiError(429, aiMessages.quotaExceeded));
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program' }));
    await waitFor(() => expect(within(form()).getByRole('alert').textContent).toBe(aiMessages.quotaExceeded));
    api.create.mockRejectedValueOnce(new ApiError(500, 'Terjadi kesalahan.'));
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program' }));
    await waitFor(() => expect(within(form()).getByRole('alert').textContent).toBe(aiMessages.createFailed));
    // A 400 naming a field puts its message under that field.
    api.create.mockRejectedValueOnce(new ApiError(400, aiMessages.ageRange, 'VALIDATION', [{ path: 'umur', message: aiMessages.ageRange }]));
    fireEvent.click(screen.getByRole('button', { name: 'Buat Program' }));
    await waitFor(() => expect(within(form()).getByText(aiMessages.ageRange).id).toMatch(/umur-error$/));
    expect(within(form()).queryByRole('alert')).toBeNull();
  });
});

/** The 422 the API client throws for a refusal (its whole body kept). */
const refused = (refusal: PlanRefusal) => new ApiError(422, refusal.message, refusal.code, refusal.errors, undefined, refusal);
const formDialog = () => screen.getByRole('dialog', { name: 'Buat Program Latihan dengan AI' });
const createButton = () => within(formDialog()).getByRole('button', { name: 'Buat Program' });
const raceOver = { targetLatihan: 'Race Selanjutnya', tanggalRace: '2027-08-29', kategoriTargetRace: 'Full Marathon', targetWaktu: '05:30:00', noPersonalBests: false, personalBests: [{ distance: '5K', time: '00:12:00' }] };
const checkInput: PlanRefusal = {
  code: 'CHECK_INPUT',
  message: 'Beberapa data Anda saling bertentangan.',
  errors: [{ path: 'personalBests.0.time', message: 'Catatan waktu 5K 00:12:00 lebih cepat dari rekor dunia.' }],
};
const goalNotSafe: PlanRefusal = {
  code: 'GOAL_NOT_SAFE',
  message: 'Target Full Marathon pada 29-08-2027 belum bisa dicapai dengan aman.',
  alternatives: [{ kind: 'shorter-distance', message: '10K pada tanggal yang sama (29-08-2027) dengan target 01:05:00.', kategoriTargetRace: '10K', targetWaktu: '01:05:00' }],
};
const cautious: PlanDraftResponse = { ...moved, notes: ['Anda mengonfirmasi data yang tidak biasa, jadi program memakai asumsi yang hati-hati: catatan waktu 5K 00:12:00 tidak dipakai.'] };

describe('<AiCoachFlow> refusals', () => {
  it('CHECK_INPUT: the field message and the confirmation; confirmed, a GOAL_NOT_SAFE alternative keeps the confirmation and gives the cautious plan', async () => {
    rememberFilledForm(raceOver);
    api.create.mockRejectedValueOnce(refused(checkInput)).mockRejectedValueOnce(refused(goalNotSafe)).mockResolvedValueOnce(cautious);
    renderFlow('form');
    fireEvent.click(createButton());
    const panel = await screen.findByTestId('plan-refusal');
    expect(panel.getAttribute('role')).toBe('alert');
    expect(panel.textContent).toContain(checkInput.message);
    // The message at its field too.
    await waitFor(() => expect(within(formDialog()).getByText(checkInput.errors![0]!.message, { selector: '[id$="personalBests-0-time-error"]' })).toBeTruthy());
    expect(api.create.mock.calls[0]![0]).not.toHaveProperty('confirmInputs');

    fireEvent.click(within(panel).getByRole('button', { name: 'Data saya sudah benar, lanjutkan' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(2));
    expect(api.create.mock.calls[1]![0]).toMatchObject({ confirmInputs: true, kategoriTargetRace: 'Full Marathon' });
    await waitFor(() => expect(screen.getByTestId('plan-refusal').getAttribute('data-code')).toBe('GOAL_NOT_SAFE'));

    fireEvent.click(within(screen.getByTestId('plan-refusal')).getByRole('button', { name: /10K pada tanggal yang sama/ }));
    const preview = await screen.findByRole('dialog', { name: 'Hasil Program AI' });
    expect(api.create.mock.calls[2]![0]).toMatchObject({ confirmInputs: true, kategoriTargetRace: '10K', targetWaktu: '01:05:00' });
    expect(within(preview).getByTestId('preview-notes').textContent).toContain('asumsi yang hati-hati');

    // Back in the form with other data: the confirmation does not cover it.
    fireEvent.click(within(preview).getByRole('button', { name: 'Kembali' }));
    expect(screen.queryByTestId('plan-refusal')).toBeNull();
    fireEvent.change(within(formDialog()).getByLabelText('Waktu 1', { selector: 'input' }), { target: { value: '00:11:00' } });
    api.create.mockRejectedValueOnce(refused(checkInput));
    fireEvent.click(createButton());
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(4));
    expect(api.create.mock.calls[3]![0]).not.toHaveProperty('confirmInputs');
  });

  it("SEE_A_DOCTOR: the refusal, then 'Dokter sudah mengizinkan saya berlatih' sends the form again with medicalClearance", async () => {
    rememberFilledForm({ riwayatCidera: 'Stress fracture 3 minggu lalu, masih sakit kalau jalan' });
    const seeDoctor: PlanRefusal = { code: 'SEE_A_DOCTOR', message: "Patah tulang perlu izin dokter. Jika sudah, centang 'Dokter sudah mengizinkan saya berlatih' lalu buat program lagi." };
    api.create
      .mockRejectedValueOnce(refused(seeDoctor))
      .mockRejectedValueOnce(new ApiError(429, aiMessages.rateLimited))
      .mockResolvedValueOnce(moved);
    renderFlow('form');
    expect(screen.queryByRole('checkbox', { name: /Dokter sudah mengizinkan/ })).toBeNull();
    fireEvent.click(createButton());
    const panel = await screen.findByTestId('plan-refusal');
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(api.create.mock.calls[0]![0]).toMatchObject({ medicalClearance: false });
    // Sent again unticked (and failing otherwise), the form still offers the clearance, now under the health fields.
    fireEvent.click(within(panel).getByRole('button', { name: 'Buat program lagi' }));
    await waitFor(() => expect(within(formDialog()).getByRole('alert').textContent).toBe(aiMessages.rateLimited));
    expect(screen.queryByTestId('plan-refusal')).toBeNull();
    fireEvent.click(within(screen.getByTestId('medical-clearance')).getByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ }));
    fireEvent.click(createButton());
    await screen.findByRole('dialog', { name: 'Hasil Program AI' });
    expect(api.create.mock.calls[2]![0]).toMatchObject({ medicalClearance: true });
    // Back in the form, the answer stays in view under the health fields.
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    expect((within(screen.getByTestId('medical-clearance')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('any other failure stays a plain message, and the preview is told when runs lock', async () => {
    rememberFilledForm();
    api.create.mockRejectedValueOnce(new ApiError(422, aiMessages.needsProfile, 'AI_NEEDS_PROFILE')).mockResolvedValueOnce(moved);
    renderFlow('form', { lock: { accessEnd: '2027-07-16', status: 'trialing' } });
    fireEvent.click(createButton());
    await waitFor(() => expect(within(formDialog()).getByRole('alert').textContent).toBe(aiMessages.needsProfile));
    expect(screen.queryByTestId('plan-refusal')).toBeNull();
    fireEvent.click(createButton());
    const preview = await screen.findByRole('dialog', { name: 'Hasil Program AI' });
    expect(within(preview).getByTestId('preview-locked-note').textContent).toContain('uji coba gratismu berakhir (16 Juli 2027). 1 dari 1 latihan');
  });
});

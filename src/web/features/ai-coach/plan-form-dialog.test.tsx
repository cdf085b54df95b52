import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiMessages, type PlanRefusal } from '../../../domain/ai-coach/contract';
import { PlanFormDialog, type PlanFormDialogProps } from './plan-form-dialog';
import { emptyPlanForm, type PlanFormValues } from './plan-form';

afterEach(cleanup);

const today = '2027-07-14';

function renderForm(values: Partial<PlanFormValues> = {}, props: Partial<PlanFormDialogProps> = {}) {
  const onSubmit = vi.fn();
  const onValuesChange = vi.fn();
  render(
    <PlanFormDialog
      today={today}
      initialValues={{ ...emptyPlanForm(today), ...values }}
      onValuesChange={onValuesChange}
      onSubmit={onSubmit}
      onClose={() => {}}
      pending={false}
      error={null}
      {...props}
    />,
  );
  return { onSubmit, onValuesChange };
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });
const radio = (groupName: string, name: string | RegExp) => within(group(groupName)).getByRole('radio', { name }) as HTMLInputElement;
const day = (name: string) => within(group('Hari latihan')).getByRole('checkbox', { name }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Buat Program' }));
const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input,select,textarea' }) as HTMLInputElement;

describe('<PlanFormDialog>', () => {
  it('offers the long-run day only among the training days, and clears it when that day is unticked', async () => {
    renderForm();
    expect(within(group('Hari long run')).queryAllByRole('radio')).toEqual([]);
    expect(group('Hari long run').textContent).toContain('Pilih hari latihan dulu');

    fireEvent.click(day('Minggu'));
    fireEvent.click(day('Selasa'));
    // In the week's order, whatever the order of ticking.
    expect(within(group('Hari long run')).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['Selasa', 'Minggu']);
    fireEvent.click(radio('Hari long run', 'Minggu'));
    expect(radio('Hari long run', 'Minggu').checked).toBe(true);

    fireEvent.click(day('Minggu'));
    expect(within(group('Hari long run')).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['Selasa']);
    submit();
    expect(await screen.findByText(aiMessages.longRunDayRequired, {}, { timeout: 4000 })).toBeTruthy();
  });

  it('adds personal-best rows up to four, removes them while more than one, and hides them for a runner without any', () => {
    renderForm();
    const rows = () => screen.queryAllByTestId('personal-best-row');
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Hapus catatan/ })).toBeNull();
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Tambah catatan' }));
    add();
    add();
    add();
    expect(rows()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Tambah catatan' })).toBeNull();
    fireEvent.change(input('Waktu 2'), { target: { value: '00:25:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hapus catatan 1' }));
    expect(rows()).toHaveLength(3);
    expect(input('Waktu 1').value).toBe('00:25:00');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus catatan 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hapus catatan 1' }));
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Hapus catatan/ })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Belum punya catatan waktu' }));
    expect(rows()).toHaveLength(0);
  });

  it('shows the race fields for a race goal and the fitness focus otherwise, each required on submit', async () => {
    renderForm();
    expect(screen.queryByTestId('race-fields')).toBeNull();
    expect(screen.queryByTestId('fitness-fields')).toBeNull();
    fireEvent.click(radio('Target latihan', /Race Selanjutnya/));
    expect(screen.getByTestId('race-fields')).toBeTruthy();
    expect(input('Tanggal race').min).toBe(today);
    fireEvent.change(input('Tanggal mulai'), { target: { value: '2027-08-02' } });
    expect(input('Tanggal race').min).toBe('2027-08-02');
    submit();
    expect(await screen.findByText(aiMessages.raceDateRequired, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(aiMessages.raceCategoryRequired)).toBeTruthy();
    expect(screen.getByText(aiMessages.targetTimeRequired)).toBeTruthy();
    expect(screen.queryByText(aiMessages.focusRequired)).toBeNull();

    fireEvent.click(radio('Target latihan', /Menjaga Kebugaran/));
    expect(screen.queryByTestId('race-fields')).toBeNull();
    expect(screen.getByTestId('fitness-fields')).toBeTruthy();
    submit();
    expect(await screen.findByText(aiMessages.focusRequired, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(aiMessages.raceDateRequired)).toBeNull();
  });

  it('marks every missing field on submit, focuses the first and sends nothing', async () => {
    const { onSubmit } = renderForm();
    // As a runner would: the dialog has taken focus (its own opening focus) before Buat Program is pressed.
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true), { timeout: 4000 });
    submit();
    expect(await screen.findByText(aiMessages.ageRequired, {}, { timeout: 4000 })).toBeTruthy();
    for (const message of [aiMessages.genderRequired, aiMessages.experienceRequired, aiMessages.abilityRequired, aiMessages.weeklyKmRequired, aiMessages.goalRequired, aiMessages.trainingDaysRequired, aiMessages.trackRequired, aiMessages.personalBestDistance]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(input('Umur')), { timeout: 4000 });
    expect(input('Umur').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the checked request, reports each change for remembering, and shows a server field message', async () => {
    const values: Partial<PlanFormValues> = {
      umur: '30',
      jenisKelamin: 'Laki-laki',
      runningExperience: '6-12 Bulan',
      kemampuanLari: 'Pemula',
      noPersonalBests: true,
      jarakMingguan: '15',
      lariTerjauh: '8',
      targetLatihan: 'Menjaga Kebugaran',
      kebugaranFocus: 'Tambah Jarak Lari',
      hariLatihan: ['Rabu', 'Sabtu'],
      hariLongRun: 'Sabtu',
      aksesTrek: 'Ya',
    };
    const { onSubmit, onValuesChange } = renderForm(values, { serverFieldErrors: {} });
    expect(radio('Hari long run', 'Sabtu').checked).toBe(true);
    fireEvent.change(input('Catatan lainnya'), { target: { value: 'Lari pagi saja' } });
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ catatanLainnya: 'Lari pagi saja', umur: '30' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      umur: 30,
      personalBests: [],
      startDate: '14-07-2027',
      endDate: '10-08-2027',
      hariLatihan: ['Rabu', 'Sabtu'],
      catatanLainnya: 'Lari pagi saja',
    });
  });

  it('shows the server message of a field under it, and a general failure under the form', () => {
    renderForm({}, { serverFieldErrors: { umur: aiMessages.ageRange }, error: aiMessages.createFailed });
    expect(screen.getByText(aiMessages.ageRange)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(aiMessages.createFailed);
  });

  it('says the AI is working while the request runs', () => {
    renderForm({}, { pending: true });
    expect(screen.getByRole('button', { name: 'Buat Program' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('AI sedang menyusun programmu…')).toBeTruthy();
  });
});

/** A filled race form: a beginner aiming at a Full Marathon. */
const raceForm: Partial<PlanFormValues> = {
  umur: '28',
  jenisKelamin: 'Laki-laki',
  runningExperience: '< 6 Bulan',
  kemampuanLari: 'Pemula',
  personalBests: [{ distance: '5K', time: '00:12:00' }],
  jarakMingguan: '8',
  lariTerjauh: '3',
  targetLatihan: 'Race Selanjutnya',
  tanggalRace: '2027-08-29',
  kategoriTargetRace: 'Full Marathon',
  targetWaktu: '05:30:00',
  hariLatihan: ['Selasa', 'Kamis', 'Minggu'],
  hariLongRun: 'Minggu',
  aksesTrek: 'Tidak',
};
const goalNotSafe: PlanRefusal = {
  code: 'GOAL_NOT_SAFE',
  message: 'Target Full Marathon pada 29-08-2027 belum bisa dicapai dengan aman. Pilih salah satu alternatif di bawah ini, atau ubah formulirnya.',
  alternatives: [
    { kind: 'later-race', message: 'Full Marathon pada 27-02-2028 (26 minggu lebih lambat) dengan target 05:50:00.', tanggalRace: '27-02-2028', targetWaktu: '05:50:00' },
    { kind: 'more-days', message: 'Tetap Full Marathon dengan 4 hari lari per minggu.', hariLatihan: ['Senin', 'Selasa', 'Kamis', 'Minggu'] },
  ],
};
const checkInput: PlanRefusal = {
  code: 'CHECK_INPUT',
  message: 'Beberapa data Anda saling bertentangan.',
  errors: [{ path: 'personalBests.0.time', message: 'Catatan waktu 5K 00:12:00 lebih cepat dari rekor dunia.' }],
};
const seeDoctor: PlanRefusal = { code: 'SEE_A_DOCTOR', message: "Patah tulang perlu izin dokter. Jika sudah, centang 'Dokter sudah mengizinkan saya berlatih' lalu buat program lagi." };
const refusalPanel = () => screen.getByTestId('plan-refusal');

describe('<PlanFormDialog> refusals', () => {
  it('GOAL_NOT_SAFE: an alert that takes focus, each alternative a button that puts its fields into the form and sends it', async () => {
    const { onSubmit } = renderForm(raceForm, { refusal: goalNotSafe });
    const panel = refusalPanel();
    expect(panel.getAttribute('role')).toBe('alert');
    expect(within(panel).getByRole('heading').textContent).toBe('Target ini belum aman');
    expect(panel.textContent).toContain(goalNotSafe.message);
    await waitFor(() => expect(document.activeElement).toBe(panel));
    const choices = within(panel).getAllByTestId('refusal-alternative');
    expect(choices.map((c) => c.tagName)).toEqual(['BUTTON', 'BUTTON']);
    expect(choices[0]!.textContent).toContain(goalNotSafe.alternatives![0]!.message);

    fireEvent.click(within(panel).getByRole('button', { name: /26 minggu lebih lambat/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ tanggalRace: '27-02-2028', endDate: '27-02-2028', targetWaktu: '05:50:00', kategoriTargetRace: 'Full Marathon' });
    expect(onSubmit.mock.calls[0]![1]).toBeUndefined();
    expect(input('Tanggal race').value).toBe('2028-02-27');

    fireEvent.click(within(panel).getByRole('button', { name: /4 hari lari/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].hariLatihan).toEqual(['Senin', 'Selasa', 'Kamis', 'Minggu']);
    expect(day('Senin').checked).toBe(true);
  });

  it("GOAL_NOT_SAFE: 'Ubah formulir' leaves the refusal for the race date", async () => {
    const onDismissRefusal = vi.fn();
    renderForm(raceForm, { refusal: goalNotSafe, onDismissRefusal });
    fireEvent.click(within(refusalPanel()).getByRole('button', { name: 'Ubah formulir' }));
    expect(onDismissRefusal).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(input('Tanggal race')));
  });

  it('CHECK_INPUT: the message at its field, a summary, and a confirmation that sends confirmInputs', async () => {
    const onDismissRefusal = vi.fn();
    const { onSubmit } = renderForm(raceForm, { refusal: checkInput, serverFieldErrors: { 'personalBests.0.time': checkInput.errors![0]!.message }, onDismissRefusal });
    const panel = refusalPanel();
    await waitFor(() => expect(document.activeElement).toBe(panel));
    // At the field: the control is invalid and described by the message.
    const time = input('Waktu 1');
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(time.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(checkInput.errors![0]!.message);

    fireEvent.click(within(panel).getByRole('button', { name: 'Data saya sudah benar, lanjutkan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![1]).toEqual({ confirmInputs: true });
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ personalBests: [{ distance: '5K', time: '00:12:00' }] });

    fireEvent.click(within(panel).getByRole('button', { name: 'Perbaiki data' }));
    expect(onDismissRefusal).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(time));
  });

  it("SEE_A_DOCTOR: 'Dokter sudah mengizinkan saya berlatih' in the refusal, sent as medicalClearance", async () => {
    const { onSubmit } = renderForm({ ...raceForm, riwayatCidera: 'Stress fracture 3 minggu lalu' }, { refusal: seeDoctor, showClearance: true });
    const panel = refusalPanel();
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(within(panel).getByRole('heading').textContent).toBe('Perlu izin dokter dulu');
    // One checkbox, in the refusal while it is shown.
    expect(screen.getAllByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ })).toHaveLength(1);
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Buat program lagi' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ medicalClearance: true, riwayatCidera: 'Stress fracture 3 minggu lalu' });
  });

  it('sends nothing more while the form is on its way (the refusal keeps its buttons, and their focus)', async () => {
    const { onSubmit } = renderForm({ ...raceForm, medicalClearance: true }, { refusal: seeDoctor, pending: true });
    fireEvent.click(within(refusalPanel()).getByRole('button', { name: 'Buat program lagi' }));
    cleanup();
    const second = renderForm(raceForm, { refusal: goalNotSafe, pending: true });
    fireEvent.click(within(refusalPanel()).getByRole('button', { name: /26 minggu lebih lambat/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(second.onSubmit).not.toHaveBeenCalled();
    expect(input('Tanggal race').value).toBe('2027-08-29');
  });

  it('offers the clearance under the health fields only after a SEE_A_DOCTOR (or once ticked), not to every runner', () => {
    renderForm({ riwayatCidera: 'Cedera lutut 2 tahun lalu' });
    expect(screen.queryByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ })).toBeNull();
    cleanup();
    renderForm({}, { showClearance: true });
    expect(within(screen.getByTestId('medical-clearance')).getByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ })).toBeTruthy();
    cleanup();
    renderForm({ medicalClearance: true });
    expect((screen.getByRole('checkbox', { name: /Dokter sudah mengizinkan saya berlatih/ }) as HTMLInputElement).checked).toBe(true);
  });
});

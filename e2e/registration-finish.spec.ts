import { seriousViolations } from './axe';
import { expect, signIn, test } from './fixtures';
import { createAcceptedEvent, fillRunner } from './registration-helpers';

/**
 * Issue 13 item 7, a registration runners finish: field errors with a summary and the first wrong
 * field focused, the BIB counter, the one-tap email fix; issue 28 item 8, inputs taken right: a BIB
 * name too long kept whole with its error, a phone with letters refused, a 13-digit NIK refused, and
 * what is stored in another form (+62, the NIK without spaces) shown before sending; a failed payment retried on the same REG
 * number without typing again; the success page's QR code, summary and 'Kirim ulang email'; an
 * unknown id is not a success; the runner's dashboard shows the registration and its QR code.
 */

test('a runner fixes the form, the payment fails, pays again on the same REG number without retyping, and gets the QR code', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) => `/tmp/registration-finish-${name}-${testInfo.project.name}.png`;
  const name = `Solo Finish Run ${testInfo.project.name} ${Date.now() % 100000}`;
  const event = await createAcceptedEvent(request, name, { categories: [{ name: '10K', description: 'Rute kota', price: 185000, slots: 100 }] });
  const email = `dewi.${testInfo.project.name}.${Date.now() % 100000}@gmail.com`;

  await page.goto(`/register/${event.code}`);
  const submit = page.getByRole('button', { name: 'Lanjutkan Pembayaran' });
  await expect(submit).toBeEnabled();

  // A first try with a few things typed: every problem under its field, a summary on top, the first wrong field focused.
  await page.getByLabel('Email').fill(email.replace('@gmail.com', '@gmial.com'));
  await page.getByLabel('Nomor Telepon').fill('0812');
  await submit.click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeVisible();
  await expect(summary).toHaveAttribute('role', 'alert');
  await expect(summary).toContainText('Ada 15 isian yang perlu diperbaiki');
  await expect(summary.getByRole('link').first()).toHaveText('Email');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`Domain mungkin salah eja, maksud Anda ${email}?`, { exact: true })).toBeVisible();
  await expect(page.getByText('Nomor telepon terlalu pendek', { exact: true })).toBeVisible();
  await expect(page.getByText('Kategori wajib dipilih', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('errors'), fullPage: false });
  // A summary link moves to its field.
  await summary.getByRole('link', { name: 'Nama Lengkap' }).click();
  await expect(page.getByLabel('Nama Lengkap')).toBeFocused();

  // The email typo: one tap applies the suggestion.
  await page.getByRole('button', { name: `Gunakan ${email}` }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText(`Domain mungkin salah eja, maksud Anda ${email}?`, { exact: true })).toHaveCount(0);

  // The BIB name: a counter, and a name longer than 10 characters stays whole with an error at once, never cut.
  const bib = page.getByLabel('Nama BIB');
  await bib.fill('DEWI');
  await expect(page.getByTestId('bib-counter')).toHaveText('Terisi 4/10');
  await bib.fill('');
  await bib.pressSequentially('RIZKY PRATAMA');
  await expect(bib).toHaveValue('RIZKY PRATAMA');
  await expect(page.getByTestId('bib-counter')).toHaveText('Terisi 13/10');
  await expect(page.getByText('Nama BIB maksimal 10 karakter (terisi 13). Tulis nama yang lebih pendek, misalnya nama panggilan.', { exact: true })).toBeVisible();
  await expect(bib).toHaveAttribute('aria-invalid', 'true');
  await bib.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('bib'), fullPage: false });

  // A phone with letters is refused with why (kept as typed, not stripped); a right one shows the +62 form it is stored in.
  const phone = page.getByLabel('Nomor Telepon');
  await phone.fill('0812-abc 345');
  await phone.blur();
  await expect(page.getByText('Nomor telepon hanya boleh berisi angka, spasi, tanda hubung (-) dan tanda + di depan', { exact: true })).toBeVisible();
  await expect(phone).toHaveValue('0812-abc 345');
  await phone.fill('0812-3456-7890');
  await expect(page.getByTestId('stored-as')).toHaveText('Disimpan sebagai +6281234567890.');
  // A NIK is 16 digits: 13 are refused with the count.
  await page.getByLabel('Jenis Identitas').selectOption('KTP');
  await page.getByLabel('Nomor Identitas').fill('5171 0000 0000 0');
  await page.getByLabel('Nomor Identitas').blur();
  await expect(page.getByText('NIK harus 16 angka sesuai KTP (terisi 13 angka)', { exact: true })).toBeVisible();
  await phone.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('phone'), fullPage: false });

  // Everything else, then send: the values stored in another form are listed above the button.
  await fillRunner(page, email);
  await bib.fill('DEWI');
  await phone.fill('0812-3456-7890');
  await page.getByLabel('Nomor Identitas').fill('5171 0000 0000 0001');
  const storedList = page.getByTestId('stored-changes');
  await expect(storedList).toContainText('Nomor Telepon: +6281234567890');
  await expect(storedList).toContainText('Nomor Identitas: 5171000000000001');
  await storedList.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('stored'), fullPage: false });
  await page.getByRole('radio', { name: /10K/ }).check();
  await page.getByRole('radio', { name: 'GoPay' }).check();
  await page.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }).check();
  await expect(summary).toHaveCount(0);
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Menuju Halaman Pembayaran' });
  await expect(dialog).toBeVisible();
  const registrationId = (await dialog.getByText(/^ID pendaftaran REG-/).textContent())!.replace('ID pendaftaran ', '').trim();
  expect(registrationId).toMatch(/^REG-[A-Z2-7]{10}$/);
  await dialog.getByRole('button', { name: 'Bayar sekarang' }).click();

  // The checkout shows the same REG number as the countdown; the payment fails.
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await expect(page.getByText(registrationId, { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${registrationId}-[0-9a-f]{24}$`))).toBeVisible();
  await page.screenshot({ path: shot('checkout'), fullPage: false });
  await page.getByRole('button', { name: 'Gagalkan pembayaran' }).click();
  await page.waitForURL(/\/registration-success\?id=REG-.*transaction_status=deny/);
  await expect(page.getByRole('heading', { name: 'Pembayaran Belum Berhasil' })).toBeVisible();
  await expect(page.getByTestId('registration-id')).toHaveText(registrationId);

  // Back on the form: everything still filled in, and 'Coba bayar lagi' for the same registration.
  await page.getByRole('link', { name: 'Kembali ke formulir pendaftaran' }).click();
  await expect(page).toHaveURL(new RegExp(`/register/${event.code}$`));
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Putu Ayu Saraswati');
  await expect(page.getByLabel('Nomor Identitas')).toHaveValue('5171 0000 0000 0001');
  await expect(page.getByLabel('Tanggal Lahir')).toHaveValue('1995-03-14');
  await expect(page.getByRole('radio', { name: /10K/ })).toBeChecked();
  const held = page.getByRole('status').filter({ hasText: `Pendaftaran ${registrationId} menunggu pembayaran.` });
  await expect(held.getByRole('timer')).toHaveText(/^1[0-5]:\d{2}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('held'), fullPage: false });
  await held.getByRole('link', { name: 'Coba bayar lagi' }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await expect(page.getByText('Pembayaran sebelumnya gagal. Anda dapat mencoba lagi.')).toBeVisible();
  await expect(page.getByText(registrationId, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();

  // Paid: the QR code and the summary, and the confirmation can be sent again.
  await page.waitForURL(/\/registration-success\?id=REG-/);
  await expect(page.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toBeVisible();
  await expect(page.getByTestId('registration-id')).toHaveText(registrationId);
  await expect(page.getByRole('img', { name: `Kode QR pendaftaran ${registrationId}` })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Kode QR Pengambilan Racepack' });
  for (const text of [name, '10K', 'Putu Ayu Saraswati', 'DEWI', 'S', 'Rp195.000']) await expect(receipt.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByText(/dikirim ke email Anda \(de\*\*\*@gmail\.com\)/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('success'), fullPage: true });

  // The same return address in another browser (forwarded, read from a history): the status, no name, no QR code (issue 26 §8).
  const elsewhere = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() });
  const other = await elsewhere.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toBeVisible();
  await expect(other.getByTestId('registration-id')).toHaveText(registrationId);
  await expect(other.getByTestId('receipt-elsewhere')).toBeVisible();
  await expect(other.getByRole('img', { name: `Kode QR pendaftaran ${registrationId}` })).toHaveCount(0);
  await expect(other.getByText('Putu Ayu Saraswati')).toHaveCount(0);
  expect(await seriousViolations(other)).toEqual([]);
  await other.screenshot({ path: shot('success-elsewhere'), fullPage: true });
  await elsewhere.close();

  await page.getByRole('button', { name: 'Kirim ulang email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email konfirmasi dikirim ulang ke de***@gmail.com.' })).toBeVisible();
  await page.getByRole('button', { name: 'Kirim ulang email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email konfirmasi baru saja dikirim ulang.' })).toBeVisible();
  const outbox = await request.get('/api/admin/mail-outbox', { headers: event.admin });
  const { data } = (await outbox.json()) as { data: { to: string; subject: string }[] };
  expect(data.filter((m) => m.to === email && m.subject.includes(registrationId))).toHaveLength(2);

  // Paid: the draft is gone, so the form starts empty again.
  await page.goto(`/register/${event.code}`);
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: registrationId })).toHaveCount(0);

  // One registration, paid; nothing held.
  const list = await request.get('/api/admin/events', { headers: event.admin });
  const row = ((await list.json()) as { events: { _id: string; participants: number; pendingPayment: number }[] }).events.find((e) => e._id === event._id)!;
  expect(row).toMatchObject({ participants: 1, pendingPayment: 0 });

  // The id alone shows where it stands, without the runner's data or the QR code.
  await page.goto(`/registration-success?id=${registrationId}`);
  await expect(page.getByRole('heading', { name: 'Pendaftaran Terkonfirmasi' })).toBeVisible();
  await expect(page.getByText('Putu Ayu Saraswati')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Kode QR/ })).toHaveCount(0);

  // Signed in with the email used, the runner finds the registration and its QR code on the dashboard.
  await signIn(page.request, { email, role: 'runner', name: 'Putu Ayu' });
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Event Diikuti' });
  await expect(card.getByTestId('joined-count')).toHaveText('1');
  await expect(card.getByText(name)).toBeVisible();
  await expect(card.getByText('Terkonfirmasi')).toBeVisible();
  await card.getByRole('button', { name: `Lihat kode QR ${name}` }).click();
  const qr = page.getByRole('dialog', { name: 'Kode QR Racepack' });
  await expect(qr.getByRole('img', { name: `Kode QR pendaftaran ${registrationId}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('dashboard-qr'), fullPage: false });
});

test('/registration-success with an unknown id says the registration was not found, not a success', async ({ page }, testInfo) => {
  await page.goto('/registration-success?id=REG-XXXXXXXXXX');
  await expect(page.getByRole('heading', { name: 'Pendaftaran Tidak Ditemukan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pendaftaran Berhasil!' })).toHaveCount(0);
  await page.screenshot({ path: `/tmp/registration-finish-not-found-${testInfo.project.name}.png` });
  await page.goto('/registration-success?id=REG-XXXXXXXXXX&order_id=REG-XXXXXXXXXX-000000000000000000000000&transaction_status=settlement');
  await expect(page.getByRole('heading', { name: 'Pendaftaran Tidak Ditemukan' })).toBeVisible();
  await page.goto('/registration-success');
  await expect(page.getByRole('heading', { name: 'Pendaftaran Tidak Ditemukan' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

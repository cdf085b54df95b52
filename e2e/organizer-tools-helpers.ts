import { mkdirSync, writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import QRCode from 'qrcode';
import { toJakartaLocalInput } from '../src/domain/events/event-form';
import { expect, signIn, uniqueEmail } from './fixtures';
import { runnerAddressHeader, solvedChallenge } from './registration-challenge';

/**
 * Organizer-tools fixtures built only through the public API, as real people would: the organizer
 * creates an event, an admin accepts it, runners register and pay in the sandbox checkout, and the
 * QR value is read from the confirmation mail in the admin's outbox.
 */

const DAY = 86_400_000;
const local = (days: number, hour = 8) => toJakartaLocalInput(new Date(Date.now() + days * DAY)).slice(0, 11) + `${String(hour).padStart(2, '0')}:00`;

export interface RunnerSeed {
  fullName: string;
  email: string;
  community?: string;
  medicalNotes?: string;
  pay: boolean;
}

export interface SeededRunner extends RunnerSeed {
  registrationId: string;
  /** What the runner's QR code carries (paid runners only: it comes with the confirmation mail). */
  qrToken: string | null;
}

/** Creates an accepted platform event with two categories and registers `runners`. */
export async function seedEventWithRunners(
  organizer: APIRequestContext,
  admin: APIRequestContext,
  anonymous: APIRequestContext,
  opts: { name: string; code: string; runners: RunnerSeed[]; categories?: Record<string, unknown>[] },
) {
  const created = await organizer.post('/api/events', {
    data: {
      name: opts.name,
      description: 'Lari pagi menyusuri pantai Sanur.',
      code: opts.code,
      location: 'Pantai Sanur, Bali',
      regOpen: local(0, 0),
      regClose: local(20),
      eventDate: local(30, 5),
      paymentType: 'platform',
      paymentOptions: ['other_qris', 'gopay'],
      // Bib numbers: the paid runners get 10K-0001… and HM-001… with their confirmation.
      categories: opts.categories ?? [
        { name: '10K', price: 150_000, slots: 100, bibPrefix: '10K-', bibStart: 1, bibEnd: 2000 },
        { name: 'Half Marathon', price: 350_000, slots: 50, bibPrefix: 'HM-', bibStart: 1, bibEnd: 500 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).event as { _id: string; eventId: string; code: string; name: string };
  const accepted = await admin.patch(`/api/admin/events/${event._id}/status`, { data: { status: 'diterima' } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();

  const runners: SeededRunner[] = [];
  for (const [i, runner] of opts.runners.entries()) {
    const res = await anonymous.post('/api/runner-registrations', {
      headers: runnerAddressHeader(),
      data: {
        ...(await solvedChallenge(anonymous)),
        eventId: event.code,
        categoryId: i % 2 === 0 ? '10k' : 'half-marathon',
        paymentMethod: 'other_qris',
        runnerData: {
          fullName: runner.fullName,
          email: runner.email,
          phone: `+62812000${String(1000 + i)}`,
          bibName: runner.fullName.split(' ')[0]!.slice(0, 10),
          community: runner.community ?? '',
          bloodType: 'O+',
          tshirtSize: 'M',
          sex: i % 2 ? 'Laki-laki' : 'Perempuan',
          dob: '17-08-1992',
          identityType: 'KTP',
          identityNo: `317401000000${String(1000 + i)}`,
          emergencyName: 'Made Wirawan',
          emergencyContact: '+6281399990000',
          medicalNotes: runner.medicalNotes ?? '',
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { registration: { registrationId: string }; payment_url: string };
    if (runner.pay) {
      // The sandbox checkout's 'Bayar' button: the signed notification goes through the real webhook.
      const paid = await anonymous.post(new URL(body.payment_url).pathname, { data: { action: 'pay' }, maxRedirects: 0 });
      expect(paid.status(), await paid.text()).toBe(303);
    }
    runners.push({ ...runner, registrationId: body.registration.registrationId, qrToken: null });
  }

  const outbox = await admin.get('/api/admin/mail-outbox');
  expect(outbox.ok()).toBeTruthy();
  const mails = (await outbox.json()).data as { to: string; text: string }[];
  for (const runner of runners) {
    if (!runner.pay) continue;
    const mail = mails.find((m) => m.to === runner.email);
    expect(mail, `confirmation mail to ${runner.email}`).toBeTruthy();
    runner.qrToken = /kepada panitia: (\S+)/.exec(mail!.text)?.[1] ?? null;
    expect(runner.qrToken).toBeTruthy();
  }
  return { event, runners };
}

/** Opens 'Daftar Kegiatan' from the dashboard menu (behind the toggle, in a drawer, on phones). */
export async function openEventList(page: Page) {
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Buka menu' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Menu dasbor' }).getByRole('button', { name: 'Daftar Kegiatan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daftar Kegiatan' })).toBeVisible();
}

/**
 * A Y4M video (the format Chromium's fake camera plays) of one still frame, from raw RGBA: BT.601
 * full-range RGB → I420 (Y per pixel, U and V per 2×2 block). No ffmpeg needed.
 */
export function writeY4m(file: string, rgba: Uint8Array, width: number, height: number, frames = 10) {
  const ySize = width * height;
  const cw = width / 2;
  const ch = height / 2;
  const frame = Buffer.alloc(ySize + 2 * cw * ch);
  for (let i = 0; i < ySize; i++) {
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    frame[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const p = ((y * 2 + dy) * width + (x * 2 + dx)) * 4;
        r += rgba[p]!;
        g += rgba[p + 1]!;
        b += rgba[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      frame[ySize + y * cw + x] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      frame[ySize + cw * ch + y * cw + x] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const marker = Buffer.from('FRAME\n');
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i++) parts.push(marker, frame);
  writeFileSync(file, Buffer.concat(parts));
}

/** A camera frame (RGBA) showing the QR code of `value` in the middle of a light desk. */
export function qrFrame(value: string, width = 640, height = 480): Uint8Array {
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) * 0.6) / (size + quiet * 2));
  const side = (size + quiet * 2) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      let shade = 200; // the desk around the paper
      const qx = Math.floor((x - left) / scale) - quiet;
      const qy = Math.floor((y - top) / scale) - quiet;
      if (x >= left && x < left + side && y >= top && y < top + side) {
        const inCode = qx >= 0 && qy >= 0 && qx < size && qy < size;
        shade = inCode && qr.modules.get(qy, qx) ? 20 : 250;
      }
      rgba[p] = shade;
      rgba[p + 1] = shade;
      rgba[p + 2] = shade;
      rgba[p + 3] = 255;
    }
  }
  return rgba;
}

const shots = '/tmp/organizer-tools-shots';
mkdirSync(shots, { recursive: true });

export async function snap(page: Page, name: string) {
  // An animation canceled meanwhile (a dialog closing) rejects `finished` with AbortError: that is settled too.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png` });
}

export const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

export async function seedSanurRun(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string, organizerEmail: string) {
  const tag = tagOf();
  const organizer = await playwright.request.newContext({ baseURL });
  const admin = await playwright.request.newContext({ baseURL });
  const anonymous = await playwright.request.newContext({ baseURL });
  await signIn(organizer, { email: organizerEmail, role: 'organizer', name: 'Siti Penyelenggara' });
  await signIn(admin, 'admin');
  const seeded = await seedEventWithRunners(organizer, admin, anonymous, {
    name: `Sanur Fun Run ${tag}`,
    code: `sfr-${tag}`,
    runners: [
      { fullName: 'Ñoman Gégé Sitompul', email: uniqueEmail('noman'), community: 'Pelari "Senja", Bali', medicalNotes: 'Asma ringan', pay: true },
      { fullName: 'Budi Santoso', email: uniqueEmail('budi'), pay: true },
      { fullName: 'Rina Wulandari', email: uniqueEmail('rina'), pay: false },
    ],
  });
  await Promise.all([organizer.dispose(), admin.dispose(), anonymous.dispose()]);
  return seeded;
}


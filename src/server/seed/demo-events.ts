/**
 * Demo running events: accepted events in the future (one with a sold-out category), one not yet
 * open, one whose registration has closed, one awaiting moderation, an open self-managed (bank
 * transfer) event with proofs of transfer awaiting the organizer's verification, and registrations
 * for the demo organizer's events. Figures are consistent: each category's `sold` equals its held slots.
 */
import { readFileSync } from 'node:fs';
import type { EventPaymentType, EventStatus } from '../../domain/events/events';
import type { RegistrationStatus } from '../../domain/registrations/registrations';
import type { PaymentOptionKey } from '../../domain/payments/payments';
import { startOfJakartaDay } from '../../domain/shared/jakarta-time';
import type { StoragePort } from '../adapters/storage/port';
import type { Db } from '../db/client';
import { assignMissingBibNumbers, newQrToken, newRegistrationId } from '../features/registrations/service';
import { newImageKey } from '../features/uploads/service';
import { demoHeaderImage, type HeaderPalette } from './demo-header-image';
import { eventCategories, events } from '../db/schema/events';
import { runnerRegistrations } from '../db/schema/registrations';
import { uploads } from '../db/schema/uploads';

const DAY = 86_400_000;

/** 00:00 Jakarta of the day `days` after `now`'s Jakarta day, plus `hour` hours. */
function jakartaAt(now: Date, days: number, hour: number): Date {
  return new Date(startOfJakartaDay(now).getTime() + days * DAY + hour * 3_600_000);
}

interface DemoCategory {
  name: string;
  price: number;
  slots: number;
  description: string;
  /** Registrations to create: [status, count]. */
  registrations?: [RegistrationStatus, number][];
  /** Who sent the proofs of the `awaiting_verification` registrations, in order (self-managed events). */
  proofs?: DemoProof[];
  /** Bib numbers: prefix and range (the confirmed demo runners get theirs in order). */
  bib?: { prefix: string; start: number; end: number };
}

/** A proof of transfer (a PNG in demo-assets/) and the runner who sent it, so name and amount match. */
interface DemoProof {
  file: string;
  fullName: string;
  email: string;
}

interface DemoEvent {
  code: string;
  /** Colours of its header image (demo-header-image.ts); none = the default image. */
  header?: HeaderPalette;
  name: string;
  description: string;
  location: string;
  status: EventStatus;
  /** Days from today (Jakarta) for registration open/close and the race. */
  open: number;
  close: number;
  race: number;
  paymentType: EventPaymentType;
  paymentOptions?: PaymentOptionKey[];
  paymentInstructions?: string;
  categories: DemoCategory[];
}

const demoEvents: DemoEvent[] = [
  {
    code: 'jakarta-sunrise-run-2027',
    header: ['#fb923c', '#fde68a', '#0f766e', '#334155'],
    name: 'Jakarta Sunrise Run 2027',
    description:
      'Lari pagi menyusuri Sudirman–Thamrin saat matahari terbit. Rute steril, water station setiap 2,5 km, medali finisher untuk semua kategori.',
    location: 'Gelora Bung Karno, Jakarta',
    status: 'diterima',
    open: -14,
    close: 40,
    race: 60,
    paymentType: 'platform',
    paymentOptions: ['gopay', 'other_qris', 'bni_va', 'bri_va', 'permata_va'],
    categories: [
      { name: '5K', price: 150_000, slots: 500, description: 'Fun run untuk semua usia.', registrations: [['confirmed', 9], ['pending', 2], ['racepack_collected', 1]], bib: { prefix: '5K-', start: 1, end: 500 } },
      { name: '10K', price: 250_000, slots: 300, description: 'Rute cepat dan datar, cocok untuk mengejar PB.', registrations: [['confirmed', 7], ['pending', 1]], bib: { prefix: '10K-', start: 1, end: 2000 } },
      { name: 'Half Marathon', price: 400_000, slots: 4, description: '21,1 km, cut-off time 3 jam 30 menit.', registrations: [['confirmed', 4]], bib: { prefix: 'HM-', start: 1, end: 100 } },
    ],
  },
  {
    code: 'bandung-trail-challenge',
    header: ['#38bdf8', '#bae6fd', '#166534', '#78350f'],
    name: 'Bandung Trail Challenge',
    description: 'Trail run di perbukitan Lembang dengan pemandangan kebun teh. Wajib membawa hydration pack.',
    location: 'Lembang, Bandung Barat',
    status: 'diterima',
    open: 14,
    close: 45,
    race: 75,
    paymentType: 'self_managed',
    paymentInstructions:
      'Transfer ke BCA 1234567890 a.n. Bandung Trail Runners, lalu tekan tombol konfirmasi. Panitia memeriksa pembayaran dalam 1×24 jam.',
    categories: [
      { name: 'Trail 15K', price: 300_000, slots: 200, description: 'Elevasi 600 m.' },
      { name: 'Trail 30K', price: 500_000, slots: 100, description: 'Elevasi 1.400 m, wajib sertifikat lari trail.' },
    ],
  },
  {
    code: 'jogja-heritage-run-2027',
    header: ['#f472b6', '#fed7aa', '#9a3412', '#44403c'],
    name: 'Jogja Heritage Run 2027',
    description:
      'Lari pagi melewati Malioboro, Keraton dan Alun-Alun Kidul. Pembayaran langsung ke panitia lewat transfer bank; unggah bukti transfer setelah membayar.',
    location: 'Alun-Alun Utara, Yogyakarta',
    status: 'diterima',
    open: -10,
    close: 30,
    race: 50,
    paymentType: 'self_managed',
    paymentInstructions:
      'Transfer ke BCA 1234567890 a.n. Jogja Heritage Runners sesuai total di atas, tulis kategori dan nama Anda di berita transfer, lalu unggah bukti transfer dan tekan tombol di bawah. Panitia memverifikasi dalam 1×24 jam.',
    categories: [
      {
        name: '10K',
        price: 200_000,
        slots: 300,
        description: 'Rute heritage 10 km.',
        registrations: [['confirmed', 3], ['awaiting_verification', 1], ['pending', 1]],
        proofs: [{ file: 'bukti-transfer-1.png', fullName: 'Wayan Sudarsana', email: 'wayan.sudarsana@contoh.id' }],
        bib: { prefix: 'J10-', start: 1, end: 300 },
      },
      {
        name: '5K',
        price: 125_000,
        slots: 400,
        description: 'Fun run keluarga.',
        registrations: [['confirmed', 2], ['awaiting_verification', 1]],
        proofs: [{ file: 'bukti-transfer-2.png', fullName: 'Mega Puspitasari', email: 'mega.puspitasari@contoh.id' }],
        bib: { prefix: 'J5-', start: 1, end: 400 },
      },
    ],
  },
  {
    code: 'bali-coastal-10k',
    header: ['#0ea5e9', '#a5f3fc', '#0e7490', '#475569'],
    name: 'Bali Coastal 10K',
    description: 'Lari di sepanjang pantai Sanur saat fajar.',
    location: 'Pantai Sanur, Bali',
    status: 'diterima',
    open: -45,
    close: -3,
    race: 10,
    paymentType: 'platform',
    paymentOptions: ['gopay', 'bni_va'],
    categories: [
      { name: '10K', price: 275_000, slots: 400, description: 'Rute pantai.', registrations: [['confirmed', 3]] },
      { name: '5K', price: 175_000, slots: 400, description: 'Fun run keluarga.' },
    ],
  },
  {
    code: 'surabaya-night-run',
    header: ['#1e1b4b', '#6d28d9', '#312e81', '#0f172a'],
    name: 'Surabaya Night Run',
    description: 'Lari malam mengelilingi Tugu Pahlawan dengan lampu kota.',
    location: 'Tugu Pahlawan, Surabaya',
    status: 'diajukan',
    open: 7,
    close: 50,
    race: 70,
    paymentType: 'platform',
    paymentOptions: ['gopay', 'other_qris'],
    categories: [{ name: 'Full Marathon', price: 650_000, slots: 250, description: '42,2 km, cut-off 6 jam.' }],
  },
];

const firstNames = ['Ahmad', 'Siti', 'Budi', 'Dewi', 'Eko', 'Fitri', 'Gilang', 'Hana', 'Irfan', 'Joko', 'Kartika', 'Lukman', 'Maya', 'Nanda', 'Oki', 'Putri', 'Rizky', 'Sari', 'Teguh', 'Wulan'];
const lastNames = ['Saputra', 'Rahayu', 'Hidayat', 'Kusuma', 'Nugroho', 'Lestari', 'Pratama', 'Wijaya', 'Santoso', 'Permata'];
const communities = ['Indorunners', 'BRI Runners', 'Jakarta Running Club', '-', 'Runhood', '-'];
const bloodTypes = ['A+', 'B+', 'O+', 'AB+', 'O-', 'Tidak Tahu'];
const sizes = ['S', 'M', 'L', 'XL'];

function demoRunner(i: number) {
  const first = firstNames[i % firstNames.length]!;
  const last = lastNames[(i * 7) % lastNames.length]!;
  const female = ['Siti', 'Dewi', 'Fitri', 'Hana', 'Kartika', 'Maya', 'Nanda', 'Putri', 'Sari', 'Wulan'].includes(first);
  return {
    fullName: `${first} ${last}`,
    email: `${first}.${last}${i}@contoh.id`.toLowerCase(),
    phone: `+62812${String(10_000_000 + i * 7_919).slice(0, 8)}`,
    bibName: first.slice(0, 10).toUpperCase(),
    community: communities[i % communities.length]!,
    bloodType: bloodTypes[i % bloodTypes.length]!,
    tshirtSize: sizes[i % sizes.length]!,
    sex: female ? 'Perempuan' : 'Laki-laki',
    dob: `${1975 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    identityType: i % 9 === 0 ? 'Passport' : 'KTP',
    identityNo: i % 9 === 0 ? `C${String(4_000_000 + i * 31).padStart(7, '0')}` : `3174${String(100_000_000_000 + i * 104_729).slice(0, 12)}`,
    emergencyName: `${firstNames[(i + 5) % firstNames.length]} ${last}`,
    emergencyContact: `+62813${String(20_000_000 + i * 3_571).slice(0, 8)}`,
    medicalNotes: i % 6 === 0 ? 'Asma ringan, membawa inhaler' : '-',
  };
}

const demoAsset = (file: string) => readFileSync(new URL(`./demo-assets/${file}`, import.meta.url));

/**
 * Inserts the demo events of `organizerId` inside the seeding transaction. Proofs of transfer go
 * through `storage` as private uploads; without a storage those registrations stay unpaid holds.
 */
export async function seedDemoEvents(db: Db, organizerId: string, now: Date, storage?: StoragePort): Promise<void> {
  let runnerIndex = 0;
  for (const e of demoEvents) {
    let headerImage: string | null = null;
    if (storage && e.header) {
      const bytes = await demoHeaderImage(e.header);
      const key = newImageKey({ ext: 'jpg' });
      await storage.put(key, bytes, 'image/jpeg');
      await db.insert(uploads).values({ key, contentType: 'image/jpeg', size: bytes.length, ownerId: organizerId, visibility: 'public' });
      headerImage = storage.publicUrl(key);
    }
    const [event] = await db
      .insert(events)
      .values({
        eventId: e.code,
        code: e.code,
        name: e.name,
        description: e.description,
        headerImage,
        location: e.location,
        status: e.status,
        regOpen: jakartaAt(now, e.open, 8),
        regClose: jakartaAt(now, e.close, 21),
        eventDate: jakartaAt(now, e.race, 5),
        paymentType: e.paymentType,
        paymentOptions: e.paymentOptions ?? [],
        paymentInstructions: e.paymentInstructions ?? null,
        paymentQrImage: e.paymentType === 'self_managed' ? '/demo/payment-qr.svg' : null,
        createdBy: organizerId,
        createdAt: jakartaAt(now, Math.min(e.open, 0) - 7, 10),
      })
      .returning();
    if (!event) throw new Error('demo event not inserted');
    for (const [position, c] of e.categories.entries()) {
      const plan = c.registrations ?? [];
      const held = plan.reduce((sum, [, n]) => sum + n, 0);
      const [category] = await db
        .insert(eventCategories)
        .values({
          eventRef: event.id,
          categoryId: c.name.toLowerCase().replace(/\s+/g, '-'),
          name: c.name,
          description: c.description,
          price: c.price,
          slots: c.slots,
          sold: held,
          position,
          ...(c.bib ? { bibPrefix: c.bib.prefix, bibStart: c.bib.start, bibEnd: c.bib.end } : {}),
        })
        .returning();
      if (!category) throw new Error('demo category not inserted');
      // Proof files first (storage is not transactional); their keys go on the rows below.
      const proofs: { proof: DemoProof; key: string }[] = [];
      for (const proof of storage ? (c.proofs ?? []) : []) {
        const bytes = demoAsset(proof.file);
        const key = newImageKey({ ext: 'png' });
        await storage!.put(key, bytes, 'image/png');
        await db.insert(uploads).values({ key, contentType: 'image/png', size: bytes.length, ownerId: null, visibility: 'private' });
        proofs.push({ proof, key });
      }
      const rows = plan.flatMap(([planned, n]) =>
        Array.from({ length: n }, () => {
          const i = runnerIndex++;
          const createdAt = new Date(event.regOpen.getTime() + (i + 1) * 5 * 3_600_000);
          const withProof = planned === 'awaiting_verification' ? proofs.shift() : undefined;
          const status: RegistrationStatus = planned === 'awaiting_verification' && !withProof ? 'pending' : planned;
          const paid = status !== 'pending' && status !== 'awaiting_verification';
          const selfManaged = e.paymentType === 'self_managed';
          const runner = demoRunner(i);
          const proofAt = new Date(Math.min(createdAt.getTime() + 3 * 3_600_000, now.getTime() - 3_600_000));
          return {
            registrationId: newRegistrationId(),
            qrToken: newQrToken(),
            eventRef: event.id,
            categoryRef: category.id,
            status,
            paymentStatus: paid ? ('paid' as const) : ('pending' as const),
            eventFee: c.price,
            adminFee: category.adminFee,
            paymentAmount: c.price + category.adminFee,
            paymentMethod: e.paymentOptions?.[i % e.paymentOptions.length] ?? null,
            ...runner,
            ...(withProof
              ? {
                  fullName: withProof.proof.fullName,
                  email: withProof.proof.email,
                  bibName: withProof.proof.fullName.split(' ')[0]!.toUpperCase().slice(0, 10),
                  paymentProofKey: withProof.key,
                  paymentProofSubmittedAt: proofAt,
                }
              : {}),
            // An unpaid demo reservation outlives the sweep for a day, so the list shows one; a
            // proof awaiting verification does not expire.
            expiresAt: status === 'pending' ? new Date(now.getTime() + DAY) : null,
            confirmedAt: paid ? new Date(createdAt.getTime() + 600_000) : null,
            paymentVerifiedAt: paid && selfManaged ? new Date(createdAt.getTime() + 600_000) : null,
            paymentVerifiedBy: paid && selfManaged ? organizerId : null,
            racepackCollectedAt: status === 'racepack_collected' ? new Date(now.getTime() - 3_600_000) : null,
            racepackCollectedBy: status === 'racepack_collected' ? organizerId : null,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      );
      if (rows.length) await db.insert(runnerRegistrations).values(rows);
    }
    // The confirmed runners' bib numbers, as their confirmation would have given them.
    await assignMissingBibNumbers(db, event.id);
  }
}

import sharp from 'sharp';
import { FREESLOT, coachPlatformFee, packageEndDay } from '../../domain/coaching/coaching';
import { addDays, jakartaToday } from '../../domain/shared/wire-date';
import type { StoragePort } from '../adapters/storage/port';
import type { Db } from '../db/client';
import { coachConnections, coachPackages, coachProfiles } from '../db/schema/coaching';
import { orders } from '../db/schema/payments';
import { uploads } from '../db/schema/uploads';
import { newOrderRef } from '../features/payments/service';
import { COACH_PURCHASE_FINISH_PATH } from '../features/coaching/service.purchases';
import { newImageKey } from '../features/uploads/service';
import { demoHeaderImage } from './demo-header-image';

const DAY = 86_400_000;

/** The demo coach's packages (issue 14 item 7): two on sale, one switched off. */
export const demoCoachPackages = [
  { title: 'Paket Dasar 4 Minggu', description: 'Program lari 4 minggu untuk membangun kebiasaan dan daya tahan dasar, dengan evaluasi mingguan.', durationWeeks: 4, price: 600_000, isActive: true },
  {
    title: 'Persiapan Half Marathon 12 Minggu',
    description: 'Program terstruktur menuju 21K: base, build dan taper, dengan penyesuaian jadwal tiap dua minggu.',
    durationWeeks: 12,
    price: 1_500_000,
    isActive: true,
  },
  { title: 'Full Marathon 16 Minggu', description: 'Program menuju 42K. Sedang tidak dibuka untuk pendaftaran baru.', durationWeeks: 16, price: 2_400_000, isActive: false },
] as const;

/** A stand-in portrait (initials on a gradient), a real JPEG so the pages serve it like an uploaded photo. */
function demoPortrait(initials: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fb923c"/><stop offset="1" stop-color="#c2410c"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="300" cy="230" r="110" fill="#fff7ed" opacity="0.9"/>
  <path d="M110 600 C 130 430 220 380 300 380 S 470 430 490 600 Z" fill="#fff7ed" opacity="0.9"/>
  <text x="300" y="262" font-family="sans-serif" font-size="96" font-weight="700" text-anchor="middle" fill="#c2410c">${initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A stand-in certificate scan for the verification the admin already approved (a private file). */
function demoCertificate(name: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700" viewBox="0 0 1000 700">
  <rect width="1000" height="700" fill="#fffbeb"/><rect x="30" y="30" width="940" height="640" fill="none" stroke="#b45309" stroke-width="8"/>
  <text x="500" y="200" font-family="serif" font-size="56" text-anchor="middle" fill="#78350f">SERTIFIKAT PELATIH LARI</text>
  <text x="500" y="320" font-family="serif" font-size="44" text-anchor="middle" fill="#1c1917">${name}</text>
  <text x="500" y="420" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#57534e">Contoh dokumen demo Derap</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function putImage(db: Db, storage: StoragePort, ownerId: string, bytes: Buffer, ext: 'jpg' | 'png', visibility: 'public' | 'private') {
  const key = newImageKey({ ext });
  const contentType = ext === 'jpg' ? 'image/jpeg' : 'image/png';
  await storage.put(key, bytes, contentType);
  await db.insert(uploads).values({ key, contentType, size: bytes.length, ownerId, visibility });
  return key;
}

/**
 * The demo coach (issue 14 item 7): a verified profile at /coaching/andi-pratama, three packages,
 * Rina connected by a paid purchase (a real paid order row), Budi in a filled freeslot, and one
 * empty freeslot waiting for a runner. Images need `storage`; without it the profile has none.
 */
export async function seedDemoCoaching(
  db: Db,
  ids: { coachId: string; adminId: string; buyerId: string; freeslotRunnerId: string },
  now: Date,
  storage?: StoragePort,
): Promise<void> {
  const today = jakartaToday(now);
  let profileImageUrl: string | null = null;
  let headerImageUrl: string | null = null;
  let documents: string[] = [];
  if (storage) {
    profileImageUrl = storage.publicUrl(await putImage(db, storage, ids.coachId, await demoPortrait('AP'), 'jpg', 'public'));
    headerImageUrl = storage.publicUrl(await putImage(db, storage, ids.coachId, await demoHeaderImage(['#fdba74', '#fff7ed', '#15803d', '#57534e']), 'jpg', 'public'));
    documents = [await putImage(db, storage, ids.coachId, await demoCertificate('Andi Pratama'), 'png', 'private')];
  }
  await db.insert(coachProfiles).values({
    userId: ids.coachId,
    shownName: 'Andi Pratama',
    headline: 'Pelatih lari jarak jauh · 10K hingga marathon',
    bio:
      'Pelari marathon sejak 2012 dan pelatih bersertifikat. Saya membantu pelari pemula hingga menengah berlari lebih jauh tanpa cedera: ' +
      'program bertahap, evaluasi rutin dan komunikasi yang jelas. Berbasis di Jakarta, melatih secara daring di seluruh Indonesia.',
    certifications: ['World Athletics Coaching Level 1', 'Pelatih Lari PASI Tingkat Dasar', 'First Aid & CPR'],
    profileImageUrl,
    headerImageUrl,
    location: 'Jakarta Selatan',
    availability: true,
    uniquelink: 'andi-pratama',
    packageshown: 'show',
    verification: 'verified',
    verificationDocuments: documents,
    verifiedAt: new Date(now.getTime() - 20 * DAY),
    verifiedBy: ids.adminId,
    createdAt: new Date(now.getTime() - 30 * DAY),
  });
  const packages = await db
    .insert(coachPackages)
    .values(demoCoachPackages.map((p) => ({ ...p, coachId: ids.coachId, createdAt: new Date(now.getTime() - 25 * DAY) })))
    .returning();
  const bought = packages.find((p) => p.durationWeeks === 12)!;

  // Rina bought the 12-week package two weeks ago through the sandbox checkout.
  const boughtOn = addDays(today, -14);
  const paidAt = new Date(now.getTime() - 14 * DAY);
  const [order] = await db
    .insert(orders)
    .values({
      kind: 'coach_package',
      userId: ids.buyerId,
      amount: bought.price,
      status: 'paid',
      gateway: 'sandbox',
      gatewayRef: newOrderRef('coach_package'),
      description: `Paket pelatih Andi Pratama — ${bought.title}`,
      metadata: { packageId: bought.id, coachId: ids.coachId, weeks: bought.durationWeeks, price: bought.price, title: bought.title },
      finishUrl: `http://localhost${COACH_PURCHASE_FINISH_PATH}`,
      paymentType: 'qris',
      expiresAt: new Date(paidAt.getTime() + DAY),
      paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning({ id: orders.id });
  await db.insert(coachConnections).values([
    {
      coachId: ids.coachId,
      runnerId: ids.buyerId,
      packageId: bought.id,
      packages: bought.title,
      title: bought.title,
      startDate: boughtOn,
      endDate: packageEndDay(boughtOn, bought.durationWeeks),
      orderId: order!.id,
      amount: bought.price,
      platformFee: coachPlatformFee(bought.durationWeeks),
      createdBy: ids.buyerId,
      createdAt: paidAt,
    },
    // An admin's 8-week freeslot that the coach filled with Budi a week ago.
    {
      coachId: ids.coachId,
      runnerId: ids.freeslotRunnerId,
      packages: FREESLOT,
      title: 'Slot gratis 8 minggu',
      durationWeeks: 8,
      startDate: addDays(today, -7),
      endDate: packageEndDay(addDays(today, -7), 8),
      createdBy: ids.adminId,
      createdAt: new Date(now.getTime() - 10 * DAY),
    },
    // And one still empty: Daftar Pelari shows it as 'Belum diisi'.
    { coachId: ids.coachId, runnerId: null, packages: FREESLOT, title: 'Slot gratis 4 minggu', durationWeeks: 4, createdBy: ids.adminId, createdAt: new Date(now.getTime() - 10 * DAY) },
  ]);
}

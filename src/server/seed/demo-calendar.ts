/**
 * The demo running calendar (issue 16): a dozen approved events over the coming months across
 * Indonesian cities, road and trail, two of them Derap partners, and two submissions waiting for
 * the admin. Dates are relative to the seeding day so the calendar never looks stale.
 */
import { sameEventKey, type RoadOrTrail } from '../../domain/event-calendar/event-calendar';
import { addDays, jakartaToday } from '../../domain/shared/wire-date';
import type { Db } from '../db/client';
import { calendarEvents } from '../db/schema/event-calendar';

interface DemoEntry {
  eventname: string;
  days: number;
  location: string;
  roadortrail: RoadOrTrail;
  categories: string[];
  organizer: string;
  website?: string;
  description: string;
  status?: 'approved' | 'pending';
  partner?: boolean;
}

const entries: DemoEntry[] = [
  { eventname: 'Bandung Lautan Api Run', days: 12, location: 'Gedung Sate, Bandung, Jawa Barat', roadortrail: 'road', categories: ['5K', '10K'], organizer: 'Bandung Runners', description: 'Lari pagi dari Gedung Sate menyusuri Dago di akhir pekan.' },
  { eventname: 'Surabaya Heroes Half Marathon', days: 19, location: 'Tugu Pahlawan, Surabaya, Jawa Timur', roadortrail: 'road', categories: ['10K', 'Half Marathon'], organizer: 'Komunitas Lari Suroboyo', website: 'https://contoh.id/surabaya-hm', description: 'Rute datar melewati kawasan kota tua Surabaya. Start pukul 05.00 WIB.', partner: true },
  { eventname: 'Gede Pangrango Trail Run', days: 26, location: 'Cibodas, Cianjur, Jawa Barat', roadortrail: 'trail', categories: ['Trail 15K', 'Trail 30K'], organizer: 'Pangrango Trail Club', description: 'Jalur hutan hujan dengan tanjakan panjang. Wajib membawa air minimal 1 liter.' },
  { eventname: 'Semarang Kota Lama 10K', days: 33, location: 'Kota Lama, Semarang, Jawa Tengah', roadortrail: 'road', categories: ['5K', '10K'], organizer: 'Semarang Runners', description: 'Lari menyusuri bangunan bersejarah Kota Lama.' },
  { eventname: 'Bali Sunrise Marathon', days: 47, location: 'Sanur, Denpasar, Bali', roadortrail: 'road', categories: ['10K', 'Half Marathon', 'Full Marathon'], organizer: 'Bali Running Community', website: 'https://contoh.id/bali-sunrise', description: 'Start sebelum matahari terbit di tepi pantai Sanur.', partner: true },
  { eventname: 'Rinjani Ultra Trail', days: 61, location: 'Sembalun, Lombok Timur, NTB', roadortrail: 'trail', categories: ['Trail 27K', 'Trail 60K'], organizer: 'Lombok Trail Runners', description: 'Jalur savana dan punggungan Gunung Rinjani. Pelari 60K wajib punya sertifikat trail.' },
  { eventname: 'Yogyakarta Malioboro Night Run', days: 75, location: 'Malioboro, Yogyakarta', roadortrail: 'road', categories: ['5K', '10K'], organizer: 'Jogja Runners', description: 'Lari malam dengan start dan finish di Titik Nol Kilometer.' },
  { eventname: 'Medan Deli Run', days: 89, location: 'Lapangan Merdeka, Medan, Sumatera Utara', roadortrail: 'road', categories: ['5K', '10K', 'Half Marathon'], organizer: 'Medan Runners', description: 'Rute kota melewati Istana Maimun.' },
  { eventname: 'Bromo Tengger Trail', days: 103, location: 'Cemoro Lawang, Probolinggo, Jawa Timur', roadortrail: 'trail', categories: ['Trail 21K', 'Trail 42K'], organizer: 'Tengger Trail Society', description: 'Lautan pasir dan kaldera Bromo saat fajar.' },
  { eventname: 'Makassar Losari Run', days: 124, location: 'Pantai Losari, Makassar, Sulawesi Selatan', roadortrail: 'road', categories: ['5K', '10K'], organizer: 'Makassar Runners', description: 'Lari sore di sepanjang Pantai Losari.' },
  { eventname: 'Palembang Ampera 10K', days: 146, location: 'Jembatan Ampera, Palembang, Sumatera Selatan', roadortrail: 'road', categories: ['10K'], organizer: 'Palembang Runners', description: 'Menyeberangi Sungai Musi lewat Jembatan Ampera.' },
  { eventname: 'Toba Caldera Trail', days: 168, location: 'Samosir, Sumatera Utara', roadortrail: 'trail', categories: ['Trail 25K', 'Trail 50K'], organizer: 'Toba Trail Community', description: 'Punggungan kaldera dengan pemandangan Danau Toba.' },
  // Waiting for the admin ('Kalender' tab in /admin).
  { eventname: 'Malang Apel Fun Run', days: 40, location: 'Alun-alun Kota Malang, Jawa Timur', roadortrail: 'road', categories: ['5K'], organizer: 'Malang Berlari', description: 'Fun run keluarga dengan hadiah apel Malang.', status: 'pending' },
  { eventname: 'Merapi Sunrise Trail', days: 54, location: 'Kaliurang, Sleman, Yogyakarta', roadortrail: 'trail', categories: ['Trail 12K', 'Trail 24K'], organizer: 'Merapi Trail Runners', description: 'Jalur lereng Merapi menuju bukit Klangon.', status: 'pending' },
];

export async function seedDemoCalendar(tx: Db, now: Date): Promise<void> {
  const today = jakartaToday(now);
  await tx.insert(calendarEvents).values(
    entries.map((e) => {
      const eventDate = addDays(today, e.days);
      const status = e.status ?? 'approved';
      return {
        eventname: e.eventname,
        eventDate,
        location: e.location,
        website: e.website ?? null,
        roadortrail: e.roadortrail,
        categories: e.categories,
        email: `panitia.${e.eventname.toLowerCase().replace(/[^a-z0-9]+/g, '')}@contoh.id`,
        organizer: e.organizer,
        description: e.description,
        status,
        ispartnership: e.partner ?? false,
        sameKey: sameEventKey(e.eventname, eventDate),
        reviewedAt: status === 'approved' ? now : null,
      };
    }),
  );
}

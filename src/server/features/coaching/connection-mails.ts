import { FREESLOT } from '../../../domain/coaching/coaching';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { composeMail } from '../../adapters/mail/compose';
import type { OutgoingMail } from '../../adapters/mail/port';
import type { CoachConnectionRow, UserRow } from '../../db/schema';

/** One notice per filling of a slot: a freeslot emptied and filled again is a new topic (its start day and runner). */
export const connectedTopic = (connection: Pick<CoachConnectionRow, 'id' | 'runnerId' | 'updatedAt'>) =>
  `coaching-connected:${connection.id}:${connection.runnerId}:${connection.updatedAt.getTime()}`;
export const endedTopic = (connection: Pick<CoachConnectionRow, 'id'>) => `coaching-ended:${connection.id}`;

const packageLabel = (packages: string) => (packages === FREESLOT ? 'Slot gratis' : packages);
const period = (c: Pick<CoachConnectionRow, 'startDate' | 'endDate'>) =>
  c.endDate ? `${formatJakartaDate(c.startDate)} – ${formatJakartaDate(c.endDate)}` : `Mulai ${formatJakartaDate(c.startDate)}, tanpa batas akhir`;

/** To the runner: a coach now sees their profile and training plan, and where to end it. */
export function coachConnectedMail(p: { runner: UserRow; coach: UserRow; connection: CoachConnectionRow; publicUrl: string }): OutgoingMail {
  return composeMail({
    to: p.runner.email,
    subject: `${p.coach.name} kini menjadi pelatih Anda di Derap`,
    heading: 'Anda terhubung dengan pelatih',
    intro: [
      `Halo ${p.runner.name},`,
      `Pelatih ${p.coach.name} telah menghubungkan akun Anda. Mulai sekarang pelatih dapat melihat profil dan program latihan Anda, serta menyusun dan mengubah jadwal latihan Anda.`,
    ],
    details: [
      ['Pelatih', p.coach.name],
      ['Paket', packageLabel(p.connection.packages)],
      ['Masa berlaku', period(p.connection)],
    ],
    link: { label: 'Buka Kalender Latihan', url: `${p.publicUrl}/dashboard#calendar` },
    outro: ['Bukan Anda yang meminta? Akhiri hubungan kapan saja di Pengaturan, bagian Pelatih Saya: pelatih langsung tidak dapat melihat data Anda lagi.'],
    topic: connectedTopic(p.connection),
  });
}

/** To the coach: the runner ended the relationship, so their plan is closed to the coach. */
export function coachingEndedMail(p: { runner: UserRow; coach: UserRow; connection: CoachConnectionRow; publicUrl: string }): OutgoingMail {
  return composeMail({
    to: p.coach.email,
    subject: `${p.runner.name} mengakhiri hubungan pelatihan`,
    heading: 'Hubungan pelatihan berakhir',
    intro: [
      `Halo ${p.coach.name},`,
      `${p.runner.name} telah mengakhiri hubungan pelatihan dengan Anda. Profil dan program latihannya tidak lagi dapat Anda lihat atau ubah.`,
    ],
    details: [
      ['Pelari', `${p.runner.name} (${p.runner.email})`],
      ['Paket', packageLabel(p.connection.packages)],
    ],
    link: { label: 'Buka Dashboard', url: `${p.publicUrl}/dashboard` },
    outro: ['Baris pelari ini tetap tampil di Daftar Pelari dengan status Berakhir.'],
    topic: endedTopic(p.connection),
  });
}

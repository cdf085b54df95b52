import { FREESLOT } from '../../../domain/coaching/coaching';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { composeMail } from '../../adapters/mail/compose';
import type { OutgoingMail } from '../../adapters/mail/port';
import type { CoachConnectionRow, CoachInvitationRow } from '../../db/schema/coaching';
import type { UserRow } from '../../db/schema/users';

export const endedTopic = (connection: Pick<CoachConnectionRow, 'id'>) => `coaching-ended:${connection.id}`;

const packageLabel = (packages: string) => (packages === FREESLOT ? 'Slot gratis' : packages);
const period = (c: Pick<CoachConnectionRow, 'startDate' | 'endDate'>) =>
  c.endDate ? `${formatJakartaDate(c.startDate)} – ${formatJakartaDate(c.endDate)}` : `Mulai ${formatJakartaDate(c.startDate)}, tanpa batas akhir`;

/** The mail's link to answer an invitation: the token is the only secret, and works only for its runner. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/undangan-pelatih/${token}`;

const expiryText = (at: Date) => formatJakartaDate(at);
const freeslotLength = (c: Pick<CoachConnectionRow, 'packages' | 'durationWeeks' | 'endDate'>) =>
  c.endDate ? `Sampai ${formatJakartaDate(c.endDate)}` : c.durationWeeks ? `${c.durationWeeks} minggu sejak Anda menerima` : 'Tanpa batas akhir';

/**
 * To the runner (issue 26 §4): a coach asks to coach them. Nothing is shared until they accept,
 * from the link or the dashboard; ignoring it is a refusal once it expires.
 */
export function coachInvitationMail(p: { runner: UserRow; coach: UserRow; connection: CoachConnectionRow; invitation: CoachInvitationRow; token: string; publicUrl: string }): OutgoingMail {
  return composeMail({
    to: p.runner.email,
    subject: `${p.coach.name} mengundang Anda berlatih bersamanya di Derap`,
    heading: 'Undangan dari pelatih',
    intro: [
      `Halo ${p.runner.name},`,
      `Pelatih ${p.coach.name} ingin menjadi pelatih Anda di Derap. Bila Anda menerima, pelatih dapat melihat profil dan program latihan Anda, serta menyusun dan mengubah jadwal latihan Anda. Sebelum Anda menerima, pelatih tidak dapat melihat apa pun.`,
    ],
    details: [
      ['Pelatih', p.coach.name],
      ['Paket', packageLabel(p.connection.packages)],
      ['Masa berlaku', freeslotLength(p.connection)],
      ['Jawab sebelum', expiryText(p.invitation.expiresAt)],
    ],
    link: { label: 'Lihat Undangan', url: invitationLink(p.publicUrl, p.token) },
    outro: ['Tidak mengenal pelatih ini? Tolak undangan, atau abaikan email ini: tanpa persetujuan Anda tidak ada yang berubah.'],
    topic: `coaching-invitation:${p.invitation.id}`,
  });
}

/** To the coach: the runner accepted, so the slot is theirs and the plan open to the coach. */
export function invitationAcceptedMail(p: { runner: UserRow; coach: UserRow; connection: CoachConnectionRow; publicUrl: string }): OutgoingMail {
  return composeMail({
    to: p.coach.email,
    subject: `${p.runner.name} menerima undangan Anda`,
    heading: 'Undangan diterima',
    intro: [`Halo ${p.coach.name},`, `${p.runner.name} menerima undangan Anda. Kini Anda dapat melihat profil dan program latihannya serta mengubah jadwal latihannya.`],
    details: [
      ['Pelari', `${p.runner.name} (${p.runner.email})`],
      ['Paket', packageLabel(p.connection.packages)],
      ['Masa berlaku', period(p.connection)],
    ],
    link: { label: 'Buka Daftar Pelari', url: `${p.publicUrl}/dashboard?view=daftar-pelari` },
    outro: [],
    topic: `coaching-accepted:${p.connection.id}:${p.connection.updatedAt.getTime()}`,
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

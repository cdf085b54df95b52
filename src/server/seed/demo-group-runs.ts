/**
 * Demo Running Buddy group runs (issue 16 item 6) in Jakarta, Bandung and Surabaya, hosted and
 * joined by the demo runners. Times are relative to the seeding day (WIB mornings), so the list is
 * never empty or stale.
 */
import { fromJakartaWallClock } from '../../domain/shared/jakarta-time';
import { addDays, jakartaToday } from '../../domain/shared/wire-date';
import { cityKey } from '../../domain/group-runs/group-runs';
import type { Db } from '../db/client';
import { groupRunParticipants, groupRuns } from '../db/schema/group-runs';

interface DemoRun {
  host: string;
  title: string;
  city: string;
  meetingPoint: string;
  mapUrl?: string;
  days: number;
  time: string;
  distanceKm: number;
  paceGroup: string;
  capacity: number;
  description: string;
  joiners: string[];
}

const runs: DemoRun[] = [
  { host: 'rina.wulandari@derap.id', title: 'Easy Run Minggu Pagi GBK', city: 'Jakarta', meetingPoint: 'Pintu 1 GBK, Senayan', mapUrl: 'https://maps.google.com/?q=Pintu+1+GBK', days: 4, time: '05:30', distanceKm: 8, paceGroup: '6:30–7:00 /km', capacity: 20, description: 'Lari santai dua putaran ring road GBK. Cocok untuk pemula, tidak ada yang ditinggal.', joiners: ['budi.santoso@derap.id', 'putu.saraswati@derap.id'] },
  { host: 'andi.pratama@derap.id', title: 'Tempo Run Sudirman–Thamrin', city: 'Jakarta', meetingPoint: 'Bundaran HI (sisi Grand Indonesia)', days: 9, time: '06:00', distanceKm: 10, paceGroup: '5:00–5:30 /km', capacity: 12, description: 'Latihan tempo saat car free day. Pemanasan 2 km bersama, lalu 6 km tempo.', joiners: ['rina.wulandari@derap.id'] },
  { host: 'budi.santoso@derap.id', title: 'Dago Car Free Day Run', city: 'Bandung', meetingPoint: 'Taman Cikapayang, Jl. Ir. H. Juanda', mapUrl: 'https://maps.google.com/?q=Taman+Cikapayang+Dago', days: 5, time: '06:00', distanceKm: 6, paceGroup: '7:00–7:30 /km', capacity: 15, description: 'Naik ke Dago atas lalu kembali. Bawa air minum, tanjakannya lumayan.', joiners: ['agus.setiawan@derap.id'] },
  { host: 'yoga.prasetyo@derap.id', title: 'Long Run Kota Lama Surabaya', city: 'Surabaya', meetingPoint: 'Tugu Pahlawan (gerbang utara)', days: 11, time: '05:00', distanceKm: 16, paceGroup: '6:00–6:30 /km', capacity: 10, description: 'Long run menyusuri kawasan kota tua. Ada satu titik air di kilometer 8.', joiners: ['rina.wulandari@derap.id', 'putu.saraswati@derap.id', 'agus.setiawan@derap.id'] },
];

export async function seedDemoGroupRuns(tx: Db, userIds: Map<string, string>, now: Date): Promise<void> {
  const today = jakartaToday(now);
  for (const run of runs) {
    const hostId = userIds.get(run.host);
    if (!hostId) continue;
    const joiners = run.joiners.map((email) => userIds.get(email)).filter((id): id is string => !!id);
    const [row] = await tx
      .insert(groupRuns)
      .values({
        hostId,
        title: run.title,
        city: run.city,
        cityKey: cityKey(run.city),
        meetingPoint: run.meetingPoint,
        mapUrl: run.mapUrl ?? null,
        startsAt: fromJakartaWallClock(`${addDays(today, run.days)}T${run.time}`),
        distanceKm: run.distanceKm,
        paceGroup: run.paceGroup,
        capacity: run.capacity,
        participantsCount: joiners.length,
        description: run.description,
      })
      .returning({ id: groupRuns.id });
    if (joiners.length) await tx.insert(groupRunParticipants).values(joiners.map((userId) => ({ groupRunId: row!.id, userId })));
  }
}

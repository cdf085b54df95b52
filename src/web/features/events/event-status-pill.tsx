import { eventStatusLabels, type EventStatus } from '../../../domain/events/events';
import { Badge } from '../../components/badge';

/** §4: Diterima green, Diajukan yellow, Tutup grey, Ditolak red; Dibatalkan (issue 13) red too. */
const tones = { diterima: 'green', diajukan: 'yellow', tutup: 'gray', ditolak: 'red', dibatalkan: 'red' } as const;

export function EventStatusPill({ status }: { status: EventStatus }) {
  return <Badge tone={tones[status]}>{eventStatusLabels[status]}</Badge>;
}

import { eventStatusLabels, type EventStatus } from '../../../domain/events/events';
import { Badge } from '../../components/badge';

/** §4: Diterima green, Diajukan yellow, Tutup grey, Ditolak red. */
const tones = { diterima: 'green', diajukan: 'yellow', tutup: 'gray', ditolak: 'red' } as const;

export function EventStatusPill({ status }: { status: EventStatus }) {
  return <Badge tone={tones[status]}>{eventStatusLabels[status]}</Badge>;
}

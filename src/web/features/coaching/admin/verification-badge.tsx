import { coachVerificationLabels, type CoachVerificationStatus } from '../../../../domain/coaching/coaching';
import { Badge } from '../../../components/badge';

const tone = { none: 'gray', pending: 'yellow', verified: 'green', rejected: 'red' } as const;

export function VerificationBadge({ status }: { status: CoachVerificationStatus }) {
  return <Badge tone={tone[status]}>{coachVerificationLabels[status]}</Badge>;
}

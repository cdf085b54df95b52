import { registrationStatusLabels, type RegistrationPaymentStatus, type RegistrationStatus } from '../../../../domain/registrations/registrations';
import { paymentStatusLabels } from '../../../../domain/registrations/runner-export';
import { Badge } from '../../../components/badge';

/**
 * §4: pending yellow, confirmed green, canceled grey, others red — except racepack_collected, which
 * is blue: a runner who already has their racepack is good news, and red at the desk reads as "stop";
 * and awaiting_verification, in the brand's orange: it waits on the organizer, not on the runner.
 */
const statusTones = {
  pending: 'yellow',
  awaiting_verification: 'brand',
  confirmed: 'green',
  canceled: 'gray',
  racepack_collected: 'blue',
  expired: 'red',
} as const;
/** §4: paid green, pending yellow, other red; refunded grey (settled, nothing wrong). */
const paymentTones = { paid: 'green', pending: 'yellow', failed: 'red', expired: 'red', refunded: 'gray' } as const;

export function RegistrationStatusBadge({ status }: { status: RegistrationStatus }) {
  return <Badge tone={statusTones[status]} className="whitespace-nowrap">{registrationStatusLabels[status]}</Badge>;
}

export function PaymentStatusBadge({ status }: { status: RegistrationPaymentStatus }) {
  return <Badge tone={paymentTones[status]} className="whitespace-nowrap">{paymentStatusLabels[status]}</Badge>;
}

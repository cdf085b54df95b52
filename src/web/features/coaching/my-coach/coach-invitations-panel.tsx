import { MailOpen } from 'lucide-react';
import { invitationMessages } from '../../../../domain/coaching/contract';
import { ErrorRetry } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { useToast } from '../../../components/toast';
import { useMyInvitations } from './coach-invitations-api';
import { InvitationCard } from './invitation-card';

/**
 * 'Undangan Pelatih' above every dashboard view of a runner (issue 26 §4) while a coach's invitation
 * waits: nothing shows while loading or when there is none, so the dashboard stays as it was.
 */
export function CoachInvitationsPanel() {
  const invitations = useMyInvitations();
  const toast = useToast();
  if (invitations.isPending || (invitations.isSuccess && invitations.data.length === 0)) return null;
  return (
    <SectionCard title="Undangan Pelatih" titleId="coach-invitations-title" icon={MailOpen} className="mb-6">
      {invitations.isError ? (
        <ErrorRetry message={invitationMessages.listFailed} onRetry={() => void invitations.refetch()} />
      ) : (
        <ul className="space-y-3">
          {invitations.data.map((invitation) => (
            <li key={invitation._id}>
              <InvitationCard invitation={invitation} onAnswered={(message) => toast(message, 'success')} />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

import { LogIn, MailOpen } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { invitationMessages, type CoachInvitationDetail } from '../../../../domain/coaching/contract';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { buttonClass } from '../../../components/button';
import { CenteredPanel } from '../../../components/session-gate';
import { ErrorRetry, LoadingMessage } from '../../../components/query-state';
import { PageLoader } from '../../../components/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { useCurrentUser } from '../../../lib/session';
import { useInvitationByToken } from './coach-invitations-api';
import { InvitationCard } from './invitation-card';

const settled: Record<Exclude<CoachInvitationDetail['status'], 'pending'>, string> = {
  accepted: 'Anda sudah menerima undangan ini. Pelatih dapat melihat profil dan program latihan Anda; akhiri kapan saja di Pengaturan.',
  declined: 'Anda sudah menolak undangan ini.',
  cancelled: 'Pelatih sudah membatalkan undangan ini.',
  expired: invitationMessages.expired,
};

const toDashboard = (
  <Link to="/dashboard" className={buttonClass('outline', 'md', 'mt-4 w-full sm:w-auto')}>
    Buka Dasbor
  </Link>
);

/**
 * /undangan-pelatih/{token}: the invitation mail's link (issue 26 §4). The runner signs in (the
 * page brings them back here), sees the invitation and answers it. The token finds it only for the
 * runner it was sent to; anyone else reads "not found".
 */
export function InvitationLinkPage() {
  const { token = '' } = useParams();
  const me = useCurrentUser();
  const signedIn = !!me.data;
  const invitation = useInvitationByToken(token, signedIn);
  const [answered, setAnswered] = useState<string | null>(null);
  useDocumentMeta('Undangan Pelatih | Derap', 'Jawab undangan pelatih di Derap.');

  if (me.isPending) return <PageLoader />;

  let body;
  if (!signedIn) {
    body = (
      <>
        <p className="text-sm text-slate-700">Masuk dengan akun Derap yang menerima email undangan untuk melihat dan menjawabnya.</p>
        <Link to={`/login?next=${encodeURIComponent(`/undangan-pelatih/${token}`)}`} className={buttonClass('primary', 'md', 'mt-4 w-full sm:w-auto')}>
          <LogIn className="size-4" aria-hidden="true" />
          Masuk untuk Melihat Undangan
        </Link>
      </>
    );
  } else if (answered) {
    body = (
      <>
        <Alert tone="success">{answered}</Alert>
        {toDashboard}
      </>
    );
  } else if (invitation.isPending) {
    body = <LoadingMessage variant="inline">Memuat undangan...</LoadingMessage>;
  } else if (invitation.isError) {
    const gone = invitation.error instanceof ApiError && (invitation.error.status === 404 || invitation.error.status === 400);
    body = gone ? (
      <>
        <Alert tone="error" title={invitationMessages.notFound}>
          Pastikan Anda masuk dengan akun yang menerima email undangan ({me.data?.email} sedang masuk).
        </Alert>
        {toDashboard}
      </>
    ) : (
      <ErrorRetry message={invitationMessages.listFailed} onRetry={() => void invitation.refetch()} />
    );
  } else if (invitation.data.status === 'pending') {
    body = <InvitationCard invitation={invitation.data} onAnswered={(message) => setAnswered(message)} />;
  } else {
    body = (
      <>
        <Alert tone="info">{settled[invitation.data.status]}</Alert>
        {toDashboard}
      </>
    );
  }

  return (
    <CenteredPanel>
      <section aria-labelledby="invitation-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="invitation-title" className="mb-4 flex items-center gap-2 text-lg font-bold text-slate-900">
          <MailOpen className="size-5 text-brand-600" aria-hidden="true" />
          Undangan Pelatih
        </h1>
        {body}
      </section>
    </CenteredPanel>
  );
}

import { Check, ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FREESLOT } from '../../../../domain/coaching/coaching';
import { invitationMessages, type CoachInvitation } from '../../../../domain/coaching/contract';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useAnswerInvitation } from './coach-invitations-api';

const day = (value: string | null) => formatJakartaDate(value, 'd MMM yyyy');

/** 'Slot gratis · 6 minggu sejak diterima', 'Paket 4 Minggu · s.d. 24 Des 2026'. */
export function invitationTerms(i: Pick<CoachInvitation, 'packages' | 'endDate' | 'durationWeeks'>): string {
  const name = i.packages === FREESLOT ? 'Slot gratis' : i.packages;
  const length = i.endDate ? `s.d. ${day(i.endDate)}` : i.durationWeeks ? `${i.durationWeeks} minggu sejak diterima` : 'tanpa batas akhir';
  return `${name} · ${length}`;
}

const answerError = (error: unknown) => (error instanceof ApiError && error.code ? error.message : invitationMessages.answerFailed);

/**
 * One coach invitation (issue 26 §4), in the dashboard and on the mail link's page: who asks, for
 * which package, what accepting shares, and 'Terima' or 'Tolak' (behind a confirmation).
 */
export function InvitationCard({ invitation, onAnswered }: { invitation: CoachInvitation; onAnswered: (message: string, answer: 'accept' | 'decline') => void }) {
  const answer = useAnswerInvitation();
  const [confirmDecline, setConfirmDecline] = useState(false);
  const name = invitation.coach.name;
  const send = (what: 'accept' | 'decline') =>
    answer.mutate(
      { id: invitation._id, answer: what },
      {
        onSuccess: (res) => {
          setConfirmDecline(false);
          onAnswered(res.message, what);
        },
      },
    );

  return (
    <article aria-label={`Undangan dari ${name}`} data-testid="coach-invitation" className="rounded-xl border border-brand-200 bg-brand-50/40 p-4">
      <p className="font-semibold break-words text-slate-900">
        {invitation.coach.uniquelink ? (
          <Link to={`/coaching/${invitation.coach.uniquelink}`} className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            {name}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        ) : (
          name
        )}{' '}
        <span className="font-normal text-slate-700">mengundang Anda menjadi pelarinya.</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{invitationTerms(invitation)}</p>
      <p className="mt-2 text-sm text-slate-700">
        Bila Anda menerima, pelatih dapat melihat profil dan program latihan Anda serta mengubah jadwal latihan Anda. Anda dapat mengakhirinya kapan saja di Pengaturan.
      </p>
      <p className="mt-1 text-xs text-slate-500">Jawab sebelum {day(invitation.expiresAt)}</p>
      {answer.isError && !confirmDecline && (
        <Alert tone="error" className="mt-3">
          {answerError(answer.error)}
        </Alert>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => send('accept')} loading={answer.isPending && answer.variables?.answer === 'accept'} disabled={answer.isPending}>
          <Check className="size-4" aria-hidden="true" />
          Terima
          <span className="sr-only"> undangan dari {name}</span>
        </Button>
        <Button variant="outline" onClick={() => setConfirmDecline(true)} disabled={answer.isPending}>
          <X className="size-4" aria-hidden="true" />
          Tolak
          <span className="sr-only"> undangan dari {name}</span>
        </Button>
      </div>
      <Dialog
        open={confirmDecline}
        onOpenChange={(open) => !answer.isPending && setConfirmDecline(open)}
        title={`Tolak undangan dari ${name}?`}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmDecline(false)} disabled={answer.isPending}>
              Batal
            </Button>
            <Button variant="danger" loading={answer.isPending} onClick={() => send('decline')}>
              Ya, Tolak
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-slate-700">
          <p>Pelatih tidak akan dapat melihat data Anda, dan tautan undangan ini tidak berlaku lagi.</p>
          {answer.isError && <Alert tone="error">{answerError(answer.error)}</Alert>}
        </div>
      </Dialog>
    </article>
  );
}

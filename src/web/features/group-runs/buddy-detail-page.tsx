import { ArrowLeft, CalendarDays, Clock, Flag, Gauge, Map, MapPin, Route, Share2, UserRound, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { GroupRunDetail } from '../../../domain/group-runs/contract';
import { groupRunMessages, isJoinable } from '../../../domain/group-runs/group-runs';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { fieldClass } from '../../components/input';
import { PublicLayout } from '../../components/public-layout';
import { ErrorAlert, QueryState } from '../../components/query-state';
import { Spinner } from '../../components/spinner';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { useSignedIn } from '../../hooks/use-signed-in';
import { formatKm, formatRunWhen } from './group-run-format';
import { useCancelGroupRun, useGroupRun, useJoinGroupRun, useRemoveParticipant, useReportGroupRun } from './group-runs-api';

const GroupRunFormDialog = lazy(() => import('./group-run-form-dialog').then((m) => ({ default: m.GroupRunFormDialog })));

const problem = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : 'Terjadi kesalahan. Silakan coba lagi.');

/** One group run (/buddy/:id): the page a shared link opens. */
export function BuddyDetailPage() {
  const { id = '' } = useParams();
  const run = useGroupRun(id);
  useDocumentMeta(run.data ? `${run.data.title} | Running Buddy Derap` : 'Running Buddy | Derap', 'Gabung group run di Derap: titik kumpul, jam, jarak dan grup pace.');
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <Link to="/buddy" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Semua group run
        </Link>
        <div className="mt-4">
          <QueryState
            query={run}
            loading={
              <div className="flex justify-center py-16 text-brand-600">
                <Spinner className="size-8" label="Memuat group run..." />
              </div>
            }
            error={
              run.error instanceof ApiError && run.error.status === 404 ? (
                <Alert tone="info">{groupRunMessages.notFound}</Alert>
              ) : (
                <ErrorAlert title={groupRunMessages.loadFailed} onRetry={() => void run.refetch()} />
              )
            }
          >
            {(data) => <RunDetail run={data} />}
          </QueryState>
        </div>
      </div>
    </PublicLayout>
  );
}

function RunDetail({ run }: { run: GroupRunDetail }) {
  const when = formatRunWhen(run.startsAt);
  const navigate = useNavigate();
  const location = useLocation();
  const { resolveSignedIn } = useSignedIn();
  const join = useJoinGroupRun(run.id);
  const cancel = useCancelGroupRun(run.id);
  const remove = useRemoveParticipant(run.id);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [editLoaded, setEditLoaded] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportGroupRun(run.id);
  const startReport = async () => {
    if (!(await resolveSignedIn())) return void navigate(`/login?next=${encodeURIComponent(location.pathname)}`);
    setReporting(true);
  };
  const canceled = run.status === 'dibatalkan';
  const open = isJoinable(run);
  const full = run.participantsCount >= run.capacity;

  const share = async () => {
    const url = `${window.location.origin}/buddy/${run.id}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: run.title, text: `Ikut ${run.title} di ${run.city}, ${when.day} ${when.time}`, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNotice(groupRunMessages.linkCopied);
    } catch {
      setNotice(url);
    }
  };

  const toggleJoin = async (joining: boolean) => {
    // Signed out: sign in first and come back to this page.
    if (!(await resolveSignedIn())) return void navigate(`/login?next=${encodeURIComponent(location.pathname)}`);
    join.mutate(joining, { onSuccess: (res) => setNotice(res.message) });
  };

  const actionError = join.error ?? cancel.error ?? remove.error;

  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        {canceled ? <Badge tone="red">Dibatalkan</Badge> : open ? <Badge tone="green">Terbuka</Badge> : <Badge>Sudah dimulai</Badge>}
        {run.isHost && <Badge tone="brand">Anda host</Badge>}
        {run.joined && <Badge tone="blue">Anda bergabung</Badge>}
      </div>
      <h1 className="mt-2 text-2xl font-extrabold break-words text-slate-900 sm:text-3xl">{run.title}</h1>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <UserRound className="size-4" aria-hidden="true" /> Host: {run.host.name}
      </p>
      {canceled && (
        <div className="mt-4">
          <Alert tone="error">Group run ini dibatalkan oleh host.</Alert>
        </div>
      )}

      <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
        <Fact icon={CalendarDays} label="Tanggal" value={when.day} />
        <Fact icon={Clock} label="Jam" value={when.time} />
        <Fact icon={MapPin} label="Titik kumpul" value={`${run.meetingPoint}, ${run.city}`} />
        <Fact icon={Route} label="Jarak" value={formatKm(run.distanceKm)} />
        <Fact icon={Gauge} label="Grup pace" value={run.paceGroup} />
        <Fact icon={Users} label="Peserta" value={`${run.participantsCount}/${run.capacity} bergabung${full ? ' · Penuh' : ''}`} />
      </dl>
      {run.mapUrl && (
        <a href={run.mapUrl} target="_blank" rel="noreferrer noopener" className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <Map className="size-4" aria-hidden="true" /> Buka peta titik kumpul
        </a>
      )}
      {run.description && <p className="mt-4 text-sm leading-relaxed whitespace-pre-line text-slate-700">{run.description}</p>}

      <div className="mt-6 flex flex-wrap gap-2">
        {!run.isHost && open && (run.joined ? (
          <Button variant="outline" loading={join.isPending} onClick={() => void toggleJoin(false)}>
            Keluar dari Group Run
          </Button>
        ) : (
          <Button loading={join.isPending} disabled={full} onClick={() => void toggleJoin(true)}>
            {full ? 'Kuota Penuh' : 'Gabung'}
          </Button>
        ))}
        <Button variant="outline" onClick={() => void share()}>
          <Share2 className="size-4" aria-hidden="true" /> Bagikan
        </Button>
        {run.isHost && open && (
          <>
            <Button
              variant="outline"
              onClick={() => {
                setEditLoaded(true);
                setEditing(true);
              }}
            >
              Ubah
            </Button>
            <Button variant="danger" onClick={() => setConfirmCancel(true)}>
              Batalkan Group Run
            </Button>
          </>
        )}
      </div>
      <div aria-live="polite" className="mt-3 space-y-2">
        {notice && <Alert tone="success">{notice}</Alert>}
        {actionError && <Alert tone="error">{problem(actionError)}</Alert>}
      </div>

      {!run.isHost && !canceled && (
        <button type="button" onClick={() => void startReport()} className="mt-4 inline-flex items-center gap-1.5 text-xs font-medium text-slate-500 hover:text-red-700 hover:underline">
          <Flag className="size-3.5" aria-hidden="true" /> Laporkan group run ini
        </button>
      )}

      <section aria-labelledby="participants-title" className="mt-6 border-t border-slate-100 pt-4">
        <h2 id="participants-title" className="text-base font-bold text-slate-900">
          Peserta ({run.participantsCount})
        </h2>
        {run.participants.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Belum ada peserta. Bagikan link ini ke teman lari Anda.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {run.participants.map((p, i) => (
              <li key={p.userId ?? `${p.name}-${i}`} className="flex items-center justify-between gap-3 py-2 text-sm text-slate-800">
                <span className="flex min-w-0 items-center gap-2">
                  <UserRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="truncate">{p.name}</span>
                </span>
                {run.isHost && open && p.userId && (
                  <Button size="sm" variant="ghost" onClick={() => setRemoving({ userId: p.userId!, name: p.name })}>
                    Keluarkan
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        size="sm"
        title="Batalkan group run?"
        description="Semua peserta akan diberi tahu lewat email. Pembatalan tidak bisa diurungkan."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmCancel(false)} disabled={cancel.isPending}>
              Kembali
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate(undefined, { onSuccess: (res) => (setConfirmCancel(false), setNotice(res.message)) })}>
              Ya, Batalkan
            </Button>
          </>
        }
      />
      <Dialog
        open={!!removing}
        onOpenChange={(next) => !next && setRemoving(null)}
        size="sm"
        title="Keluarkan peserta?"
        description={removing ? `${removing.name} akan dikeluarkan dan diberi tahu lewat email.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              Kembali
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => removing && remove.mutate(removing.userId, { onSuccess: (res) => (setRemoving(null), setNotice(res.message)) })}>
              Keluarkan
            </Button>
          </>
        }
      />
      <Dialog
        open={reporting}
        onOpenChange={(next) => {
          setReporting(next);
          if (!next) report.reset();
        }}
        size="sm"
        title="Laporkan group run"
        description="Admin Derap akan meninjau laporan Anda. Identitas Anda tidak ditampilkan ke host."
        footer={
          report.isSuccess ? (
            <Button onClick={() => setReporting(false)}>Tutup</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => setReporting(false)} disabled={report.isPending}>
                Batal
              </Button>
              <Button variant="danger" loading={report.isPending} disabled={!reason.trim()} onClick={() => report.mutate(reason.trim())}>
                Kirim Laporan
              </Button>
            </>
          )
        }
      >
        {report.isSuccess ? (
          <Alert tone="success">{report.data.message}</Alert>
        ) : (
          <div className="space-y-2">
            {report.isError && <Alert tone="error">{problem(report.error)}</Alert>}
            <label htmlFor="report-reason" className="text-sm font-semibold text-slate-800">
              Alasan
            </label>
            <textarea id="report-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} className={fieldClass(false, 'h-auto py-2')} placeholder="mis. isinya promosi, bukan lari bersama" />
          </div>
        )}
      </Dialog>
      {editLoaded && (
        <Suspense fallback={null}>
          <GroupRunFormDialog open={editing} onOpenChange={setEditing} run={run} onSaved={() => setNotice(groupRunMessages.updated)} />
        </Suspense>
      )}
    </article>
  );
}

function Fact({ icon: Icon, label, value }: { icon: typeof MapPin; label: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="min-w-0">
        <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd className="break-words text-slate-900">{value}</dd>
      </div>
    </div>
  );
}

import { CalendarDays, Clock, Gauge, MapPin, Plus, Route, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { GroupRun } from '../../../domain/group-runs/contract';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Input } from '../../components/input';
import { PublicLayout } from '../../components/public-layout';
import { ErrorAlert, QueryState } from '../../components/query-state';
import { Spinner } from '../../components/spinner';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { useSignedIn } from '../../hooks/use-signed-in';
import { formatKm, formatRunWhen } from './group-run-format';
import { useGroupRuns } from './group-runs-api';

// The form (react-hook-form + zod) is fetched on the first press of 'Buat Group Run'.
const GroupRunFormDialog = lazy(() => import('./group-run-form-dialog').then((m) => ({ default: m.GroupRunFormDialog })));

/** Running Buddy (/buddy, issue 16 item 5): upcoming group runs by city and day; the filters live in the address. */
export function BuddyPage() {
  useDocumentMeta('Running Buddy: Cari Teman Lari | Derap', 'Temukan group run di kotamu atau buat sendiri: titik kumpul, jam, jarak dan grup pace.');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { resolveSignedIn } = useSignedIn();
  const city = params.get('city')?.trim() || undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : undefined;
  const runs = useGroupRuns({ city, date });
  const [typed, setTyped] = useState(city ?? '');
  const [creating, setCreating] = useState(params.get('buat') === '1');
  const [formLoaded, setFormLoaded] = useState(creating);

  const update = (patch: { city?: string; date?: string }) => {
    const next = { city, date, ...patch };
    const out = new URLSearchParams();
    if (next.city) out.set('city', next.city);
    if (next.date) out.set('date', next.date);
    setParams(out, { replace: true });
  };

  useEffect(() => {
    const next = typed.trim() || undefined;
    if (next === city) return;
    const timer = setTimeout(() => update({ city: next }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [typed]);

  const startCreate = async () => {
    // Signed out: sign in first, then come back with the form open.
    if (!(await resolveSignedIn())) return void navigate(`/login?next=${encodeURIComponent('/buddy?buat=1')}`);
    setFormLoaded(true);
    setCreating(true);
  };
  const filtered = !!(city || date);

  return (
    <PublicLayout>
      <section aria-labelledby="buddy-title" className="relative overflow-hidden bg-ink text-white">
        <div aria-hidden="true" className="pointer-events-none absolute -top-32 right-0 size-[28rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="relative mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 id="buddy-title" className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
            Running <span className="text-brand-400">Buddy</span>
          </h1>
          <p className="mt-3 max-w-2xl text-base leading-relaxed text-slate-300 sm:text-lg">
            Cari teman lari di kotamu. Gabung group run terdekat, atau buat sendiri dan ajak pelari lain.
          </p>
          <div className="mt-6">
            <Button onClick={() => void startCreate()}>
              <Plus className="size-4" aria-hidden="true" /> Buat Group Run
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="buddy-list-title" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <h2 id="buddy-list-title" className="sr-only">
          Group run mendatang
        </h2>
        <div role="search" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_12rem]">
          <div>
            <label htmlFor="buddy-city" className="mb-1 block text-xs font-semibold text-slate-600">
              Kota
            </label>
            <Input id="buddy-city" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Kota, mis. Bandung" maxLength={60} />
          </div>
          <div>
            <label htmlFor="buddy-date" className="mb-1 block text-xs font-semibold text-slate-600">
              Tanggal
            </label>
            <Input id="buddy-date" type="date" value={date ?? ''} onChange={(e) => update({ date: e.target.value || undefined })} />
          </div>
        </div>

        <div className="mt-6" aria-live="polite" aria-busy={runs.isFetching}>
          <QueryState
            query={runs}
            loading={
              <div className="flex justify-center py-16 text-brand-600">
                <Spinner className="size-8" label="Memuat group run..." />
              </div>
            }
            error={<ErrorAlert title="Gagal memuat group run." onRetry={() => void runs.refetch()} />}
            isEmpty={(list) => list.length === 0}
            empty={
              <EmptyState
                icon={Users}
                title={filtered ? 'Tidak ada group run yang cocok' : 'Belum ada group run mendatang'}
                description={filtered ? 'Coba kota atau tanggal lain, atau buat group run sendiri.' : 'Jadilah yang pertama: buat group run dan ajak pelari lain.'}
                action={
                  filtered ? (
                    <Button
                      variant="outline"
                      onClick={() => {
                        setTyped('');
                        update({ city: undefined, date: undefined });
                      }}
                    >
                      Hapus filter
                    </Button>
                  ) : undefined
                }
              />
            }
          >
            {(list) => (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((run) => (
                  <li key={run.id}>
                    <GroupRunCard run={run} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </section>

      {formLoaded && (
        <Suspense
          fallback={
            <div role="status" className="fixed inset-x-0 bottom-6 z-50 mx-auto w-fit rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
              Memuat formulir...
            </div>
          }
        >
          <GroupRunFormDialog
            open={creating}
            onOpenChange={setCreating}
            onSaved={(run) => void navigate(`/buddy/${run.id}`)}
          />
        </Suspense>
      )}
    </PublicLayout>
  );
}

function GroupRunCard({ run }: { run: GroupRun }) {
  const when = formatRunWhen(run.startsAt);
  const full = run.participantsCount >= run.capacity;
  return (
    <Link
      to={`/buddy/${run.id}`}
      className="block h-full rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
        {when.day}
      </span>
      <span className="mt-1 block text-lg font-bold break-words text-slate-900">{run.title}</span>
      <span className="mt-2 grid gap-1 text-sm text-slate-700">
        <span className="flex items-center gap-1.5">
          <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {when.time}
        </span>
        <span className="flex items-start gap-1.5">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="break-words">
            <strong className="font-semibold">{run.city}</strong> · {run.meetingPoint}
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="flex items-center gap-1.5">
            <Route className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {formatKm(run.distanceKm)}
          </span>
          <span className="flex items-center gap-1.5">
            <Gauge className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {run.paceGroup}
          </span>
        </span>
      </span>
      <span className={`mt-3 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${full ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}`}>
        <Users className="size-3.5" aria-hidden="true" />
        {run.participantsCount}/{run.capacity} bergabung{full ? ' · Penuh' : ''}
      </span>
    </Link>
  );
}

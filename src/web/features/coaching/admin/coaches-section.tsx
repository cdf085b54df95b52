import { ExternalLink, Plus, ShieldCheck, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminCoach } from '../../../../domain/coaching/admin-contract';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingMessage, QueryState } from '../../../components/query-state';
import { SearchInput } from '../../../components/search-input';
import { SectionHeader } from '../../../components/section-header';
import { useToast } from '../../../components/toast';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useAdminCoaches } from './coach-admin-api';
import { FreeslotDialog } from './freeslot-dialog';
import { VerificationBadge } from './verification-badge';
import { VerificationDialog } from './verification-dialog';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'Terjadi kesalahan. Coba lagi.');

/**
 * Admin 'Pelatih' (issue 14 item 6): every coach with their public page, verification (waiting
 * reviews first) and slots; the review dialog and 'Tambah Slot Gratis'. Making someone a coach is
 * a role change, which lives in 'Pengguna' (`rolesHref`).
 */
export function CoachesSection({ rolesHref }: { rolesHref: string }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const coaches = useAdminCoaches(q);
  const rows = coaches.data?.data ?? [];
  const [dialog, setDialog] = useState<{ kind: 'verify' | 'slots'; coach: AdminCoach } | null>(null);
  const toast = useToast();
  const done = (message: string) => {
    setDialog(null);
    toast(message, 'success');
  };

  return (
    <section aria-labelledby="admin-coaches-title">
      <SectionHeader titleId="admin-coaches-title" title="Pelatih" description="Tinjau verifikasi pelatih dan tambahkan slot gratis untuk pelari mereka.">
        <SearchInput
          id="admin-coach-search"
          label="Cari nama atau email pelatih"
          value={search}
          onChange={setSearch}
          placeholder="Cari nama atau email..."
          busy={coaches.isFetching && !coaches.isPending}
          className="w-full sm:w-80"
          inputClassName="h-10 pr-9"
        />
      </SectionHeader>
      <p className="mb-4 text-sm text-slate-600">
        Untuk menjadikan pengguna pelatih, ubah perannya menjadi Pelatih di{' '}
        <Link to={rolesHref} className="font-semibold text-brand-700 underline underline-offset-2">
          tab Pengguna
        </Link>
        .
      </p>

      <QueryState
        query={coaches}
        loading={<LoadingMessage card>Memuat pelatih...</LoadingMessage>}
        error={<ErrorState icon={UserX} title="Gagal memuat pelatih" description={messageOf(coaches.error)} onRetry={() => void coaches.refetch()} />}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon={UserX} description={q ? 'Tidak ada pelatih yang cocok dengan pencarian.' : 'Belum ada pelatih.'} className="bg-white" />}
      >
        {() => (
          <div className="lg:overflow-hidden lg:rounded-2xl lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm">
            <table className={cn('w-full text-sm max-lg:block', coaches.isPlaceholderData && 'opacity-60')} aria-busy={coaches.isFetching}>
              <caption className="sr-only">Daftar pelatih</caption>
              <thead className="bg-slate-50 text-left text-xs font-bold tracking-wide text-slate-500 uppercase max-lg:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-3">Pelatih</th>
                  <th scope="col" className="px-4 py-3">Profil</th>
                  <th scope="col" className="px-4 py-3">Verifikasi</th>
                  <th scope="col" className="px-4 py-3">Slot</th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Aksi</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-lg:flex max-lg:flex-col max-lg:gap-3 lg:divide-y lg:divide-slate-100">
                {rows.map((coach) => (
                  <tr
                    key={coach._id}
                    data-testid="admin-coach-row"
                    className="max-lg:flex max-lg:min-w-0 max-lg:flex-col max-lg:rounded-2xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-4 max-lg:shadow-sm"
                  >
                    <td className="max-lg:block max-lg:min-w-0 lg:px-4 lg:py-3">
                      <p className="truncate font-semibold text-slate-900">{coach.name}</p>
                      <p className="truncate text-slate-500">{coach.email}</p>
                    </td>
                    <Labelled label="Profil">
                      {coach.profile ? (
                        <a
                          href={`/coaching/${coach.profile.uniquelink}`}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex max-w-full min-w-0 items-center gap-1 font-medium text-brand-700 underline underline-offset-2 lg:max-w-52"
                        >
                          <span className="truncate">/coaching/{coach.profile.uniquelink}</span>
                          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                          <span className="sr-only">(tab baru)</span>
                        </a>
                      ) : (
                        <span className="text-slate-500">Belum membuat profil</span>
                      )}
                    </Labelled>
                    <Labelled label="Verifikasi">
                      <span className="whitespace-nowrap">
                        <VerificationBadge status={coach.verification} />
                      </span>
                    </Labelled>
                    <Labelled label="Slot">
                      <span className="whitespace-nowrap text-slate-700">
                        {coach.slots.used} terisi · {coach.slots.free} kosong
                      </span>
                    </Labelled>
                    <td className="max-lg:mt-3 lg:px-4 lg:py-3">
                      <div className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end">
                        <Button
                          variant={coach.verification === 'pending' ? 'primary' : 'outline'}
                          size="sm"
                          className="whitespace-nowrap"
                          disabled={!coach.profile}
                          title={coach.profile ? undefined : 'Pelatih belum membuat profil'}
                          onClick={() => setDialog({ kind: 'verify', coach })}
                          aria-label={`Tinjau verifikasi ${coach.name}`}
                        >
                          <ShieldCheck className="size-4" aria-hidden="true" /> Tinjau
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          className="whitespace-nowrap"
                          onClick={() => setDialog({ kind: 'slots', coach })} aria-label={`Tambah slot gratis untuk ${coach.name}`}>
                          <Plus className="size-4" aria-hidden="true" /> Slot Gratis
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>

      {dialog?.kind === 'verify' && <VerificationDialog coach={dialog.coach} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'slots' && <FreeslotDialog coach={dialog.coach} onClose={() => setDialog(null)} onDone={done} />}
    </section>
  );
}

/** A cell that, on a phone card, shows its column name on the left. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="max-lg:mt-2 max-lg:flex max-lg:min-w-0 max-lg:items-center max-lg:justify-between max-lg:gap-3 max-lg:border-t max-lg:border-slate-100 max-lg:pt-2 lg:px-4 lg:py-3">
      <span className="shrink-0 text-xs font-semibold text-slate-500 lg:hidden" aria-hidden="true">
        {label}
      </span>
      {children}
    </td>
  );
}

import { Eye, EyeOff, Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminGroupRun } from '../../../../domain/group-runs/contract';
import { ApiError } from '../../../api/client';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/input';
import { ErrorState, LoadingMessage, QueryState } from '../../../components/query-state';
import { SectionHeader } from '../../../components/section-header';
import { useToast } from '../../../components/toast';
import { formatRunWhen } from '../group-run-format';
import { useGroupRunsForReview, useSetGroupRunHidden } from '../group-runs-api';

/** Admin 'Group Run': runs reported by runners, to hide (from everyone but the host) or show again (issue 16 item 5). */
export function GroupRunsReviewSection() {
  const [status, setStatus] = useState<'reported' | 'hidden'>('reported');
  const runs = useGroupRunsForReview(status);
  const setHidden = useSetGroupRunHidden();
  const toast = useToast();
  const [hiding, setHiding] = useState<AdminGroupRun | null>(null);

  const apply = (run: AdminGroupRun, hidden: boolean) =>
    setHidden.mutate(
      { id: run.id, hidden },
      {
        onSuccess: (res) => {
          setHiding(null);
          toast(res.message, 'success');
        },
        onError: (err) => toast(err instanceof ApiError && err.status < 500 ? err.message : 'Gagal menyimpan. Silakan coba lagi.', 'error'),
      },
    );

  return (
    <section aria-labelledby="admin-group-runs-title">
      <SectionHeader titleId="admin-group-runs-title" title="Group Run" description="Tinjau group run yang dilaporkan pelari. Group run yang disembunyikan hanya terlihat oleh host-nya.">
        <div className="w-full sm:w-56">
          <label htmlFor="admin-group-run-status" className="text-xs font-semibold text-slate-600">
            Tampilkan
          </label>
          <Select id="admin-group-run-status" value={status} onChange={(e) => setStatus(e.target.value as 'reported' | 'hidden')} className="mt-1">
            <option value="reported">Dilaporkan</option>
            <option value="hidden">Disembunyikan</option>
          </Select>
        </div>
      </SectionHeader>
      <QueryState
        query={runs}
        loading={<LoadingMessage card>Memuat group run...</LoadingMessage>}
        error={<ErrorState icon={Flag} title="Gagal memuat group run" description="Periksa koneksi lalu coba lagi." onRetry={() => void runs.refetch()} />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState icon={Flag} description={status === 'reported' ? 'Tidak ada group run yang dilaporkan.' : 'Tidak ada group run yang disembunyikan.'} className="bg-white" />}
      >
        {(list) => (
          <ul className="space-y-3">
            {list.map((run) => {
              const when = formatRunWhen(run.startsAt);
              return (
                <li key={run.id} data-testid="group-run-review" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                  <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
                    <div className="min-w-0 space-y-1.5 text-sm text-slate-700">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link to={`/buddy/${run.id}`} className="text-base font-bold break-words text-slate-900 hover:text-brand-700 hover:underline">
                          {run.title}
                        </Link>
                        {run.hidden ? <Badge tone="red">Disembunyikan</Badge> : <Badge tone="yellow">{run.reports.length} laporan</Badge>}
                      </div>
                      <p>
                        {when.day}, {when.time} · {run.city} · host {run.host.name}
                      </p>
                      <ul className="space-y-1 rounded-lg bg-slate-50 p-3">
                        {run.reports.map((report, i) => (
                          <li key={i} className="break-words">
                            <span className="font-semibold text-slate-900">{report.reporterName}:</span> {report.reason}
                          </li>
                        ))}
                      </ul>
                    </div>
                    <div className="shrink-0">
                      {run.hidden ? (
                        <Button size="sm" variant="outline" disabled={setHidden.isPending} onClick={() => apply(run, false)}>
                          <Eye className="size-4" aria-hidden="true" /> Tampilkan Lagi
                        </Button>
                      ) : (
                        <Button size="sm" variant="danger" disabled={setHidden.isPending} onClick={() => setHiding(run)}>
                          <EyeOff className="size-4" aria-hidden="true" /> Sembunyikan
                        </Button>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <Dialog
        open={!!hiding}
        onOpenChange={(open) => !open && setHiding(null)}
        size="sm"
        title="Sembunyikan group run ini?"
        description={hiding ? `${hiding.title} tidak akan tampil di Running Buddy untuk siapa pun kecuali host-nya.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setHiding(null)}>
              Batal
            </Button>
            <Button variant="danger" loading={setHidden.isPending} onClick={() => hiding && apply(hiding, true)}>
              Ya, Sembunyikan
            </Button>
          </>
        }
      />
    </section>
  );
}

import { ArrowRight, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { ErrorRetry, LoadingSpinner } from '../../components/query-state';
import { formatKm, formatRunWhen } from './group-run-format';
import { useMyGroupRuns } from './group-runs-api';

/** The dashboard's 'Group Run Berikutnya' card body: the runner's next run, hosted or joined, or a way to find one. */
export function MyNextGroupRunCard() {
  const query = useMyGroupRuns();
  if (query.isPending) return <LoadingSpinner label="Memuat group run..." />;
  if (query.isError) return <ErrorRetry message="Gagal memuat group run." onRetry={() => void query.refetch()} />;
  const next = query.data[0];
  if (!next) {
    return (
      <div className="text-sm text-slate-600">
        <p>Belum ada group run yang Anda ikuti.</p>
        <Link to="/buddy" className={buttonClass('outline', 'sm', 'mt-3')}>
          Cari Teman Lari <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    );
  }
  const when = formatRunWhen(next.startsAt);
  return (
    <div className="text-sm">
      <Link to={`/buddy/${next.id}`} className="font-bold break-words text-slate-900 hover:text-brand-700 hover:underline">
        {next.title}
      </Link>
      {next.isHost && <Badge tone="brand" className="ml-2">Host</Badge>}
      <p className="mt-1 flex items-center gap-1.5 text-slate-700">
        <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {when.day}, {when.time}
      </p>
      <p className="mt-1 flex items-start gap-1.5 text-slate-700">
        <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="break-words">
          {next.meetingPoint}, {next.city} · {formatKm(next.distanceKm)}
        </span>
      </p>
      {query.data.length > 1 && <p className="mt-2 text-xs text-slate-500">+{query.data.length - 1} group run lain</p>}
    </div>
  );
}

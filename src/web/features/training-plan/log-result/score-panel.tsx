import { formatScore, MAX_SCORE, type RunScores } from '../../../../domain/training-plan/scoring';
import { cn } from '../../../components/cn';

const items: { key: keyof RunScores; label: string }[] = [
  { key: 'distance', label: 'Jarak' },
  { key: 'pace', label: 'Pace' },
  { key: 'heartRate', label: 'HR' },
  { key: 'total', label: 'Total' },
];

/** Bar colour by how well the run matched the plan. */
function barColor(score: number): string {
  if (score >= 8) return 'bg-green-600';
  if (score >= 5) return 'bg-amber-500';
  return 'bg-red-500';
}

/** The four 0-10 scores of the result being typed (spec §5), each with a small bar; '-' when not available. */
export function ScorePanel({ scores }: { scores: RunScores }) {
  return (
    <section aria-labelledby="log-score-title">
      <h3 id="log-score-title" className="text-sm font-bold text-slate-900">
        Skor latihan
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {items.map(({ key, label }) => {
          const score = scores[key];
          const isTotal = key === 'total';
          return (
            <div
              key={key}
              data-testid={`score-${key}`}
              className={cn('rounded-xl border p-3', isTotal ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white')}
            >
              <dt className={cn('text-xs font-semibold', isTotal ? 'text-brand-800' : 'text-slate-600')}>{label}</dt>
              <dd className="mt-0.5 flex items-baseline gap-1">
                <span className="text-2xl font-extrabold text-slate-900">{formatScore(score)}</span>
                {score !== null && <span className="text-xs text-slate-600">/ {MAX_SCORE}</span>}
              </dd>
              <dd aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200">
                {score !== null && (
                  <span className={cn('block h-full rounded-full', barColor(score))} style={{ width: `${(score / MAX_SCORE) * 100}%` }} />
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-slate-600">Skor 0-10 dibandingkan dengan rencana: jarak, rentang pace dan zona HR (HR maks. 195).</p>
    </section>
  );
}

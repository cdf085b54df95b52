import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/button';

const number = (n: number) => n.toLocaleString('id-ID');

/** 'Menampilkan 1–50 dari 1.234 pelari' with Sebelumnya / Berikutnya. */
export function Pager({
  pageSize,
  offset,
  shown,
  total,
  busy,
  onOffset,
}: {
  pageSize: number;
  /** Rows before this page. */
  offset: number;
  /** Rows on this page. */
  shown: number;
  /** Every matching row. */
  total: number;
  busy: boolean;
  onOffset(offset: number): void;
}) {
  const from = shown ? offset + 1 : 0;
  const to = offset + shown;
  const hasNext = to < total;
  return (
    <nav aria-label="Halaman data pelari" className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="runner-data-range">
        {shown ? `Menampilkan ${number(from)}–${number(to)} dari ${number(total)} pelari` : `Tidak ada pelari di halaman ini (dari ${number(total)} pelari)`}
      </p>
      {(offset > 0 || hasNext) && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={offset === 0 || busy} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Sebelumnya
          </Button>
          <Button variant="outline" size="sm" disabled={!hasNext || busy} onClick={() => onOffset(offset + pageSize)}>
            Berikutnya
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}

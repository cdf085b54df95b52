import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { formatRupiah } from '../../../domain/shared/money';
import { Button } from '../../components/button';
import { TermsDialog } from '../../components/legal/legal-dialogs';
import { formatPeriodEnd, type SelectionQuote } from './purchase-model';
import { SummaryRow, ViewActions } from './dialog-parts';
import { TermsLinkButton } from './terms-link';

/** The label of the confirmation's button (spec §2): nothing to pay activates, anything else pays. */
export const confirmLabel = (price: number) => (price <= 0 ? 'Aktifkan Paket' : 'Lakukan Pembayaran');

/** The payment confirmation (spec §2): plan, price, active-until, the terms; then activate or pay. */
export function ConfirmView({ quote, busy, onConfirm, onBack }: { quote: SelectionQuote; busy: boolean; onConfirm: () => void; onBack: () => void }) {
  const [termsOpen, setTermsOpen] = useState(false);
  return (
    <div>
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 text-sm" data-testid="confirm-summary">
        <SummaryRow label="Paket">{quote.name}</SummaryRow>
        <SummaryRow label="Durasi">{quote.days} hari</SummaryRow>
        {quote.discountPercent > 0 && <SummaryRow label="Diskon">{quote.discountPercent}%</SummaryRow>}
        <SummaryRow label="Harga">
          <span className="text-base">{formatRupiah(quote.price)}</span>
        </SummaryRow>
        <SummaryRow label="Aktif hingga">
          <span data-testid="active-until">{formatPeriodEnd(quote.activeUntil)}</span>
        </SummaryRow>
      </dl>
      <p className="mt-4 text-sm text-slate-600">
        Dengan melanjutkan, Anda menyetujui{' '}
        <TermsLinkButton onOpen={() => setTermsOpen(true)} />{' '}
        Derap.
      </p>
      <ViewActions>
        <Button variant="outline" disabled={busy} onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Kembali
        </Button>
        <Button loading={busy} onClick={onConfirm}>
          {confirmLabel(quote.price)}
        </Button>
      </ViewActions>
      <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />
    </div>
  );
}

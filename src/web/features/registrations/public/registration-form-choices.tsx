/**
 * The choices of the public registration form, below the runner's data: category, payment method,
 * the terms, the cost, and the line that tells the background verification's state.
 */
import { CheckCircle2 } from 'lucide-react';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import { registrationTotal } from '../../../../domain/registrations/registrations';
import { formatRupiah } from '../../../../domain/shared/money';
import { paymentOptionLabels } from '../../../../domain/payments/payments';
import type { ChoiceField } from '../../../../domain/registrations/registration-form';
import { CategoryChip } from '../../../components/category-chip';
import { cn } from '../../../components/cn';
import { FormSection } from '../../../components/form-section';
import { FieldError } from '../../../components/input';
import { Spinner } from '../../../components/spinner';
import { categoryOption, type ClaimedOffer } from './registration-form-model';
import type { useRegistrationChallenge } from './use-registration-challenge';
import { WaiverText } from './waiver';

/** What the category and payment-method sections need: the choice so far, its problem, and how to choose. */
interface ChoiceProps {
  value: string;
  problem?: string;
  controlId: (field: ChoiceField) => string;
  onChoose: (value: string) => void;
}

/** One radio of a choice; choosing it hands the value back. */
const radio = (field: 'categoryId' | 'paymentMethod', value: string, choice: ChoiceProps) => ({
  type: 'radio' as const,
  name: field,
  value,
  checked: choice.value === value,
  onChange: () => choice.onChoose(value),
});

/** 'Kategori Lomba': each category with its slots left and its price. */
export function CategorySection({ event, offer, ...choice }: ChoiceProps & { event: RegistrationEvent; offer: ClaimedOffer | null }) {
  const { problem, controlId } = choice;
  const errorId = `${controlId('categoryId')}-error`;
  return (
    <FormSection layout="page" title="Kategori Lomba">
      <fieldset aria-describedby={problem ? errorId : undefined}>
        <legend className="sr-only">Pilih kategori</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {event.categories.map((c) => {
            const { reserved, soldOut, disabled, firstOpen, left } = categoryOption(c, event.categories, offer);
            return (
              <label
                key={c.categoryId}
                className={cn(
                  'relative flex gap-3 rounded-xl border-2 p-4 transition-colors',
                  disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70' : 'cursor-pointer hover:border-brand-300',
                  choice.value === c.categoryId ? 'border-brand-600 bg-brand-50' : !disabled && (problem ? 'border-red-300 bg-white' : 'border-slate-200 bg-white'),
                )}
              >
                <input
                  {...radio('categoryId', c.categoryId, choice)}
                  disabled={disabled}
                  id={firstOpen ? controlId('categoryId') : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  className="mt-1 size-4 shrink-0 accent-brand-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <CategoryChip name={c.name} />
                    {reserved ? (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">Disimpan untuk Anda</span>
                    ) : soldOut ? (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">Slot Habis</span>
                    ) : (
                      <span className="text-xs text-slate-600">Sisa {left} slot</span>
                    )}
                  </span>
                  {c.description && <span className="mt-1.5 block text-sm text-slate-600">{c.description}</span>}
                  <span className="mt-2 flex flex-wrap items-baseline gap-x-2 text-base font-bold text-slate-900">
                    {formatRupiah(c.price)}
                    {c.originalPrice && c.originalPrice > c.price && (
                      <s className="text-sm font-normal text-slate-500">
                        <span className="sr-only">harga normal </span>
                        {formatRupiah(c.originalPrice)}
                      </s>
                    )}
                    {c.earlyBird && <span className="text-xs font-semibold text-green-700">Early bird</span>}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <FieldError id={errorId} message={problem} />
    </FormSection>
  );
}

/** 'Metode Pembayaran': the methods the organizer offers. */
export function PaymentMethodSection({ options, ...choice }: ChoiceProps & { options: RegistrationEvent['paymentOptions'] }) {
  const { problem, controlId } = choice;
  const errorId = `${controlId('paymentMethod')}-error`;
  return (
    <FormSection layout="page" title="Metode Pembayaran">
      <fieldset aria-describedby={problem ? errorId : undefined}>
        <legend className="sr-only">Pilih metode pembayaran</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {options.map((key, i) => (
            <label
              key={key}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 text-sm font-semibold transition-colors hover:border-brand-300',
                choice.value === key ? 'border-brand-600 bg-brand-50 text-slate-900' : cn('bg-white text-slate-800', problem ? 'border-red-300' : 'border-slate-200'),
              )}
            >
              <input
                {...radio('paymentMethod', key, choice)}
                id={i === 0 ? controlId('paymentMethod') : undefined}
                aria-describedby={problem ? errorId : undefined}
                className="size-4 shrink-0 accent-brand-600"
              />
              {paymentOptionLabels[key]}
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError id={errorId} message={problem} />
    </FormSection>
  );
}

/** 'Syarat & Ketentuan': the waiver and the box that accepts it. */
export function TermsSection({
  id,
  waiverId,
  agreed,
  problem,
  onAgree,
}: {
  /** The checkbox's id; its error gets `${id}-error`. */
  id: string;
  /** The waiver text's id: the checkbox is described by it. */
  waiverId: string;
  agreed: boolean;
  problem?: string;
  onAgree: (agreed: boolean) => void;
}) {
  return (
    <FormSection layout="page" title="Syarat & Ketentuan">
      <WaiverText id={waiverId} />
      <label className="mt-4 flex cursor-pointer items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          id={id}
          aria-describedby={problem ? `${waiverId} ${id}-error` : waiverId}
          aria-invalid={problem ? true : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          name="agree"
          checked={agreed}
          onChange={(e) => onAgree(e.currentTarget.checked)}
        />
        <span>Saya telah membaca, memahami, dan menyetujui seluruh Syarat & Ketentuan di atas.</span>
      </label>
      <FieldError id={`${id}-error`} message={problem} />
    </FormSection>
  );
}

/** 'Rincian Biaya': the chosen category's price, the platform fee and the total ('-' before a choice). */
export function CostSummary({ id, category }: { id: string; category: RegistrationEvent['categories'][number] | null }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id={id} className="text-base font-bold text-slate-900">
        Rincian Biaya
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Biaya event{category ? ` (${category.name})` : ''}</dt>
          <dd className="font-semibold text-slate-900">{category ? formatRupiah(category.price) : '-'}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Biaya platform</dt>
          <dd className="font-semibold text-slate-900">{category ? formatRupiah(category.adminFee) : '-'}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-bold text-slate-900">Total</dt>
          <dd className="font-extrabold text-brand-700" aria-live="polite">
            {category ? formatRupiah(registrationTotal(category)) : '-'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The background verification, visible but quiet: it usually finishes before the form is filled in. */
export function ChallengeStatusLine({ status, onRetry }: { status: ReturnType<typeof useRegistrationChallenge>['status']; onRetry: () => void }) {
  if (status === 'off' || status === 'idle') return null;
  return (
    <div className="mt-2 flex min-h-6 items-center justify-center gap-2 text-xs text-slate-600" data-testid="challenge-status">
      {status === 'solving' && (
        <>
          <Spinner className="size-3.5 text-brand-600" label="" />
          Memverifikasi…
        </>
      )}
      {status === 'ready' && (
        <>
          <CheckCircle2 className="size-3.5 text-green-700" aria-hidden="true" />
          Terverifikasi
        </>
      )}
      {status === 'error' && (
        <>
          <span className="text-red-700">Verifikasi keamanan gagal dimuat.</span>
          <button type="button" onClick={onRetry} className="font-semibold text-brand-700 underline">
            Coba lagi
          </button>
        </>
      )}
    </div>
  );
}

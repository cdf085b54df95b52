import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { estimatedReceived } from '../../../../domain/coaching/coaching';
import { coachingMessages as m, type CoachPackage, type CoachPackageInput } from '../../../../domain/coaching/contract';
import { formatRupiah } from '../../../../domain/shared/money';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { FormField } from '../../../components/form-field';
import { fieldClass, Input } from '../../../components/input';
import { ErrorRetry, LoadingMessage } from '../../../components/query-state';
import { Switch } from '../../../components/switch';
import { useToast } from '../../../components/toast';
import { useDeletePackage, useMyPackages, useSavePackage } from './profile-api';

/** The §5 package form: digits only in the numbers, the spec's messages. */
const wholeNumber = (message: string, min: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && /^-?\d+$/.test(v.trim()) ? Number(v) : v === '' ? undefined : v), z.number({ error: m.required }).int(message).min(min, message));

const packageFormSchema = z.object({
  title: z.string().trim().min(1, m.required).max(100, 'Judul maksimal 100 karakter.'),
  description: z.string().trim().max(1000, 'Deskripsi maksimal 1000 karakter.'),
  durationWeeks: wholeNumber(m.minDuration, 1),
  price: wholeNumber(m.notNegative, 0),
  isActive: z.boolean(),
});
type PackageFormValues = { title: string; description: string; durationWeeks: string; price: string; isActive: boolean };

const toForm = (p: CoachPackage | null): PackageFormValues => ({
  title: p?.title ?? '',
  description: p?.description ?? '',
  durationWeeks: String(p?.durationWeeks ?? 1),
  price: p ? String(p.price) : '',
  isActive: p?.isActive ?? true,
});

/** 'Paket Latihan': the coach's packages as cards, added and edited in a modal, toggled, deleted after a confirmation. */
export function PackagesTab() {
  const packages = useMyPackages();
  const save = useSavePackage();
  const toast = useToast();
  const [editing, setEditing] = useState<CoachPackage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CoachPackage | null>(null);

  const toggle = async (p: CoachPackage) => {
    const { _id, estimatedReceived: _received, ...rest } = p;
    try {
      await save.mutateAsync({ id: _id, input: { ...rest, isActive: !p.isActive } });
      toast(p.isActive ? `Paket '${p.title}' dinonaktifkan.` : `Paket '${p.title}' diaktifkan.`, 'success');
    } catch (error) {
      toast(error instanceof ApiError && error.status === 400 ? error.message : m.packageSaveFailed, 'error');
    }
  };

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Biaya platform Rp15.000 per minggu dipotong dari harga paket. Paket nonaktif tidak tampil di halaman publik.
        </p>
        <Button onClick={() => setEditing('new')} className="shrink-0">
          <Plus className="size-4" aria-hidden="true" />
          Tambah Paket
        </Button>
      </div>
      {packages.isPending ? (
        <LoadingMessage card>Memuat paket...</LoadingMessage>
      ) : packages.isError ? (
        <ErrorRetry message={m.packagesFailed} onRetry={() => void packages.refetch()} />
      ) : packages.data.length === 0 ? (
        <EmptyState icon={Package} title={m.noPackages} description="Tambahkan paket pertama Anda agar pelari bisa membelinya dari halaman publik." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Paket latihan">
          {packages.data.map((p) => (
            <li
              key={p._id}
              className={cn('flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-opacity', !p.isActive && 'opacity-60')}
              data-testid="package-card"
            >
              <div className="flex items-start justify-between gap-2">
                <h2 className="min-w-0 text-base font-bold break-words text-slate-900">{p.title}</h2>
                <span className="shrink-0" data-testid="package-status">
                  <Badge tone={p.isActive ? 'green' : 'gray'}>{p.isActive ? 'Aktif' : 'Nonaktif'}</Badge>
                </span>
              </div>
              <p className="mt-1 text-xl font-extrabold text-slate-900">{formatRupiah(p.price)}</p>
              <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-600">
                <CalendarDays className="size-4" aria-hidden="true" />
                {p.durationWeeks} minggu
              </p>
              <p className="mt-1 text-sm text-slate-700">
                Perkiraan diterima: <span className="font-semibold text-green-700">{formatRupiah(p.estimatedReceived)}</span>
              </p>
              {p.description && <p className="mt-2 line-clamp-3 text-sm text-slate-600">{p.description}</p>}
              <div className="mt-auto space-y-3 pt-4">
                <Switch checked={p.isActive} onCheckedChange={() => void toggle(p)} label={`Aktif`} description={p.isActive ? 'Dijual di halaman publik' : 'Tidak dijual'} disabled={save.isPending} />
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" className="flex-1" onClick={() => setEditing(p)}>
                    <Pencil className="size-4" aria-hidden="true" />
                    Ubah<span className="sr-only"> paket {p.title}</span>
                  </Button>
                  <Button variant="ghost" size="sm" className="flex-1 text-red-700 hover:bg-red-50" onClick={() => setDeleting(p)}>
                    <Trash2 className="size-4" aria-hidden="true" />
                    Hapus<span className="sr-only"> paket {p.title}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <PackageDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeletePackageDialog pkg={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** Add or edit one package (§5): the live amount received, save disabled while it is not above 0. */
function PackageDialog({ pkg, onClose }: { pkg: CoachPackage | null; onClose: () => void }) {
  const id = useId();
  const save = useSavePackage();
  const toast = useToast();
  const titleRef = useRef<HTMLInputElement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<PackageFormValues, unknown, z.output<typeof packageFormSchema>>({
    resolver: zodResolver(packageFormSchema) as never,
    defaultValues: toForm(pkg),
    mode: 'onChange',
  });
  const [price, weeks] = useWatch({ control, name: ['price', 'durationWeeks'] });
  const priceNumber = /^\d+$/.test(price.trim()) ? Number(price) : 0;
  const weeksNumber = /^\d+$/.test(weeks.trim()) ? Number(weeks) : 0;
  const received = estimatedReceived(priceNumber, weeksNumber);
  const receivedOk = received > 0;
  // Save stays disabled until the coach would receive something; the warning waits for a price.
  const warnZero = !receivedOk && price.trim() !== '';

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const input: CoachPackageInput = { ...values };
    try {
      await save.mutateAsync({ id: pkg?._id, input });
      toast(pkg ? 'Paket berhasil disimpan!' : 'Paket berhasil ditambahkan!', 'success');
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiError && error.status === 400 ? error.message : m.packageSaveFailed);
    }
  });
  const { ref: titleFieldRef, ...titleField } = register('title');

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={pkg ? 'Ubah Paket' : 'Tambah Paket'}
      initialFocus={titleRef}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button type="submit" form={`${id}-form`} loading={save.isPending} disabled={!receivedOk}>
            Simpan
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <FormField id={`${id}-title`} label="Judul paket" mark="required" error={errors.title?.message}>
          {(c) => (
            <Input
              {...c}
              maxLength={100}
              {...titleField}
              ref={(el) => {
                titleFieldRef(el);
                titleRef.current = el;
              }}
            />
          )}
        </FormField>
        <FormField id={`${id}-description`} label="Deskripsi" mark="optional" error={errors.description?.message}>
          {(c) => <textarea {...c} rows={3} maxLength={1000} className={fieldClass(!!errors.description, 'h-auto py-2')} {...register('description')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-weeks`} label="Durasi (minggu)" mark="required" error={errors.durationWeeks?.message}>
            {(c) => <Input {...c} inputMode="numeric" {...register('durationWeeks')} />}
          </FormField>
          <FormField id={`${id}-price`} label="Harga (Rp)" mark="required" error={errors.price?.message}>
            {(c) => <Input {...c} inputMode="numeric" placeholder="mis. 400000" {...register('price')} />}
          </FormField>
        </div>
        <div
          className={cn('rounded-xl border px-4 py-3 text-sm', receivedOk ? 'border-green-200 bg-green-50 text-green-900' : warnZero ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-slate-50 text-slate-700')}
          aria-live="polite"
        >
          <p className="font-semibold" data-testid="estimated-received">
            Perkiraan diterima: {formatRupiah(received)}
          </p>
          <p className="mt-0.5 text-xs">Harga − Rp15.000 × {weeksNumber || 0} minggu biaya platform.</p>
          {warnZero && <p className="mt-1 font-semibold">{m.receivedZero}</p>}
        </div>
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch checked={field.value} onCheckedChange={field.onChange} label="Status paket" description={field.value ? 'Aktif: dijual di halaman publik.' : 'Nonaktif: tidak tampil di halaman publik.'} />
          )}
        />
      </form>
    </Dialog>
  );
}

function DeletePackageDialog({ pkg, onClose }: { pkg: CoachPackage | null; onClose: () => void }) {
  const remove = useDeletePackage();
  const toast = useToast();
  const confirm = async () => {
    if (!pkg) return;
    try {
      await remove.mutateAsync(pkg._id);
      toast(`Paket '${pkg.title}' dihapus.`, 'success');
      onClose();
    } catch {
      toast(m.packageDeleteFailed, 'error');
    }
  };
  return (
    <Dialog
      open={pkg !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Hapus paket?"
      size="sm"
      description={pkg ? `Paket '${pkg.title}' akan dihapus dan tidak lagi dijual. Pelari yang sudah membelinya tetap terhubung sampai masa paketnya berakhir.` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
            Hapus
          </Button>
        </>
      }
    />
  );
}

import { Ban, CalendarDays, Check, Handshake, Pencil, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminCalendarEvent } from '../../../../domain/event-calendar/contract';
import { calendarStatusLabels, type CalendarStatus, type RoadOrTrail } from '../../../../domain/event-calendar/event-calendar';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { CategoryChip } from '../../../components/category-chip';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { fieldClass, Input, Select } from '../../../components/input';
import { ErrorState, LoadingMessage, QueryState } from '../../../components/query-state';
import { SectionHeader } from '../../../components/section-header';
import { useToast } from '../../../components/toast';
import { formatCalendarDay } from '../calendar-format';
import { PartnerTag, RoadTrailTag } from '../calendar-tags';
import { useModerate, useModerationList, type ModerationBody } from '../event-calendar-api';

const filters: (CalendarStatus | 'all')[] = ['pending', 'approved', 'rejected', 'all'];
const statusTone = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

const errorText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : 'Gagal menyimpan. Silakan coba lagi.');

/** Admin 'Kalender': submissions to approve, reject, correct and mark as partnership (issue 16). */
export function CalendarModerationSection() {
  const [status, setStatus] = useState<CalendarStatus | 'all'>('pending');
  const list = useModerationList(status);
  const moderate = useModerate();
  const toast = useToast();
  const [editing, setEditing] = useState<AdminCalendarEvent | null>(null);
  const [rejecting, setRejecting] = useState<AdminCalendarEvent | null>(null);

  const act = (event: AdminCalendarEvent, body: ModerationBody, done: string) =>
    moderate.mutate(
      { id: event._id, body },
      {
        onSuccess: () => toast(done, 'success'),
        onError: (err) => toast(errorText(err), 'error'),
      },
    );

  return (
    <section aria-labelledby="admin-calendar-title">
      <SectionHeader titleId="admin-calendar-title" title="Kalender" description="Tinjau event yang diajukan pengunjung sebelum tampil di Kalender Lari.">
        <div className="w-full sm:w-56">
          <label htmlFor="admin-calendar-status" className="text-xs font-semibold text-slate-600">
            Filter status
          </label>
          <Select id="admin-calendar-status" value={status} onChange={(e) => setStatus(e.target.value as CalendarStatus | 'all')} className="mt-1">
            {filters.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? 'Semua status' : calendarStatusLabels[f]}
              </option>
            ))}
          </Select>
        </div>
      </SectionHeader>
      <QueryState
        query={list}
        loading={<LoadingMessage card>Memuat pengajuan...</LoadingMessage>}
        error={<ErrorState icon={CalendarDays} title="Gagal memuat kalender event." description="Periksa koneksi lalu coba lagi." onRetry={() => void list.refetch()} />}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState icon={CalendarDays} description={status === 'pending' ? 'Tidak ada pengajuan yang menunggu moderasi.' : 'Tidak ada event dengan status ini.'} className="bg-white" />}
      >
        {(rows) => (
          <ul className="space-y-3">
            {rows.map((event) => (
              <li key={event._id} data-testid="calendar-submission" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
                  <div className="min-w-0 space-y-1.5 text-sm text-slate-700">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="text-base font-bold break-words text-slate-900">{event.eventname}</h3>
                      <Badge tone={statusTone[event.status]}>{calendarStatusLabels[event.status]}</Badge>
                      <RoadTrailTag kind={event.roadortrail} />
                      {event.ispartnership === 'yes' && <PartnerTag />}
                    </div>
                    <p>
                      {formatCalendarDay(event.date, 'EEEE, d MMMM yyyy')} · {event.location}
                    </p>
                    <p>
                      {event.organizer} · <span className="break-all">{event.email}</span>
                      {event.website && (
                        <>
                          {' · '}
                          <a href={event.website} target="_blank" rel="noreferrer nofollow" className="break-all text-brand-700 underline">
                            {event.website}
                          </a>
                        </>
                      )}
                    </p>
                    <div className="flex flex-wrap gap-1.5">
                      {event.category.map((c) => (
                        <CategoryChip key={c} name={c} />
                      ))}
                    </div>
                    <p className="whitespace-pre-line text-slate-600">{event.description}</p>
                    <p className="text-xs text-slate-500">Diajukan {formatCalendarDay(event.createdAt.slice(0, 10), 'd MMM yyyy')}</p>
                  </div>
                  <div className="flex flex-wrap gap-2 lg:w-56 lg:flex-col">
                    {event.status !== 'approved' && (
                      <Button size="sm" disabled={moderate.isPending} onClick={() => act(event, { isapproved: 'yes' }, `"${event.eventname}" disetujui dan tampil di kalender.`)}>
                        <Check className="size-4" aria-hidden="true" /> Setujui
                      </Button>
                    )}
                    {event.status !== 'rejected' && (
                      <Button size="sm" variant="danger" disabled={moderate.isPending} onClick={() => setRejecting(event)}>
                        <Ban className="size-4" aria-hidden="true" /> Tolak
                      </Button>
                    )}
                    {event.status === 'rejected' && (
                      <Button size="sm" variant="outline" disabled={moderate.isPending} onClick={() => act(event, { isapproved: 'no' }, `"${event.eventname}" kembali menunggu moderasi.`)}>
                        <RotateCcw className="size-4" aria-hidden="true" /> Tinjau ulang
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      aria-pressed={event.ispartnership === 'yes'}
                      disabled={moderate.isPending}
                      onClick={() =>
                        act(
                          event,
                          { ispartnership: event.ispartnership === 'yes' ? 'no' : 'yes' },
                          event.ispartnership === 'yes' ? `"${event.eventname}" bukan partnership lagi.` : `"${event.eventname}" ditandai partnership.`,
                        )
                      }
                    >
                      <Handshake className="size-4" aria-hidden="true" /> {event.ispartnership === 'yes' ? 'Hapus Partnership' : 'Tandai Partnership'}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setEditing(event)}>
                      <Pencil className="size-4" aria-hidden="true" /> Ubah
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <Dialog
        open={!!rejecting}
        onOpenChange={(open) => !open && setRejecting(null)}
        size="sm"
        title="Tolak pengajuan ini?"
        description={rejecting ? `${rejecting.eventname} tidak akan tampil di kalender. Pengaju tidak menerima email.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setRejecting(null)}>
              Batal
            </Button>
            <Button
              variant="danger"
              loading={moderate.isPending}
              onClick={() => {
                const event = rejecting!;
                setRejecting(null);
                act(event, { isapproved: 'rejected' }, `"${event.eventname}" ditolak.`);
              }}
            >
              Ya, Tolak
            </Button>
          </>
        }
      />
      {editing && <EditSubmissionDialog event={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function EditSubmissionDialog({ event, onClose }: { event: AdminCalendarEvent; onClose: () => void }) {
  const id = useId();
  const moderate = useModerate();
  const toast = useToast();
  const [values, setValues] = useState({
    eventname: event.eventname,
    date: event.date,
    location: event.location,
    website: event.website ?? '',
    roadortrail: event.roadortrail as RoadOrTrail,
    category: event.category.join(', '),
    email: event.email ?? '',
    organizer: event.organizer,
    description: event.description,
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const save = () =>
    moderate.mutate(
      { id: event._id, body: values },
      {
        onSuccess: () => {
          toast('Perubahan disimpan.', 'success');
          onClose();
        },
      },
    );
  const text = (key: keyof typeof values, label: string, type = 'text') => (
    <div>
      <label htmlFor={`${id}-${key}`} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <Input id={`${id}-${key}`} type={type} value={values[key]} onChange={set(key)} className="mt-1" />
    </div>
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title="Ubah Pengajuan"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button loading={moderate.isPending} onClick={save}>
            Simpan
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {moderate.isError && (
          <div className="sm:col-span-2">
            <Alert tone="error">{errorText(moderate.error)}</Alert>
          </div>
        )}
        <div className="sm:col-span-2">{text('eventname', 'Nama event')}</div>
        {text('date', 'Tanggal', 'date')}
        <div>
          <label htmlFor={`${id}-kind`} className="text-sm font-semibold text-slate-800">
            Jenis
          </label>
          <Select id={`${id}-kind`} value={values.roadortrail} onChange={set('roadortrail')} className="mt-1">
            <option value="road">Road</option>
            <option value="trail">Trail</option>
          </Select>
        </div>
        <div className="sm:col-span-2">{text('location', 'Lokasi')}</div>
        <div className="sm:col-span-2">{text('category', 'Kategori (pisahkan dengan koma)')}</div>
        {text('organizer', 'Penyelenggara')}
        {text('email', 'Email', 'email')}
        <div className="sm:col-span-2">{text('website', 'Website', 'url')}</div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-description`} className="text-sm font-semibold text-slate-800">
            Deskripsi
          </label>
          <textarea id={`${id}-description`} rows={4} value={values.description} onChange={set('description')} className={fieldClass(false, 'mt-1 h-auto py-2')} />
        </div>
      </div>
    </Dialog>
  );
}

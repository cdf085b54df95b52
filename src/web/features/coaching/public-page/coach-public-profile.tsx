import { BadgeCheck, CalendarDays, ChevronDown, Hourglass, MapPin, MessageCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { PackageShown } from '../../../../domain/coaching/coaching';
import type { PublicCoachProfile } from '../../../../domain/coaching/contract';
import { formatRupiah } from '../../../../domain/shared/money';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';

/** What the public page shows of a coach: the public profile, or the form's values in the live preview. */
export type CoachPageProfile = Pick<
  PublicCoachProfile,
  'shownName' | 'headline' | 'bio' | 'certifications' | 'profileImageUrl' | 'headerImageUrl' | 'location' | 'availability' | 'packageshown' | 'verified'
>;
export type CoachPagePackage = PublicCoachProfile['packages'][number];

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/**
 * The top of /coaching/{uniquelink} (events-and-coach-pages §2): header picture, photo, name,
 * headline, location, verification and availability, bio and certification chips. The same
 * component draws Profil Pelatih's live preview, so the coach sees exactly what visitors see.
 */
export function CoachProfileHeader({ profile, headingLevel = 1, actions }: { profile: CoachPageProfile; headingLevel?: 1 | 2; actions?: ReactNode }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  const name = profile.shownName.trim() || 'Nama Pelatih';
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[3/1] w-full bg-gradient-to-br from-brand-600 via-brand-500 to-amber-400 sm:aspect-[4/1]">
        {profile.headerImageUrl && (
          <img src={profile.headerImageUrl} alt="" width={1200} height={300} className="size-full object-cover" decoding="async" />
        )}
      </div>
      <div className="px-4 pb-5 sm:px-6">
        <div className="relative -mt-10 flex flex-wrap items-end justify-between gap-3 sm:-mt-12">
          <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-white bg-brand-100 text-2xl font-extrabold text-brand-700 shadow sm:size-24">
            {profile.profileImageUrl ? (
              <img src={profile.profileImageUrl} alt={`Foto ${name}`} width={96} height={96} className="size-full object-cover" decoding="async" />
            ) : (
              <span aria-hidden="true">{initialsOf(name)}</span>
            )}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
        <div className="mt-3 min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="text-2xl font-extrabold tracking-tight break-words text-slate-900">{name}</Heading>
            {profile.verified && (
              <Badge tone="blue" className="gap-1">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                Terverifikasi
              </Badge>
            )}
          </div>
          {profile.headline && <p className="mt-1 text-base break-words text-slate-700">{profile.headline}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            {profile.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" />
                {profile.location}
              </span>
            )}
            <Badge tone={profile.availability ? 'green' : 'gray'}>{profile.availability ? 'Tersedia' : 'Tidak Tersedia'}</Badge>
          </div>
          {profile.verified && (
            <p className="mt-2 text-xs text-slate-500">
              Identitas dan sertifikat pelatih ini telah diperiksa Derap. Verifikasi bukan merupakan rekomendasi atau jaminan.
            </p>
          )}
        </div>
        {profile.bio && (
          <section className="mt-5" aria-label="Tentang pelatih">
            <SubHeading className="text-sm font-bold tracking-wide text-slate-500 uppercase">Tentang</SubHeading>
            <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">{profile.bio}</p>
          </section>
        )}
        {profile.certifications.length > 0 && (
          <section className="mt-5" aria-label="Sertifikasi">
            <SubHeading className="text-sm font-bold tracking-wide text-slate-500 uppercase">Sertifikasi</SubHeading>
            <ul className="mt-2 flex flex-wrap gap-2">
              {profile.certifications.map((c) => (
                <li key={c} className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                  {c}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

/**
 * One package card; `onChoose` absent (the preview): the button is shown but inert; a coach still
 * awaiting verification sells nothing: the card says so instead of offering a button.
 */
function PackageCard({ pkg, onChoose, awaitingVerification }: { pkg: CoachPagePackage; onChoose?: (pkg: CoachPagePackage) => void; awaitingVerification: boolean }) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-base font-bold break-words text-slate-900">{pkg.title}</h3>
      <p className="mt-1 text-xl font-extrabold text-brand-700">{formatRupiah(pkg.price)}</p>
      <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-600">
        <CalendarDays className="size-4" aria-hidden="true" />
        {pkg.durationWeeks} minggu
      </p>
      {pkg.description && <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{pkg.description}</p>}
      <div className="mt-auto pt-4">
        {awaitingVerification ? (
          <p className="flex items-center justify-center gap-1.5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
            <Hourglass className="size-4" aria-hidden="true" />
            Menunggu verifikasi
          </p>
        ) : (
          <Button className="w-full" onClick={onChoose ? () => onChoose(pkg) : undefined} disabled={!onChoose} aria-label={`Pilih Paket ${pkg.title}`}>
            Pilih Paket
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The packages section per packageshown: 'show' lists them, 'hide' behind a 'Lihat paket' toggle,
 * 'contact' a note to contact the coach instead.
 */
export function CoachPackagesSection({
  mode,
  packages,
  onChoose,
  compact = false,
  awaitingVerification = false,
}: {
  mode: PackageShown;
  packages: CoachPagePackage[];
  onChoose?: (pkg: CoachPagePackage) => void;
  compact?: boolean;
  /** The coach is not verified yet: the packages show, nothing can be bought (issue 26 §3). */
  awaitingVerification?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const titleId = useId();
  const list =
    packages.length === 0 ? (
      <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Belum ada paket yang dijual saat ini.</p>
    ) : (
      <ul id={listId} className={cn('grid gap-3', compact ? 'grid-cols-1' : 'sm:grid-cols-2 lg:grid-cols-3')}>
        {packages.map((p) => (
          <PackageCard key={p._id} pkg={p} onChoose={onChoose} awaitingVerification={awaitingVerification} />
        ))}
      </ul>
    );
  const verificationNote = awaitingVerification && mode !== 'contact' && packages.length > 0 && (
    <p className="mb-3 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Menunggu verifikasi.</strong> Paket pelatih ini bisa dibeli setelah Derap memeriksa identitas dan sertifikatnya.
      </span>
    </p>
  );
  return (
    <section aria-labelledby={titleId} className="mt-6">
      {compact ? (
        <h3 id={titleId} className="text-base font-bold text-slate-900">
          Paket Latihan
        </h3>
      ) : (
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Paket Latihan
        </h2>
      )}
      <div className="mt-3">
        {mode === 'contact' ? (
          <p className="flex items-start gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
            <MessageCircle className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            Pelatih ini menyusun paket sesuai kebutuhan Anda. Hubungi pelatih untuk menanyakan paket dan harga.
          </p>
        ) : mode === 'hide' && !open ? (
          <Button variant="outline" onClick={() => setOpen(true)} aria-expanded={false} aria-controls={listId}>
            <ChevronDown className="size-4" aria-hidden="true" />
            Lihat paket
          </Button>
        ) : (
          <>
            {mode === 'hide' && (
              <Button variant="ghost" size="sm" className="mb-3" onClick={() => setOpen(false)} aria-expanded={true} aria-controls={listId}>
                <ChevronDown className="size-4 rotate-180" aria-hidden="true" />
                Sembunyikan paket
              </Button>
            )}
            {verificationNote}
            {list}
          </>
        )}
      </div>
    </section>
  );
}

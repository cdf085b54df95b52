import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, X } from 'lucide-react';
import { useId, useMemo, useState, type ComponentType } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { packageShownModes, splitCertifications, suggestUniqueLink, UNIQUE_LINK_PATTERN, type PackageShown } from '../../../../domain/coaching/coaching';
import { coachingMessages as m, type CoachProfile, type CoachProfileInput } from '../../../../domain/coaching/contract';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { fieldClass, Input, Select } from '../../../components/input';
import { ErrorRetry, LoadingMessage } from '../../../components/query-state';
import { Switch } from '../../../components/switch';
import { useToast } from '../../../components/toast';
import { CoachPackagesSection, CoachProfileHeader } from '../public-page/coach-public-profile';
import type { ImageFieldProps } from './coach-profile-view';
import { useMyCoachProfile, useMyPackages, useSaveCoachProfile } from './profile-api';
import { VerificationCard } from './verification-card';

export const BIO_MAX = 500;

export const packageShownLabels: Record<PackageShown, string> = {
  show: 'Tampilkan paket',
  hide: "Sembunyikan (pengunjung menekan 'Lihat paket')",
  contact: 'Hubungi saya (tanpa daftar paket)',
};

const profileFormSchema = z.object({
  shownName: z.string().trim().min(1, m.required).max(80, 'Nama tampilan maksimal 80 karakter.'),
  headline: z.string().trim().max(120, 'Headline maksimal 120 karakter.'),
  bio: z.string().max(BIO_MAX, m.bioTooLong),
  certificationsText: z.string().max(2000),
  profileImageUrl: z.string(),
  headerImageUrl: z.string(),
  location: z.string().trim().max(120, 'Lokasi maksimal 120 karakter.'),
  availability: z.boolean(),
  uniquelink: z.string().trim().toLowerCase().regex(UNIQUE_LINK_PATTERN, m.uniqueLinkInvalid),
  packageshown: z.enum(packageShownModes),
});
type ProfileFormValues = z.input<typeof profileFormSchema>;

function toForm(profile: CoachProfile | null): ProfileFormValues {
  return {
    shownName: profile?.shownName ?? '',
    headline: profile?.headline ?? '',
    bio: profile?.bio ?? '',
    certificationsText: profile?.certifications.join(', ') ?? '',
    profileImageUrl: profile?.profileImageUrl ?? '',
    headerImageUrl: profile?.headerImageUrl ?? '',
    location: profile?.location ?? '',
    availability: profile?.availability ?? true,
    uniquelink: profile?.uniquelink ?? '',
    packageshown: profile?.packageshown ?? 'show',
  };
}

function toInput(values: z.output<typeof profileFormSchema>): CoachProfileInput {
  return {
    shownName: values.shownName,
    headline: values.headline,
    bio: values.bio.trim(),
    certifications: splitCertifications(values.certificationsText),
    profileImageUrl: values.profileImageUrl || null,
    headerImageUrl: values.headerImageUrl || null,
    location: values.location,
    availability: values.availability,
    uniquelink: values.uniquelink,
    packageshown: values.packageshown,
  };
}

/** 'Profil Saya': the profile form beside a live preview of the public page (below it on a phone). */
export function ProfileFormTab({ ImageField }: { ImageField: ComponentType<ImageFieldProps> }) {
  const profile = useMyCoachProfile();
  if (profile.isPending) return <LoadingMessage card>Memuat profil...</LoadingMessage>;
  if (profile.isError) return <ErrorRetry message="Gagal memuat profil. Periksa koneksi internet Anda." onRetry={() => void profile.refetch()} />;
  // Keyed by the profile id: after 'Buat Profil' the form starts again from what was saved.
  return (
    <>
      <ProfileForm key={profile.data?._id ?? 'new'} profile={profile.data} ImageField={ImageField} />
      {profile.data && <VerificationCard profile={profile.data} />}
    </>
  );
}

function ProfileForm({ profile, ImageField }: { profile: CoachProfile | null; ImageField: ComponentType<ImageFieldProps> }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveCoachProfile();
  const packages = useMyPackages();
  const [uploading, setUploading] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getFieldState,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toForm(profile),
    mode: 'onChange',
  });
  const values = useWatch({ control }) as ProfileFormValues;
  const certifications = useMemo(() => splitCertifications(values.certificationsText ?? ''), [values.certificationsText]);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const link = (values.uniquelink ?? '').trim().toLowerCase();

  const nameField = register('shownName', {
    onChange: (e: { target: { value: string } }) => {
      // A new profile suggests its link from the name until the coach types one.
      if (!profile && !getFieldState('uniquelink').isDirty) setValue('uniquelink', suggestUniqueLink(e.target.value), { shouldValidate: true });
    },
  });

  const onSubmit = handleSubmit(async (formValues) => {
    try {
      const saved = await save.mutateAsync({ input: toInput(formValues), exists: !!profile });
      reset(toForm(saved));
      toast(profile ? 'Profil berhasil disimpan!' : 'Profil berhasil dibuat!', 'success');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNIQUE_LINK_TAKEN') {
        setError('uniquelink', { message: error.message }, { shouldFocus: true });
        return;
      }
      toast(error instanceof ApiError && error.status === 400 ? error.message : m.profileSaveFailed, 'error');
    }
  });

  const removeCertification = (name: string) =>
    setValue('certificationsText', certifications.filter((c) => c !== name).join(', '), { shouldDirty: true, shouldValidate: true });

  const preview = {
    shownName: values.shownName ?? '',
    headline: values.headline ?? '',
    bio: values.bio ?? '',
    certifications,
    profileImageUrl: values.profileImageUrl || null,
    headerImageUrl: values.headerImageUrl || null,
    location: values.location ?? '',
    availability: values.availability ?? true,
    packageshown: values.packageshown ?? 'show',
    verified: profile?.verification === 'verified',
  };
  const activePackages = (packages.data ?? []).filter((p) => p.isActive);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="min-w-0 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-label="Profil pelatih">
        {!profile && (
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">{m.noProfile} Isi formulir ini lalu tekan 'Buat Profil' agar halaman publik Anda aktif.</p>
        )}
        <FormField id={`${id}-name`} label="Nama tampilan" mark="required" error={errors.shownName?.message}>
          {(c) => <Input {...c} autoComplete="name" maxLength={80} {...nameField} />}
        </FormField>
        <FormField id={`${id}-headline`} label="Headline" mark="optional" error={errors.headline?.message} hint="Satu kalimat tentang keahlian Anda, mis. 'Pelatih maraton bersertifikat'.">
          {(c) => <Input {...c} maxLength={120} {...register('headline')} />}
        </FormField>
        <FormField id={`${id}-bio`} label="Bio" mark="optional" error={errors.bio?.message}>
          {(c) => (
            <>
              <textarea {...c} rows={5} maxLength={BIO_MAX} className={fieldClass(!!errors.bio, 'h-auto py-2')} {...register('bio')} />
              <p className={`mt-1 text-right text-xs ${(values.bio ?? '').length >= BIO_MAX ? 'font-semibold text-red-700' : 'text-slate-500'}`} aria-live="polite">
                {(values.bio ?? '').length}/{BIO_MAX}
              </p>
            </>
          )}
        </FormField>
        <FormField id={`${id}-certs`} label="Sertifikasi" mark="optional" hint="Pisahkan dengan koma, mis. 'IAAF Level 1, Pertolongan Pertama'.">
          {(c) => (
            <>
              <Input {...c} {...register('certificationsText')} />
              {certifications.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label="Sertifikasi yang akan ditampilkan">
                  {certifications.map((cert) => (
                    <li key={cert} className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-xs font-semibold text-brand-800">
                      {cert}
                      <button type="button" onClick={() => removeCertification(cert)} className="rounded-full p-0.5 hover:bg-brand-100" aria-label={`Hapus sertifikasi ${cert}`}>
                        <X className="size-3.5" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </FormField>
        <div className="space-y-5">
          <Controller
            control={control}
            name="profileImageUrl"
            render={({ field }) => (
              <ImageField
                label="Foto profil"
                value={field.value}
                onChange={field.onChange}
                onBusyChange={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
              />
            )}
          />
          <Controller
            control={control}
            name="headerImageUrl"
            render={({ field }) => (
              <ImageField label="Foto header" value={field.value} onChange={field.onChange} onBusyChange={(busy) => setUploading((n) => n + (busy ? 1 : -1))} />
            )}
          />
        </div>
        <FormField id={`${id}-location`} label="Lokasi" mark="optional" error={errors.location?.message}>
          {(c) => <Input {...c} placeholder="mis. Jakarta Selatan" maxLength={120} {...register('location')} />}
        </FormField>
        <Controller
          control={control}
          name="availability"
          render={({ field }) => (
            <Switch
              checked={field.value}
              onCheckedChange={field.onChange}
              label="Ketersediaan"
              description={field.value ? 'Tersedia: Anda menerima pelari baru.' : 'Tidak Tersedia: pengunjung melihat Anda sedang tidak menerima pelari.'}
              className="rounded-xl border border-slate-200 p-3"
            />
          )}
        />
        <FormField
          id={`${id}-link`}
          label="Link unik"
          mark="required"
          error={errors.uniquelink?.message}
          hint={
            <>
              3–40 karakter: huruf kecil, angka dan tanda hubung. Halaman Anda:{' '}
              <span className="font-semibold break-all text-slate-800" data-testid="unique-link-preview">
                {origin}/coaching/{link || '...'}
              </span>
            </>
          }
        >
          {(c) => (
            <div className="flex min-w-0 items-stretch">
              <span className="hidden shrink-0 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600 sm:flex">/coaching/</span>
              <Input {...c} className="sm:rounded-l-none" autoCapitalize="none" autoComplete="off" spellCheck={false} maxLength={40} {...register('uniquelink')} />
            </div>
          )}
        </FormField>
        <FormField id={`${id}-shown`} label="Tampilan paket" hint="Cara paket Anda tampil di halaman publik.">
          {(c) => (
            <Select {...c} {...register('packageshown')}>
              {packageShownModes.map((mode) => (
                <option key={mode} value={mode}>
                  {packageShownLabels[mode]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {profile ? (
            <a href={`/coaching/${profile.uniquelink}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
              <ExternalLink className="size-4" aria-hidden="true" />
              Buka halaman publik
            </a>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending} disabled={!isDirty || uploading > 0}>
            {profile ? 'Simpan' : 'Buat Profil'}
          </Button>
        </div>
      </form>
      <aside aria-label="Pratinjau halaman publik" className="min-w-0 lg:sticky lg:top-4">
        <p className="mb-2 text-sm font-bold text-slate-700">Pratinjau halaman publik</p>
        <div className="rounded-2xl bg-slate-50 p-2 sm:p-3" data-testid="profile-preview">
          <CoachProfileHeader profile={preview} headingLevel={2} />
          <div className="px-1">
            <CoachPackagesSection mode={preview.packageshown} packages={activePackages} awaitingVerification={!preview.verified} compact />
          </div>
        </div>
      </aside>
    </div>
  );
}

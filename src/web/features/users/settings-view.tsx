import { SectionCard } from '../../components/section-card';
import { Crown, Link2, Link2Off, Moon, RefreshCw, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { subscriptionStatusLabels } from '../../../domain/subscriptions/subscription';
import { roleLabels } from '../../../domain/users/roles';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Switch } from '../../components/switch';
import { ViewHeader } from '../../components/view-header';
import type { DashboardViewProps } from '../../lib/dashboard-view';

const statusTone = { active: 'green', trialing: 'blue', past_due: 'yellow', canceled: 'red', incomplete: 'yellow', none: 'gray' } as const;

/**
 * 'Pengaturan Profil': the user's details, the Strava link and the dark-mode toggle (local state only).
 * `sections`: more cards other features own (e.g. 'Pelatih Saya'), handed in by the app layer.
 */
export function SettingsView({ user, onManageSubscription, sections }: DashboardViewProps & { sections?: ReactNode }) {
  const [darkMode, setDarkMode] = useState(false);
  const stravaConnected = Boolean(user.strava.id);

  return (
    <>
      <ViewHeader title="Pengaturan Profil" description="Data akun, langganan dan aplikasi yang terhubung." />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6 [&>*]:min-w-0">
        <SectionCard iconStyle="plain" title="Profil" titleId="profile-panel-title" icon={UserRound} className="lg:row-span-2">
          <div className="mb-5 flex items-center gap-4">
            <Avatar name={user.name} photo={user.photo} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-bold text-slate-900">{user.name}</p>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
            </div>
          </div>
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label="Nama">{user.name}</Row>
            <Row label="Email">
              <span className="break-all">{user.email}</span>
            </Row>
            <Row label="Peran">{roleLabels[user.role]}</Row>
            <Row label="Status Langganan">
              <span className="flex flex-wrap items-center gap-2 sm:justify-end">
                <Badge tone={statusTone[user.subscription_status]}>{subscriptionStatusLabels[user.subscription_status]}</Badge>
                <Button variant="outline" size="sm" onClick={onManageSubscription} aria-haspopup="dialog">
                  <Crown className="size-4" aria-hidden="true" /> Kelola Langganan
                </Button>
              </span>
            </Row>
            <Row label="Berlaku hingga">{formatJakartaDate(user.current_period_end)}</Row>
          </dl>
        </SectionCard>

        <SectionCard iconStyle="plain" title="Strava" titleId="strava-panel-title" icon={Link2}>
          <p className="text-sm text-slate-600">
            {stravaConnected
              ? 'Akun Strava terhubung. Jarak, waktu dan detak jantung rata-rata dari aktivitasmu dibaca otomatis.'
              : 'Hubungkan Strava agar jarak, waktu dan detak jantung rata-rata dari setiap lari tercatat otomatis.'}
          </p>
          <p className="mt-3 text-sm">
            Status:{' '}
            {stravaConnected ? <Badge tone="green">Terhubung</Badge> : <Badge tone="gray">Belum terhubung</Badge>}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {stravaConnected ? (
              <>
                <Button variant="outline" size="sm" disabled aria-describedby="strava-soon">
                  <RefreshCw className="size-4" aria-hidden="true" /> Hubungkan Ulang
                </Button>
                <Button variant="outline" size="sm" disabled aria-describedby="strava-soon">
                  <Link2Off className="size-4" aria-hidden="true" /> Putuskan
                </Button>
              </>
            ) : (
              <Button size="sm" disabled aria-describedby="strava-soon" className="disabled:bg-[#fc4c02]/40">
                <Link2 className="size-4" aria-hidden="true" /> Hubungkan Strava
              </Button>
            )}
            <span id="strava-soon" className="text-xs text-slate-500">
              <Badge tone="brand">Segera</Badge> Sinkronisasi Strava sedang disiapkan.
            </span>
          </div>
        </SectionCard>

        <SectionCard iconStyle="plain" title="Tampilan" titleId="display-panel-title" icon={Moon}>
          <Switch
            checked={darkMode}
            onCheckedChange={setDarkMode}
            label="Mode gelap"
            description={darkMode ? 'Aktif di sesi ini. Tema gelap lengkap sedang disiapkan.' : 'Nyaman di mata saat berlari malam.'}
          />
        </SectionCard>
        {sections}
      </div>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

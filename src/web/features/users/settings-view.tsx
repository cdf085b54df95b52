import { SectionCard } from '../../components/section-card';
import { Crown, Moon, UserRound } from 'lucide-react';
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

export interface SettingsViewProps extends DashboardViewProps {
  /** The Strava card (the strava feature's), beside the profile; handed in by the app layer. */
  strava?: ReactNode;
  /** More cards other features own (e.g. 'Pelatih Saya'), handed in by the app layer. */
  sections?: ReactNode;
}

/** 'Pengaturan Profil': the user's details, the Strava link and the dark-mode toggle (local state only). */
export function SettingsView({ user, onManageSubscription, strava, sections }: SettingsViewProps) {
  const [darkMode, setDarkMode] = useState(false);

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

        {strava}

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

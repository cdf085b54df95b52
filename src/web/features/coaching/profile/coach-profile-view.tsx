import * as Tabs from '@radix-ui/react-tabs';
import type { ComponentType } from 'react';
import { ViewHeader } from '../../../components/view-header';
import type { DashboardViewProps } from '../../../lib/dashboard-view';
import { EarningsTab } from './earnings-tab';
import { PackagesTab } from './packages-tab';
import { ProfileFormTab } from './profile-form-tab';

/** An image picker that uploads through our API and reports the file's URL (the app layer passes the events feature's). */
export interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  onBusyChange?: (busy: boolean) => void;
  previewClassName?: string;
}

export interface CoachProfileViewProps extends DashboardViewProps {
  ImageField: ComponentType<ImageFieldProps>;
}

const tabClass =
  'shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm sm:px-4';

/** 'Profil Pelatih' (events-and-coach-pages §2): Profil Saya, Paket Latihan, Keuangan. */
export function CoachProfileView({ ImageField }: CoachProfileViewProps) {
  return (
    <div>
      <ViewHeader title="Profil Pelatih" description="Atur profil publik, paket latihan yang dijual, dan lihat pendapatan Anda." />
      <Tabs.Root defaultValue="profil">
        <Tabs.List aria-label="Bagian profil pelatih" className="mb-5 flex w-full gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 sm:w-fit">
          <Tabs.Trigger value="profil" className={tabClass}>
            Profil Saya
          </Tabs.Trigger>
          <Tabs.Trigger value="paket" className={tabClass}>
            Paket Latihan
          </Tabs.Trigger>
          <Tabs.Trigger value="keuangan" className={tabClass}>
            Keuangan
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profil" className="outline-none">
          <ProfileFormTab ImageField={ImageField} />
        </Tabs.Content>
        <Tabs.Content value="paket" className="outline-none">
          <PackagesTab />
        </Tabs.Content>
        <Tabs.Content value="keuangan" className="outline-none">
          <EarningsTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

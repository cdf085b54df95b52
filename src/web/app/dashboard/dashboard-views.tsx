import { lazy, type ComponentType } from 'react';
import type { Role } from '../../../domain/users/roles';
import { AiCoachCard } from '../../features/ai-coach/ai-coach-card';
import { analyzeTrainingImage } from '../../features/ai-coach/ai-coach-api';
import { EventListView, type EventListTools } from '../../features/events/event-list-view';
import { FinanceView } from '../../features/events/finance-view';
import { ImageUploadField } from '../../features/events/image-upload-field';
import { CoachProfileView } from '../../features/coaching/profile/coach-profile-view';
import { CalendarView } from '../../features/training-plan/calendar/calendar-view';
import { ScheduleView } from '../../features/coaching/schedule/schedule-view';
import { HomeView } from './home-view';
import { SettingsView } from '../../features/users/settings-view';
import { StravaCard } from '../../features/strava/strava-card';
import { UnplannedRunsPanel } from '../../features/strava/unplanned-runs-panel';
import { MyCoachSection } from '../../features/coaching/my-coach/my-coach-section';
import { RunnerListView } from '../../features/coaching/runners/runner-list-view';
import { allRoles as everyone, coachRoles, organizerRoles, type DashboardViewId, type DashboardViewProps } from '../../lib/dashboard-view';

// The organizer's registration tools, loaded on first use (the scanner brings the QR decoder, the
// runner table 18 columns of data), plugged into the events feature's list.
const eventListTools: EventListTools = {
  RunnerData: lazy(() => import('../../features/registrations/management/runner-data-dialog').then((m) => ({ default: m.RunnerDataDialog }))),
  ScanQr: lazy(() => import('../../features/registrations/checkin/scan-qr-dialog').then((m) => ({ default: m.ScanQrDialog }))),
  CancelEvent: lazy(() => import('../../features/registrations/management/cancel-event-dialog').then((m) => ({ default: m.CancelEventDialog }))),
};

/**
 * Kalender Latihan with the AI coaching card under its profile card ('Lihat Paket' opens the
 * subscription dialog, a runner who never had the trial is offered it; a saved plan opens the calendar on its first day), the runner's synced Strava runs without a plan under 'Latihan mendatang',
 * and the AI's screenshot reading behind 'Analisis dengan AI' in the log dialog.
 */
function TrainingCalendarView(props: DashboardViewProps) {
  return (
    <CalendarView
      {...props}
      aside={({ hasAiRuns, showDay }) => (
        <AiCoachCard
          hasAiRuns={hasAiRuns}
          onShowPlans={props.onManageSubscription}
          offerTrial={props.offerTrial}
          onPlanSaved={showDay}
          userId={props.user._id}
        />
      )}
      below={<UnplannedRunsPanel />}
      analyzeScreenshot={analyzeTrainingImage}
    />
  );
}

/** Pengaturan Profil with the strava feature's card and 'Pelatih Saya' (coaching): neither feature imports the other. */
function SettingsWithCardsView(props: DashboardViewProps) {
  return (
    <SettingsView
      {...props}
      strava={<StravaCard onShowUnplanned={() => props.onNavigate('kalender-latihan')} onShowPlans={props.onManageSubscription} />}
      sections={<MyCoachSection />}
    />
  );
}

/**
 * Ubah Jadwal: the coaching feature's runner selector and info box around the training-plan
 * feature's calendar in the coach's mode (one calendar, two modes), with the AI coaching card
 * pointed at the coach's AI routes for that runner (decision 025) and screenshot reading.
 */
function CoachScheduleView(props: DashboardViewProps) {
  return (
    <ScheduleView
      {...props}
      renderCalendar={({ runnerId, aside }) => (
        <CalendarView
          {...props}
          runnerId={runnerId}
          aside={({ hasAiRuns, showDay }) => (
            <>
              {aside}
              <AiCoachCard hasAiRuns={hasAiRuns} onShowPlans={props.onManageSubscription} onPlanSaved={showDay} userId={props.user._id} runnerId={runnerId} />
            </>
          )}
          analyzeScreenshot={analyzeTrainingImage}
        />
      )}
    />
  );
}

export interface DashboardViewDefinition {
  /** Sidebar label and document title. */
  title: string;
  /** Who may open it. */
  roles: readonly Role[];
  component: ComponentType<DashboardViewProps>;
}

/**
 * The one registry of dashboard views. A later issue plugs its screen in by replacing the
 * `component` of its entry; titles and role rules stay here.
 */
export const dashboardViews: Record<DashboardViewId, DashboardViewDefinition> = {
  dashboard: { title: 'Dashboard', roles: everyone, component: HomeView },
  'kalender-latihan': {
    title: 'Kalender Latihan',
    roles: everyone,
    component: TrainingCalendarView,
  },
  kegiatan: {
    title: 'Daftar Kegiatan',
    roles: organizerRoles,
    component: (props) => <EventListView {...props} tools={eventListTools} />,
  },
  keuangan: { title: 'Keuangan', roles: organizerRoles, component: FinanceView },
  'daftar-pelari': { title: 'Daftar Pelari', roles: coachRoles, component: RunnerListView },
  'ubah-jadwal': {
    title: 'Ubah Jadwal',
    roles: coachRoles,
    component: CoachScheduleView,
  },
  'profil-pelatih': {
    title: 'Profil Pelatih',
    roles: coachRoles,
    // The coach's pictures go through the same upload field as event images (POST /api/uploads).
    component: (props) => <CoachProfileView {...props} ImageField={ImageUploadField} />,
  },
  pengaturan: { title: 'Pengaturan Profil', roles: everyone, component: SettingsWithCardsView },
};

export function canSeeView(role: Role, view: DashboardViewId): boolean {
  return dashboardViews[view].roles.includes(role);
}

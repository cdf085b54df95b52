import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicUser } from '../../../domain/users/contract';
import { Avatar } from '../../components/avatar';
import { Drawer } from '../../components/drawer';
import { Logo } from '../../components/logo';
import { useLogout } from '../../lib/session';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { dashboardViews } from './dashboard-views';
import { HelpDialog } from './help-dialog';
import { useCoachingCheckoutReturn, useDashboardView, useStravaReturn, useSubscriptionCheckoutReturn } from './use-dashboard-view';
import { CoachingReturnBanner } from '../../features/coaching/my-coach/coaching-return-banner';
import { CoachInvitationsPanel } from '../../features/coaching/my-coach/coach-invitations-panel';
import type { CoachingReturn } from '../../features/coaching/my-coach/coaching-return';
import { StravaReturnBanner } from '../../features/strava/strava-return-banner';
import type { StravaReturn } from '../../features/strava/strava-return';
import { SubscriptionDialog } from '../../features/subscriptions/subscription-dialog';
import { TrialOfferDialog } from '../../features/subscriptions/trial-offer';
import { VIEW_TITLE_ID, type DashboardViewId } from '../../lib/dashboard-view';

const focusViewTitle = () => document.getElementById(VIEW_TITLE_ID)?.focus();

/** The signed-in dashboard: header, sidebar (a drawer below lg), the current view, the help dialog. */
export function DashboardLayout({ user }: { user: PublicUser }) {
  const [view, setView] = useDashboardView(user.role);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const logout = useLogout();
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes after a view switch: the new view's title ('now'), or once the drawer has closed. */
  const pendingFocus = useRef<'now' | 'after-drawer' | null>(null);

  // Back from Strava's consent page: connected, or why not, above the view until closed.
  const [stravaOutcome, setStravaOutcome] = useState<StravaReturn | null>(null);
  useStravaReturn(setStravaOutcome);

  // 'Manajemen Paket Langganan', opened from any view; back from a checkout it opens on the order's result.
  const [subscription, setSubscription] = useState<{ open: boolean; checkoutOrderId: string | null }>({ open: false, checkoutOrderId: null });
  const openSubscription = useCallback(() => setSubscription({ open: true, checkoutOrderId: null }), []);
  const onCheckoutReturn = useCallback((orderId: string) => setSubscription({ open: true, checkoutOrderId: orderId }), []);
  useSubscriptionCheckoutReturn(onCheckoutReturn);

  // The free trial, offered at the first premium feature a runner who never had one reaches for.
  const [trialOffer, setTrialOffer] = useState<{ then: () => void } | null>(null);
  const offerTrial = useCallback((then: () => void) => setTrialOffer({ then }), []);

  // Back from a coach package checkout: a message above every view until the runner closes it.
  const [coachingOutcome, setCoachingOutcome] = useState<CoachingReturn | null>(null);
  useCoachingCheckoutReturn(setCoachingOutcome);

  const definition = dashboardViews[view];
  const ViewComponent = definition.component;

  useEffect(() => {
    document.title = `${definition.title} · Derap`;
  }, [definition.title]);

  useEffect(() => {
    if (pendingFocus.current === 'now') {
      pendingFocus.current = null;
      focusViewTitle();
    }
  }, [view]);

  const selectView = (next: DashboardViewId) => {
    if (drawerOpen) {
      pendingFocus.current = 'after-drawer';
      setDrawerOpen(false);
    } else {
      pendingFocus.current = 'now';
    }
    setView(next);
    window.scrollTo(0, 0);
  };

  const sidebarProps = {
    role: user.role,
    currentView: view,
    onSelectView: selectView,
    onHelp: () => setHelpOpen(true),
    onLogout: () => logout.mutate(),
    loggingOut: logout.isPending,
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#dashboard-main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Langsung ke konten utama
      </a>
      <DashboardHeader ref={toggleRef} user={user} drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} />

      <aside className="fixed top-16 bottom-0 left-0 hidden w-64 overflow-y-auto border-r border-slate-200 bg-white lg:block">
        <DashboardSidebar {...sidebarProps} />
      </aside>

      <Drawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        title="Menu dasbor"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (pendingFocus.current === 'after-drawer') {
            pendingFocus.current = null;
            focusViewTitle();
          } else {
            // Radix's own restore can lose the toggle (it was under aria-hidden); hand focus back explicitly.
            toggleRef.current?.focus();
          }
        }}
      >
        <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-4">
          <Logo to="/dashboard" />
        </div>
        <div className="flex items-center gap-3 border-b border-slate-100 px-6 py-3">
          <Avatar name={user.name} photo={user.photo} size="md" />
          <div className="min-w-0 leading-tight">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
        </div>
        <div className="flex-1 overflow-y-auto">
          <DashboardSidebar {...sidebarProps} />
        </div>
      </Drawer>

      <main id="dashboard-main" tabIndex={-1} className="pt-16 focus:outline-none lg:pl-64">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8" data-view={view}>
          {coachingOutcome && <CoachingReturnBanner outcome={coachingOutcome} onDismiss={() => setCoachingOutcome(null)} />}
          {stravaOutcome && <StravaReturnBanner outcome={stravaOutcome} onDismiss={() => setStravaOutcome(null)} />}
          {/* A coach's invitation waits above every view until the runner answers (issue 26 §4). */}
          {user.role === 'runner' && <CoachInvitationsPanel />}
          <ViewComponent
            user={user}
            onNavigate={selectView}
            onManageSubscription={openSubscription}
            offerTrial={user.has_had_trial ? undefined : offerTrial}
          />
        </div>
      </main>

      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <TrialOfferDialog
        open={trialOffer !== null}
        onOpenChange={(open) => !open && setTrialOffer(null)}
        currentPeriodEnd={user.current_period_end}
        onStarted={() => {
          const then = trialOffer?.then;
          setTrialOffer(null);
          then?.();
        }}
        onShowPlans={() => {
          setTrialOffer(null);
          openSubscription();
        }}
      />
      <SubscriptionDialog
        open={subscription.open}
        onOpenChange={(open) => setSubscription((current) => (open ? { ...current, open } : { open: false, checkoutOrderId: null }))}
        user={user}
        checkoutOrderId={subscription.checkoutOrderId}
      />
    </div>
  );
}

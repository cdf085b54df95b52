import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Role } from '../../../domain/users/roles';
import { coachingReturn, withoutCoachingReturn, type CoachingReturn } from '../../features/coaching/my-coach/coaching-return';
import { checkoutReturnOrderId, withoutCheckoutReturn } from '../../features/subscriptions/purchase-model';
import { stravaKeys } from '../../features/strava/strava-api';
import { stravaReturn, withoutStravaReturn, type StravaReturn } from '../../features/strava/strava-return';
import { sessionKeys } from '../../lib/session';
import { canSeeView } from './dashboard-views';
import { isDashboardViewId, type DashboardViewId } from '../../lib/dashboard-view';

/** `/dashboard#calendar` opens the training calendar; every other address opens the home view. */
export function viewFromHash(hash: string): DashboardViewId {
  return hash === '#calendar' ? 'kalender-latihan' : 'dashboard';
}

/**
 * The view an address names: `#calendar`, else `?view=<id>` (the links in our emails, e.g. the coach
 * package receipt's `?view=kalender-latihan` and the coach's `?view=daftar-pelari`), else home.
 */
export function viewFromAddress(hash: string, search: string): DashboardViewId {
  if (hash === '#calendar') return 'kalender-latihan';
  const named = new URLSearchParams(search).get('view') ?? '';
  return isDashboardViewId(named) ? named : viewFromHash(hash);
}

/** The search string without `view` ('' or '?a=b'): once the person switches views, the address stops naming one. */
function withoutViewParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('view');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The current dashboard view, kept in React state (views switch in place, no route change).
 * The choice belongs to one history entry: any navigation to /dashboard (the logo, a link,
 * even while already there) makes a new entry and so resets to the view its address names.
 * A view the role may not open falls back to the home view.
 */
export function useDashboardView(role: Role) {
  const location = useLocation();
  const [selected, setSelected] = useState<{ key: string; view: DashboardViewId } | null>(null);
  const requested = selected && selected.key === location.key ? selected.view : viewFromAddress(location.hash, location.search);
  const view: DashboardViewId = canSeeView(role, requested) ? requested : 'dashboard';

  const setView = useCallback(
    (next: DashboardViewId) => {
      setSelected({ key: location.key, view: next });
      // Keep the address honest for a reload (#calendar only for the calendar) without a navigation.
      const hash = next === 'kalender-latihan' ? '#calendar' : '';
      const search = withoutViewParam(location.search);
      if (window.location.hash !== hash || window.location.search !== search) {
        window.history.replaceState(window.history.state, '', `${location.pathname}${search}${hash}`);
      }
    },
    [location.key, location.pathname, location.search],
  );

  return [view, setView] as const;
}

/**
 * Back from Strava's consent page (`?strava=connected`, `?strava_connected=true`, or
 * `?view=pengaturan&strava=<reason>`): connected re-checks the current user (now with strava.id) and
 * the link's status; a failure keeps Pengaturan open (`view=pengaturan`, added when missing). Either
 * way the flag leaves the address (replace, no new entry) and the outcome goes to the dashboard's message.
 */
export function useStravaReturn(onReturn: (outcome: StravaReturn) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const outcome = stravaReturn(location.search);
    if (!outcome) return;
    let search = withoutStravaReturn(location.search);
    if (outcome === 'connected') {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      void queryClient.invalidateQueries({ queryKey: stravaKeys.all });
    } else if (new URLSearchParams(search).get('view') !== 'pengaturan') {
      const params = new URLSearchParams(search);
      params.set('view', 'pengaturan');
      search = `?${params.toString()}`;
    }
    void navigate({ pathname: location.pathname, search, hash: outcome === 'connected' ? location.hash : '' }, { replace: true });
    onReturn(outcome);
  }, [location.search, location.pathname, location.hash, navigate, queryClient, onReturn]);
}

/**
 * Back from a subscription checkout (`?subscription=finished&order_id=SUB-…`, the finish URL the
 * server gives the gateway): hand the order to the subscription dialog and take the parameters out
 * of the address (replace, no new entry), so a reload does not ask again.
 */
export function useSubscriptionCheckoutReturn(onReturn: (orderId: string) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const orderId = checkoutReturnOrderId(location.search);
    if (!orderId) return;
    void navigate({ pathname: location.pathname, search: withoutCheckoutReturn(location.search), hash: location.hash }, { replace: true });
    onReturn(orderId);
  }, [location.search, location.pathname, location.hash, navigate, onReturn]);
}

/**
 * Back from a coach package checkout (`?coaching=finished&transaction_status=…`): hand the outcome
 * to the dashboard's message and take the parameters out of the address (replace, no new entry),
 * so a reload does not say it again.
 */
export function useCoachingCheckoutReturn(onReturn: (outcome: CoachingReturn) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const outcome = coachingReturn(location.search);
    if (!outcome) return;
    void navigate({ pathname: location.pathname, search: withoutCoachingReturn(location.search), hash: location.hash }, { replace: true });
    onReturn(outcome);
  }, [location.search, location.pathname, location.hash, navigate, onReturn]);
}

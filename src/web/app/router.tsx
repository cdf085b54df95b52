import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ScrollToTop } from '../components/scroll-to-top';
import { PageLoader } from '../components/spinner';

/** A screen loaded on demand: its own chunk, fetched when its path is first shown. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = page(() => import('../features/public-site/home-page'), 'HomePage');
const CoachingPage = page(() => import('../features/public-site/coaching-page'), 'CoachingPage');
const PublicCoachPage = page(() => import('../features/coaching/public-page/public-coach-page'), 'PublicCoachPage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const MobileLoginPage = page(() => import('../features/auth/mobile-login-page'), 'MobileLoginPage');
const MobileAuthSuccessPage = page(() => import('../features/auth/mobile-auth-success-page'), 'MobileAuthSuccessPage');
const InvitationLinkPage = page(() => import('../features/coaching/my-coach/invitation-link-page'), 'InvitationLinkPage');
const DashboardPage = page(() => import('./dashboard/dashboard-page'), 'DashboardPage');
const AdminPage = page(() => import('./admin/admin-page'), 'AdminPage');
const RegistrationListPage = page(() => import('../features/registrations/public/registration-list-page'), 'RegistrationListPage');
const RegisterPage = page(() => import('../features/registrations/public/register-page'), 'RegisterPage');
const RegistrationSuccessPage = page(() => import('../features/registrations/public/registration-success-page'), 'RegistrationSuccessPage');
const RegistrationPaymentPage = page(() => import('../features/registrations/self-managed/registration-payment-page'), 'RegistrationPaymentPage');
const CalendarPage = page(() => import('../features/event-calendar/calendar-page'), 'CalendarPage');
const BuddyPage = page(() => import('../features/group-runs/buddy-page'), 'BuddyPage');
const BuddyDetailPage = page(() => import('../features/group-runs/buddy-detail-page'), 'BuddyDetailPage');
const DeskHomePage = page(() => import('../features/registrations/checkin/desk-home-page'), 'DeskHomePage');
const DeskPage = page(() => import('../features/registrations/checkin/desk-page'), 'DeskPage');
const QueryLayout = lazy(() => import('./query-layout'));

/**
 * Each screen is loaded on demand; its file name matches the screen's name. Declarative routes
 * (BrowserRouter) rather than the data router: no screen uses loaders or actions, and the data
 * router is twice the JavaScript (about 32 KB against 15 KB gzip) on every public page's first load.
 * React Router wraps navigations in startTransition, so the previous screen stays until the next
 * one's chunk has arrived instead of flashing the loader. The home page fetches nothing, so it sits
 * outside the TanStack Query layout and does not load that library first.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route element={<QueryLayout />}>
            <Route path="/coaching" element={<CoachingPage />} />
            <Route path="/coaching/:uniquelink" element={<PublicCoachPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/mobile-login" element={<MobileLoginPage />} />
            <Route path="/mobile-auth-success" element={<MobileAuthSuccessPage />} />
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/undangan-pelatih/:token" element={<InvitationLinkPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="/registration" element={<RegistrationListPage />} />
            <Route path="/register/:code" element={<RegisterPage />} />
            <Route path="/registration-success" element={<RegistrationSuccessPage />} />
            <Route path="/registration-payment/:registrationId" element={<RegistrationPaymentPage />} />
            <Route path="/calendar" element={<CalendarPage />} />
            <Route path="/buddy" element={<BuddyPage />} />
            <Route path="/buddy/:id" element={<BuddyDetailPage />} />
            {/* The offline racepack desk (decision 022): an installable app with its own service worker. */}
            <Route path="/desk" element={<DeskHomePage />} />
            <Route path="/desk/:eventKey" element={<DeskPage />} />
          </Route>
          {/* The spec: any other path shows the home page. */}
          <Route path="*" element={<HomePage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

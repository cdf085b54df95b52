import { createBrowserRouter, Outlet } from 'react-router';
import { ScrollToTop } from '../components/scroll-to-top';
import { PageLoader } from '../components/spinner';

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** Each screen is loaded on demand; its file name matches the screen's name. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('../features/public-site/home-page')).HomePage }) },
      { path: '/coaching', lazy: async () => ({ Component: (await import('../features/public-site/coaching-page')).CoachingPage }) },
      { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
      { path: '/mobile-login', lazy: async () => ({ Component: (await import('../features/auth/mobile-login-page')).MobileLoginPage }) },
      {
        path: '/mobile-auth-success',
        lazy: async () => ({ Component: (await import('../features/auth/mobile-auth-success-page')).MobileAuthSuccessPage }),
      },
      { path: '/dashboard', lazy: async () => ({ Component: (await import('./dashboard/dashboard-page')).DashboardPage }) },
      { path: '/admin', lazy: async () => ({ Component: (await import('./admin/admin-page')).AdminPage }) },
      {
        path: '/registration',
        lazy: async () => ({ Component: (await import('../features/registrations/registration-list-page')).RegistrationListPage }),
      },
      { path: '/register/:code', lazy: async () => ({ Component: (await import('../features/registrations/register-page')).RegisterPage }) },
      {
        path: '/registration-success',
        lazy: async () => ({ Component: (await import('../features/registrations/registration-success-page')).RegistrationSuccessPage }),
      },
      {
        path: '/registration-payment/:registrationId',
        lazy: async () => ({ Component: (await import('../features/registrations/registration-payment-page')).RegistrationPaymentPage }),
      },
      // The spec: any other path shows the home page.
      { path: '*', lazy: async () => ({ Component: (await import('../features/public-site/home-page')).HomePage }) },
    ],
  },
]);

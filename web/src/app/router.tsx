import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { AdminLayout } from './layouts/admin-layout';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { ArticleRoute } from './routes/article';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { HistoryRoute } from './routes/history';
import { LoginRoute } from './routes/login';
import { MainRoute } from './routes/main';
import { NotFoundRoute } from './routes/not-found';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteError } from './routes/route-error';

function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

// The profile page carries the risk questionnaire (and zod with it): loaded when first opened.
const ProfileRoute = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfileRoute })));
// The admin area is its own chunk: investors never download it.
const AdminDashboardRoute = lazy(() => import('./routes/admin/admin-routes').then((m) => ({ default: m.AdminDashboardRoute })));
const PaymentManagementRoute = lazy(() => import('./routes/admin/admin-routes').then((m) => ({ default: m.PaymentManagementRoute })));

const lazily = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/** Every screen of the user area (spec section 2); admin and developer pages use their own layout. */
export const router = createBrowserRouter([
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <MainRoute /> },
      { path: 'main', element: <MainRoute /> },
      { path: 'history', element: <HistoryRoute /> },
      { path: 'articles/:slug', element: <ArticleRoute /> },
      {
        path: 'profile',
        element: (
          <RequireAuth redirectTo="/">
            <Suspense fallback={<PageLoading />}>
              <ProfileRoute />
            </Suspense>
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    element: <AuthLayout />,
    errorElement: <RouteError />,
    children: [
      { path: 'login', element: <LoginRoute /> },
      { path: 'forgot-password', element: <ForgotPasswordRoute /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
    ],
  },
  {
    element: <AdminLayout />,
    errorElement: <RouteError />,
    children: [
      { path: 'admin', element: lazily(<AdminDashboardRoute base="/admin" />) },
      { path: 'x7k9m2p8q', element: lazily(<AdminDashboardRoute base="/x7k9m2p8q" />) },
      { path: 'x7k9m2p8q/payments', element: lazily(<PaymentManagementRoute dashboardPath="/x7k9m2p8q" />) },
      { path: 'payment-management', element: lazily(<PaymentManagementRoute dashboardPath="/admin" />) },
    ],
  },
]);

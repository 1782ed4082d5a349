import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { MainLayout } from './layouts/main-layout';
import { MainRoute } from './routes/main';
import { RouteError } from './routes/route-error';

function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

/**
 * A screen downloaded when first opened: the landing page (the main route) loads alone, so a
 * first visit fetches only what it shows (initial JS ≤ 150 KB gzip, bench/README.md).
 */
function onDemand<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  const Screen = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
}

const AuthLayout = lazy(() => import('./layouts/auth-layout').then((m) => ({ default: m.AuthLayout })));
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));
const AdminPlaceholder = lazy(() => import('./routes/admin/admin-placeholder').then((m) => ({ default: m.AdminPlaceholder })));
// The admin area is its own chunk (with its API layer): investors never download it.
const AdminDashboardRoute = lazy(() => import('./routes/admin/admin-routes').then((m) => ({ default: m.AdminDashboardRoute })));
const PaymentManagementRoute = lazy(() => import('./routes/admin/admin-routes').then((m) => ({ default: m.PaymentManagementRoute })));
const inSuspense = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/** Every screen of the user area (spec section 2); admin and developer pages use their own layout. */
export const router = createBrowserRouter([
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <MainRoute /> },
      { path: 'main', element: <MainRoute /> },
      { path: 'history', element: onDemand(() => import('./routes/history'), 'HistoryRoute') },
      { path: 'articles/:slug', element: onDemand(() => import('./routes/article'), 'ArticleRoute') },
      {
        path: 'profile',
        element: <RequireAuth redirectTo="/">{onDemand(() => import('./routes/profile'), 'ProfileRoute')}</RequireAuth>,
      },
      { path: '*', element: onDemand(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <AuthLayout />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      { path: 'login', element: onDemand(() => import('./routes/login'), 'LoginRoute') },
      { path: 'forgot-password', element: onDemand(() => import('./routes/forgot-password'), 'ForgotPasswordRoute') },
      { path: 'reset-password', element: onDemand(() => import('./routes/reset-password'), 'ResetPasswordRoute') },
    ],
  },
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminLayout />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      { path: 'api-test', element: inSuspense(<AdminPlaceholder screen="apiTest" />) },
      { path: 'admin', element: inSuspense(<AdminDashboardRoute base="/admin" />) },
      { path: 'x7k9m2p8q', element: inSuspense(<AdminDashboardRoute base="/x7k9m2p8q" />) },
      { path: 'x7k9m2p8q/payments', element: inSuspense(<PaymentManagementRoute dashboardPath="/x7k9m2p8q" />) },
      { path: 'payment-management', element: inSuspense(<PaymentManagementRoute dashboardPath="/admin" />) },
    ],
  },
]);

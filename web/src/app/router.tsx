import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/spinner/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { withText } from '@/lib/i18n';
import { MainLayout } from './layouts/main-layout';
import { MainRoute } from './routes/main';
import { RouteErrorBoundary } from './routes/route-error';

function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

/**
 * A screen downloaded when first opened, with the text of every screen but the first: the
 * landing page (the main route) loads alone, so a first visit fetches only what it shows
 * (initial JS ≤ 150 KB gzip, bench/README.md).
 */
function onDemand<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  const Screen = lazy(() => withText(load()).then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
}

const AuthLayout = lazy(() => withText(import('./layouts/auth-layout')).then((m) => ({ default: m.AuthLayout })));
const AdminLayout = lazy(() => withText(import('./layouts/admin-layout')).then((m) => ({ default: m.AdminLayout })));
// The admin area is its own chunk (with its API layer): investors never download it.
const AdminDashboardRoute = lazy(() => withText(import('./routes/admin/admin-routes')).then((m) => ({ default: m.AdminDashboardRoute })));
const PaymentManagementRoute = lazy(() =>
  withText(import('./routes/admin/admin-routes')).then((m) => ({ default: m.PaymentManagementRoute })),
);
const inSuspense = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/**
 * Every screen of the user area (spec section 2); admin and developer pages use their own layout.
 * Declared with `<Routes>` (react-router's declarative mode): the app loads no data through the
 * router, and a data router would add ~18 KB gzip to the first visit (ADR 50).
 */
export function AppRoutes() {
  const guarded = (element: ReactNode) => <RouteErrorBoundary>{element}</RouteErrorBoundary>;
  return (
    <Routes>
      <Route element={guarded(<MainLayout />)}>
        <Route index element={<MainRoute />} />
        <Route path="main" element={<MainRoute />} />
        <Route path="history" element={onDemand(() => import('./routes/history'), 'HistoryRoute')} />
        <Route path="articles/:slug" element={onDemand(() => import('./routes/article'), 'ArticleRoute')} />
        <Route
          path="watchlist"
          element={<RequireAuth redirectTo="/">{onDemand(() => import('./routes/watchlist'), 'WatchlistRoute')}</RequireAuth>}
        />
        <Route
          path="profile"
          element={<RequireAuth redirectTo="/">{onDemand(() => import('./routes/profile'), 'ProfileRoute')}</RequireAuth>}
        />
        <Route path="*" element={onDemand(() => import('./routes/not-found'), 'NotFoundRoute')} />
      </Route>
      <Route element={guarded(inSuspense(<AuthLayout />))}>
        <Route path="login" element={onDemand(() => import('./routes/login'), 'LoginRoute')} />
        <Route path="forgot-password" element={onDemand(() => import('./routes/forgot-password'), 'ForgotPasswordRoute')} />
        <Route path="reset-password" element={onDemand(() => import('./routes/reset-password'), 'ResetPasswordRoute')} />
      </Route>
      <Route element={guarded(inSuspense(<AdminLayout />))}>
        {/* The API testing page is for developers and admins: investors never download it. */}
        <Route path="api-test" element={onDemand(() => import('./routes/api-test'), 'ApiTestRoute')} />
        <Route path="admin" element={inSuspense(<AdminDashboardRoute base="/admin" />)} />
        <Route path="x7k9m2p8q" element={inSuspense(<AdminDashboardRoute base="/x7k9m2p8q" />)} />
        <Route path="x7k9m2p8q/payments" element={inSuspense(<PaymentManagementRoute dashboardPath="/x7k9m2p8q" />)} />
        <Route path="payment-management" element={inSuspense(<PaymentManagementRoute dashboardPath="/admin" />)} />
      </Route>
    </Routes>
  );
}

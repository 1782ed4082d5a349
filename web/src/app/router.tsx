import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { AdminLayout } from './layouts/admin-layout';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { AdminPlaceholder } from './routes/admin/admin-placeholder';
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
// The API testing page is for developers and admins: investors never download it.
const ApiTestRoute = lazy(() => import('./routes/api-test').then((m) => ({ default: m.ApiTestRoute })));

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
      {
        path: 'api-test',
        element: (
          <Suspense fallback={<PageLoading />}>
            <ApiTestRoute />
          </Suspense>
        ),
      },
      { path: 'admin', element: <AdminPlaceholder screen="admin" /> },
      { path: 'x7k9m2p8q', element: <AdminPlaceholder screen="secretAdmin" /> },
      { path: 'x7k9m2p8q/payments', element: <AdminPlaceholder screen="payments" /> },
      { path: 'payment-management', element: <AdminPlaceholder screen="paymentManagement" /> },
    ],
  },
]);

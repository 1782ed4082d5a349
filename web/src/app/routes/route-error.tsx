import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';

/** Shown when a screen throws while rendering, instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PagePlaceholder title={t('routeError.title')} description={t('routeError.description')}>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <a href="/" className="btn btn--secondary">
          {t('common.backHome')}
        </a>
      </PagePlaceholder>
    </div>
  );
}

/**
 * React catches a render error only in a class component. The routes are declared with
 * `<Routes>` rather than a data router (its `errorElement` costs ~18 KB gzip of the first
 * visit, ADR 50), so this boundary plays that part around every layout.
 */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Unhandled error while rendering a route', error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** As a data router's errorElement: another address renders afresh, not the old error. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}

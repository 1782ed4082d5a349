import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A link to an article: a built-in article (a path of this app) opens in the app; a Ghost post
 * opens on the blog in a new tab, so the reader keeps their report.
 */
export function ArticleLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (url.startsWith('/')) {
    return (
      <Link to={url} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{t('articles.opensInNewTab')}</span>
    </a>
  );
}

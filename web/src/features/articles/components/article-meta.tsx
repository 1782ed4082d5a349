import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import type { Article } from '../types/article';

/** "2026年5月25日 · 3 分鐘閱讀"; a post without a readable date shows only its reading time. */
export function ArticleMeta({ article, className }: { article: Article; className?: string }) {
  const { t } = useTranslation();
  const hasDate = !Number.isNaN(Date.parse(article.published_at));
  return (
    <p className={className}>
      {hasDate && <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>}
      {hasDate && ' · '}
      {t('articles.readingTime', { minutes: article.reading_time })}
    </p>
  );
}

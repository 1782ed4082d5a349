import { useTranslation } from 'react-i18next';
import type { Article } from '../types/article';

const dateFormat = new Intl.DateTimeFormat('zh-HK', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Hong_Kong' });

export function formatPublished(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "2026年5月25日 · 3 分鐘閱讀" */
export function ArticleMeta({ article, className }: { article: Article; className?: string }) {
  const { t } = useTranslation();
  const published = formatPublished(article.published_at);
  return (
    <p className={className}>
      {published && <time dateTime={article.published_at}>{published}</time>}
      {published && ' · '}
      {t('articles.readingTime', { minutes: article.reading_time })}
    </p>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useRelatedArticles } from '../api/search-articles';
import { ArticleGrid } from './article-grid';
import './article-sections.css';

export interface RelatedArticlesProps {
  /** Symbol, company name, industry, sector, primary business…: the first three are searched. */
  keywords: string[];
  /** Leaves out the article being read (on an article page). */
  excludeSlug?: string;
  title?: string;
  className?: string;
}

/**
 * The last section of a report (spec: related articles): up to 4 posts found by the report's
 * keywords, in a 2-column grid with 3 tags each; 暫時沒有找到相關文章 when none (a failed
 * search is only logged and looks the same).
 */
export function RelatedArticles({ keywords, excludeSlug, title, className }: RelatedArticlesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { posts, isLoading } = useRelatedArticles(keywords, excludeSlug);

  return (
    <section className={['card', 'article-section', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 className="article-section__title" id={headingId}>
        {title ?? t('articles.relatedTitle')}
      </h2>
      {isLoading ? (
        <Spinner label={t('articles.loading')} />
      ) : posts.length > 0 ? (
        <ArticleGrid posts={posts} />
      ) : (
        <p className="article-section__empty">{t('articles.noneFound')}</p>
      )}
    </section>
  );
}

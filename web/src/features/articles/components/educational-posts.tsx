import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelevantPosts } from '../api/get-relevant-posts';
import { ArticleGrid } from './article-grid';
import './article-sections.css';

export interface EducationalPostsProps {
  /** A not-analysable status (reit_or_trust, highly_speculative, delisted…) or a topic. */
  productType: string;
  title?: string;
  className?: string;
}

/**
 * Up to 3 articles that explain why a stock cannot be analysed (spec: the not-analysable
 * screen). The section shows only once there is something to read: on that screen an empty
 * box would add nothing to the reason card above it. Failures are only logged.
 */
export function EducationalPosts({ productType, title, className }: EducationalPostsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { posts } = useRelevantPosts(productType);
  if (posts.length === 0) return null;

  return (
    <section className={['card', 'article-section', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 className="article-section__title" id={headingId}>
        {title ?? t('articles.educationalTitle')}
      </h2>
      <ArticleGrid posts={posts} />
    </section>
  );
}

import type { Article } from '../types/article';
import { ArticleLink } from './article-link';
import { ArticleMeta } from './article-meta';
import { ArticleTags } from './article-tags';
import './article-card.css';

/** One article in a grid: cover image, up to 3 tags, title, excerpt, date and reading time. */
export function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="ui-tile article-card">
      <ArticleLink url={article.url} className="article-card__link">
        {article.feature_image ? (
          <img className="article-card__image" src={article.feature_image} alt="" loading="lazy" />
        ) : (
          <div className="article-card__image article-card__image--empty" aria-hidden="true" />
        )}
        <div className="ui-stack ui-stack--2 article-card__body">
          <ArticleTags tags={article.tags} />
          <h3 className="article-card__title">{article.title}</h3>
          {article.excerpt && <p className="article-card__excerpt">{article.excerpt}</p>}
          <ArticleMeta article={article} className="article-card__meta" />
        </div>
      </ArticleLink>
    </article>
  );
}

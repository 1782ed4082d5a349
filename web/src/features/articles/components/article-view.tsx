import type { ArticleWithBody } from '../types/article';
import { ArticleMeta } from './article-meta';
import { ArticleTags } from './article-tags';
import './article-view.css';

/**
 * A whole article. The body is HTML from the built-in library or the operator's own Ghost
 * site (Ghost stores posts as HTML), both trusted sources, so it is rendered as it comes.
 */
export function ArticleView({ article }: { article: ArticleWithBody }) {
  return (
    <article className="card article-view">
      <header className="article-view__header">
        <ArticleTags tags={article.tags} />
        <h1 className="article-view__title">{article.title}</h1>
        <ArticleMeta article={article} className="article-view__meta" />
      </header>
      {article.feature_image && <img className="article-view__image" src={article.feature_image} alt="" />}
      {article.excerpt && <p className="article-view__excerpt">{article.excerpt}</p>}
      <div className="article-view__body" dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  );
}

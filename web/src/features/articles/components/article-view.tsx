import type { ArticleWithBody } from '../types/article';
import { ArticleMeta } from './article-meta';
import { ArticleTags } from './article-tags';
import './article-view.css';

/**
 * A whole built-in article. Its body is HTML the library wrote (headings, paragraphs, lists,
 * escaped text), so it is rendered as it comes. Ghost posts are never shown here: they are
 * read on the Ghost site, so no HTML from another system runs in the app.
 */
export function ArticleView({ article }: { article: ArticleWithBody }) {
  return (
    <article className="card article-view">
      <header className="ui-stack ui-stack--3 article-view__header">
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

/** What the rest of the app uses of the articles feature. */
export { RelatedArticles, type RelatedArticlesProps } from './components/related-articles';
export { EducationalPosts, type EducationalPostsProps } from './components/educational-posts';
export { ArticleView } from './components/article-view';
export { useArticle } from './api/get-article';
export type { Article, ArticleWithBody } from './types/article';

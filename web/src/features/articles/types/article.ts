/**
 * A blog post as every ghost/* call returns it: the shape the content service and the app
 * share (`@stockai/contracts`). `url` is `/articles/<slug>` for a built-in article, shown in
 * this app, else the post's page on the Ghost site.
 */
export type { BlogPost as Article, BlogPostTag as ArticleTag, BlogPostWithBody as ArticleWithBody } from '@stockai/contracts';

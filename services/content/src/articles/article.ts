import type { BlogPost, BlogPostTag, BlogPostWithBody } from '@stockai/contracts';

/** A tag as Ghost returns it, which the built-in library mirrors. */
export type ArticleTag = BlogPostTag;

/** The article shape of every ghost/* answer (the contract shared with the web app). */
export type Article = BlogPost;

/** One article with its body, for the article page. */
export type ArticleWithBody = BlogPostWithBody;

export type ArticleSource = 'builtin' | 'ghost';

/** What the index stores for one post of either source. */
export interface IndexedArticle extends ArticleWithBody {
  source: ArticleSource;
}

/** A post as lists show it: without its body or where it is stored. */
export function listed({ html: _html, source: _source, ...post }: IndexedArticle): Article {
  return post;
}

export interface Pagination {
  page: number;
  limit: number;
  pages: number;
  total: number;
  next: number | null;
  prev: number | null;
}

export function pagination(page: number, limit: number, total: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, pages, total, next: page < pages ? page + 1 : null, prev: page > 1 ? page - 1 : null };
}

/** A tag as Ghost returns it, which the built-in library mirrors. */
export interface ArticleTag {
  id: string;
  name: string;
  slug: string;
}

/** The article shape of every ghost/* answer (spec: Blog post). */
export interface Article {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  feature_image: string | null;
  published_at: string;
  reading_time: number;
  tags: ArticleTag[];
  url: string;
}

/** One article with its body, for the article page. */
export interface ArticleWithBody extends Article {
  html: string;
}

export type ArticleSource = 'builtin' | 'ghost';

/** What the index stores for one post of either source. */
export interface IndexedArticle extends ArticleWithBody {
  source: ArticleSource;
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

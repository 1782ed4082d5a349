import type { Article, ArticleTag, ArticleWithBody } from '../types/article';

type Raw = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function parseTag(raw: unknown): ArticleTag | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const tag = raw as Raw;
  const name = text(tag.name);
  return name ? { id: text(tag.id) || name, name, slug: text(tag.slug) } : null;
}

/** A post from the API, tolerating missing fields (a Ghost blog's posts vary); null when unusable. */
export function parseArticle(raw: unknown): Article | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const post = raw as Raw;
  const title = text(post.title);
  const url = text(post.url);
  if (!title || !url) return null;
  const minutes = Number(post.reading_time);
  return {
    id: text(post.id) || url,
    slug: text(post.slug),
    title,
    excerpt: text(post.excerpt),
    feature_image: text(post.feature_image) || null,
    published_at: text(post.published_at),
    reading_time: Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 1,
    tags: Array.isArray(post.tags) ? post.tags.map(parseTag).filter((t): t is ArticleTag => t !== null) : [],
    url,
  };
}

/** The `posts` of a `{ success, posts }` answer. */
export function parsePosts(body: unknown): Article[] {
  const posts = typeof body === 'object' && body !== null ? (body as Raw).posts : undefined;
  return Array.isArray(posts) ? posts.map(parseArticle).filter((p): p is Article => p !== null) : [];
}

export function parseArticleWithBody(body: unknown): ArticleWithBody | null {
  const post = typeof body === 'object' && body !== null ? (body as Raw).post : undefined;
  const article = parseArticle(post);
  return article ? { ...article, html: text((post as Raw).html) } : null;
}

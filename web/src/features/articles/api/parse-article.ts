import { blogPost, blogPostWithBody } from '@stockai/contracts';
import type { Article, ArticleWithBody } from '../types/article';

type Raw = Record<string, unknown>;

const field = (body: unknown, name: string) => (typeof body === 'object' && body !== null ? (body as Raw)[name] : undefined);

/** A post from the API as the shared contract has it; null when it does not fit (left out of lists). */
export function parseArticle(raw: unknown): Article | null {
  const parsed = blogPost.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The `posts` of a `{ success, posts }` answer. */
export function parsePosts(body: unknown): Article[] {
  const posts = field(body, 'posts');
  return Array.isArray(posts) ? posts.map(parseArticle).filter((p): p is Article => p !== null) : [];
}

/**
 * The `post` of an article answer. Only a built-in article (a path of this app) is shown here:
 * its HTML is ours. Anything else is treated as not found rather than rendered, so no other
 * system's HTML ever runs inside the app.
 */
export function parseArticleWithBody(body: unknown): ArticleWithBody | null {
  const parsed = blogPostWithBody.safeParse(field(body, 'post'));
  return parsed.success && parsed.data.url.startsWith('/') ? parsed.data : null;
}

import { useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import type { ArticleWithBody } from '../types/article';

/**
 * GET ghost/blog/posts/{slug}. Only a built-in article (a path of this app) is shown here: its
 * HTML is ours. Anything else reads as not found rather than rendered, so no other system's
 * HTML ever runs inside the app.
 */
export async function getArticle(slug: string, signal?: AbortSignal): Promise<ArticleWithBody | null> {
  const { post } = await apiClient.get(`ghost/blog/posts/${encodeURIComponent(slug)}`, (s) => s.postResponse, { signal });
  return post.url.startsWith('/') ? post : null;
}

export type ArticleQuery =
  { status: 'loading' } | { status: 'found'; article: ArticleWithBody } | { status: 'not-found' } | { status: 'failed' };

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** One article for its page; a 404 (or a malformed address) is "not found", anything else "failed". */
export function useArticle(slug: string): ArticleQuery {
  const query = useQuery({
    queryKey: ['article', slug],
    queryFn: ({ signal }) => getArticle(slug, signal),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return isNotFound(query.error) ? { status: 'not-found' } : { status: 'failed' };
  return query.data ? { status: 'found', article: query.data } : { status: 'not-found' };
}

import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Article } from '../types/article';

/** Spec: the keywords are capped at three terms, joined by spaces; 4 posts after an analysis. */
export const MAX_KEYWORDS = 3;
export const RELATED_LIMIT = 4;
/** The search refuses longer keywords; a long company name or industry is cut instead. */
export const MAX_KEYWORDS_LENGTH = 100;

export function keywordsQuery(keywords: string[]): string {
  const joined = keywords
    .map((k) => k.trim())
    .filter(Boolean)
    .slice(0, MAX_KEYWORDS)
    .join(' ');
  return [...joined].slice(0, MAX_KEYWORDS_LENGTH).join('').trim();
}

export async function searchArticles(keywords: string, limit: number, signal?: AbortSignal): Promise<Article[]> {
  return (await apiClient.get('ghost/blog/search', (s) => s.postsResponse, { query: { keywords, limit }, signal })).posts;
}

/**
 * Articles related to `keywords` (the first three). `excludeSlug` leaves out the article being
 * read, asking for one more so the list stays full. A failure is only logged and shows as no posts.
 */
export function useRelatedArticles(keywords: string[], excludeSlug?: string) {
  const text = keywordsQuery(keywords);
  const limit = excludeSlug ? RELATED_LIMIT + 1 : RELATED_LIMIT;
  const query = useQuery({
    queryKey: ['related-articles', text, excludeSlug ?? null],
    queryFn: async ({ signal }) => {
      const posts = await searchArticles(text, limit, signal);
      return posts.filter((p) => p.slug !== excludeSlug).slice(0, RELATED_LIMIT);
    },
    enabled: text !== '',
  });
  return { posts: query.data ?? [], isLoading: query.isLoading };
}

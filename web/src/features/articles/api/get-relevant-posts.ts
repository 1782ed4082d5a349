import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Article } from '../types/article';

/** Spec: up to 3 educational posts on the not-analysable screen. */
export const RELEVANT_LIMIT = 3;

export async function getRelevantPosts(productType: string, limit: number, signal?: AbortSignal): Promise<Article[]> {
  return (await apiClient.get('ghost/relevant-posts', (s) => s.postsResponse, { query: { productType, limit }, signal })).posts;
}

/**
 * Articles explaining a not-analysable status (e.g. reit_or_trust) or a topic. Articles are a
 * side dish of the page they sit on: a failure is only logged (spec) and shows as no posts.
 */
export function useRelevantPosts(productType: string) {
  const type = productType.trim();
  const query = useQuery({
    queryKey: ['relevant-posts', type],
    queryFn: ({ signal }) => getRelevantPosts(type, RELEVANT_LIMIT, signal),
    enabled: type !== '',
  });
  return { posts: query.data ?? [], isLoading: query.isLoading };
}

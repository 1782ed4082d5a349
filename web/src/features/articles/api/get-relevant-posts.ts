import { apiClient } from '@/lib/api-client';
import { usePostsQuery } from '../hooks/use-posts-query';
import type { Article } from '../types/article';
import { parsePosts } from './parse-article';

/** Spec: up to 3 educational posts on the not-analysable screen. */
export const RELEVANT_LIMIT = 3;

export async function getRelevantPosts(productType: string, limit: number, signal?: AbortSignal): Promise<Article[]> {
  return parsePosts(await apiClient.get<unknown>('ghost/relevant-posts', { query: { productType, limit }, signal }));
}

/** Articles explaining a not-analysable status (e.g. reit_or_trust) or a topic. */
export function useRelevantPosts(productType: string) {
  const type = productType.trim();
  return usePostsQuery(type || null, (signal) => getRelevantPosts(type, RELEVANT_LIMIT, signal));
}

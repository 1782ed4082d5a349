import { useApiQuery } from '@/hooks/use-api-query';
import type { Article } from '../types/article';

export interface PostsQuery {
  posts: Article[];
  isLoading: boolean;
}

/**
 * Loads a list of posts whenever `key` changes (null: none to load). Articles are a side dish
 * of the page they sit on, so a failure is only logged (spec: related-article errors are only
 * logged) and shows as no posts.
 */
export function usePostsQuery(key: string | null, load: (signal: AbortSignal) => Promise<Article[]>): PostsQuery {
  const query = useApiQuery(key === null ? null : `articles ${key}`, load);
  return { posts: query.data ?? [], isLoading: key !== null && query.status === 'loading' };
}

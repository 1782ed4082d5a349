import { useEffect, useRef, useState } from 'react';
import type { Article } from '../types/article';

export interface PostsQuery {
  posts: Article[];
  isLoading: boolean;
}

/**
 * Loads a list of posts whenever `key` changes. Articles are a side dish of the page they sit
 * on, so a failure is only logged (spec: related-article errors are only logged) and shows as
 * no posts.
 */
export function usePostsQuery(key: string | null, load: (signal: AbortSignal) => Promise<Article[]>): PostsQuery {
  const [state, setState] = useState<PostsQuery>({ posts: [], isLoading: key !== null });
  // The loader is a new function on every render; the request depends only on `key`.
  const latestLoad = useRef(load);
  latestLoad.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ posts: [], isLoading: false });
      return;
    }
    const controller = new AbortController();
    setState({ posts: [], isLoading: true });
    latestLoad.current(controller.signal)
      .then((posts) => {
        if (!controller.signal.aborted) setState({ posts, isLoading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load articles', error);
        setState({ posts: [], isLoading: false });
      });
    return () => controller.abort();
  }, [key]);

  return state;
}

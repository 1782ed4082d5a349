import { useEffect, useState } from 'react';
import { ApiError, apiClient } from '@/lib/api-client';
import type { ArticleWithBody } from '../types/article';
import { parseArticleWithBody } from './parse-article';

export async function getArticle(slug: string, signal?: AbortSignal): Promise<ArticleWithBody | null> {
  return parseArticleWithBody(await apiClient.get<unknown>(`ghost/blog/posts/${encodeURIComponent(slug)}`, { signal }));
}

export type ArticleQuery =
  { status: 'loading' } | { status: 'found'; article: ArticleWithBody } | { status: 'not-found' } | { status: 'failed' };

/** One article for its page; a 404 (or a malformed address) is "not found", anything else "failed". */
export function useArticle(slug: string): ArticleQuery {
  const [state, setState] = useState<ArticleQuery>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getArticle(slug, controller.signal)
      .then((article) => {
        if (!controller.signal.aborted) setState(article ? { status: 'found', article } : { status: 'not-found' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ status: 'not-found' });
          return;
        }
        console.error('Failed to load the article', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [slug]);

  return state;
}

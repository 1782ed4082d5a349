import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { logUnexpectedFailure } from './log-failure';

/**
 * A refusal (4xx) is an answer, not a blip: asking again gets the same one. Only an unanswered
 * request or a server failure is tried again, once.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The one cache of server state; every read and write of the app goes through it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => logUnexpectedFailure(`Failed to load ${query.queryKey.join(' ')}`, error) }),
    mutationCache: new MutationCache({ onError: (error) => logUnexpectedFailure('Request failed', error) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Screens re-read on mount; a tab switch back is no reason for a burst of requests.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

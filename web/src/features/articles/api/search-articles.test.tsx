import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../../../test/render';
import { useArticle } from './get-article';
import { MAX_KEYWORDS_LENGTH, RELATED_LIMIT, keywordsQuery, useRelatedArticles } from './search-articles';

describe('articles against the real API', () => {
  it('finds at most four related articles and leaves out the one being read', async () => {
    const all = renderHookWithProviders(() => useRelatedArticles(['dividend', 'income', 'REIT']));
    await waitFor(() => expect(all.result.current.posts.length).toBeGreaterThan(1));
    expect(all.result.current.posts.length).toBeLessThanOrEqual(RELATED_LIMIT);

    const reading = all.result.current.posts[0]!.slug;
    const others = renderHookWithProviders(() => useRelatedArticles(['dividend', 'income', 'REIT'], reading));
    await waitFor(() => expect(others.result.current.isLoading).toBe(false));
    expect(others.result.current.posts.map((p) => p.slug)).not.toContain(reading);
    expect(others.result.current.posts.length).toBeLessThanOrEqual(RELATED_LIMIT);
  });

  it('reads a built-in article by slug, and an unknown slug as not found (not failed)', async () => {
    const found = renderHookWithProviders(() => useArticle('dividend-investing-basics'));
    await waitFor(() => expect(found.result.current.status).toBe('found'));
    const missing = renderHookWithProviders(() => useArticle('no-such-article'));
    await waitFor(() => expect(missing.result.current.status).toBe('not-found'));
  });

  it('sends at most three keywords, cut to the length the search accepts', () => {
    expect(keywordsQuery([' MMM ', '3M', 'Industrials', 'Conglomerates'])).toBe('MMM 3M Industrials');
    expect([...keywordsQuery(['x'.repeat(300)])].length).toBe(MAX_KEYWORDS_LENGTH);
  });
});

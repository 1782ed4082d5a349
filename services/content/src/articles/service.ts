import { type Database, type Logger, notFound } from '@stockai/platform';
import type { GhostContentSource } from '../ghost/content-source';
import type { Article, ArticleSource, ArticleWithBody, Pagination } from './article';
import { pagination } from './article';
import { articlesRepo } from './repo';
import { normalise, searchTerms } from './search-text';
import { topicKeywords } from './topics';

export interface Found {
  posts: Article[];
  /** Where the posts came from: Ghost, or the built-in library (embedded default and fallback). */
  source: ArticleSource;
}

export interface ArticlesService {
  search(keywords: string, limit: number): Promise<Found>;
  withTags(tags: string[], limit: number): Promise<Found>;
  page(page: number, limit: number): Promise<Found & { pagination: Pagination }>;
  relevant(topic: string, limit: number): Promise<Found>;
  article(slug: string): Promise<{ post: ArticleWithBody; source: ArticleSource }>;
}

/**
 * Reading articles. Without Ghost every answer comes from the built-in library. With Ghost,
 * the paged list and the tag filter ask Ghost live and fall back to the library when Ghost
 * fails; search and relevant posts run on the index of Ghost's posts, and on the library
 * while that index is still empty (Ghost never reached yet). Nothing a reader asks for turns
 * a Ghost outage into an error.
 */
export function articlesService(deps: { db: Database; ghost?: GhostContentSource; logger: Logger }): ArticlesService {
  const { db, ghost, logger } = deps;

  async function indexSource(): Promise<ArticleSource> {
    if (!ghost) return 'builtin';
    return (await articlesRepo.count(db, 'ghost')) > 0 ? 'ghost' : 'builtin';
  }

  async function fromGhost<T>(what: string, ask: (ghost: GhostContentSource) => Promise<T>): Promise<T | undefined> {
    if (!ghost) return undefined;
    try {
      return await ask(ghost);
    } catch (err) {
      logger.warn({ err: err instanceof Error ? err.message : String(err), what }, 'Ghost failed; answering from the built-in library');
      return undefined;
    }
  }

  async function search(keywords: string, limit: number): Promise<Found> {
    const source = await indexSource();
    return { posts: await articlesRepo.search(db, source, searchTerms(keywords), limit), source };
  }

  return {
    search,

    async withTags(tags, limit) {
      const live = await fromGhost('posts by tag', async (g) => {
        const byName = await articlesRepo.tagSlugs(db, 'ghost', tags);
        const slugs = tags.map((t) => byName.get(normalise(t)) ?? t.trim().toLowerCase().replace(/\s+/g, '-'));
        return g.withTagSlugs(slugs, limit);
      });
      if (live) return { posts: live.map(({ html: _html, source: _source, ...post }) => post), source: 'ghost' };
      return { posts: await articlesRepo.withTags(db, 'builtin', tags, limit), source: 'builtin' };
    },

    async page(page, limit) {
      const live = await fromGhost('posts page', (g) => g.page(page, limit));
      if (live) return { posts: live.posts.map(({ html: _html, source: _source, ...post }) => post), pagination: live.pagination, source: 'ghost' };
      const { posts, total } = await articlesRepo.page(db, 'builtin', page, limit);
      return { posts, pagination: pagination(page, limit, total), source: 'builtin' };
    },

    relevant(topic, limit) {
      return search(topicKeywords(topic), limit);
    },

    /** The library's own article first (its URL is the app's), then a Ghost post in the index. */
    async article(slug) {
      const builtin = await articlesRepo.bySlug(db, 'builtin', slug);
      if (builtin) return { post: builtin, source: 'builtin' };
      const post = ghost ? await articlesRepo.bySlug(db, 'ghost', slug) : undefined;
      if (post) return { post, source: 'ghost' };
      throw notFound('找不到這篇文章', 'ARTICLE_NOT_FOUND');
    },
  };
}

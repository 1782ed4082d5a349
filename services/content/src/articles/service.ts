import { AppError, type Database, type Logger, notFound } from '@stockai/platform';
import type { GhostContentSource } from '../ghost/content-source';
import type { Article, ArticleSource, ArticleWithBody, Pagination } from './article';
import { listed, pagination } from './article';
import { articlesRepo } from './repo';
import { normalise, searchTerms } from './search-text';
import { topicKeywords } from './topics';

/** Where the posts of an answer came from: Ghost, the built-in library, or Ghost's first and the library's after. */
export type FoundSource = ArticleSource | 'mixed';

export interface Found {
  posts: Article[];
  source: FoundSource;
}

export interface ArticlesService {
  search(keywords: string, limit: number): Promise<Found>;
  withTags(tags: string[], limit: number): Promise<Found>;
  page(page: number, limit: number): Promise<Found & { pagination: Pagination }>;
  relevant(topic: string, limit: number): Promise<Found>;
  article(slug: string): Promise<{ post: ArticleWithBody; source: 'builtin' }>;
}

/** A search slower than this is stopped by the database (see articlesRepo.search). */
export const SEARCH_TIMEOUT_MS = 3000;

const QUERY_CANCELED = '57014';
const searchTooSlow = () => new AppError(503, 'SEARCH_TIMEOUT', 'The article search took too long; try fewer or shorter keywords');

/**
 * Reading articles. Without Ghost every answer comes from the built-in library. With Ghost,
 * the paged list and the tag filter ask Ghost live and fall back to the library when Ghost
 * fails; search and relevant posts run on the index of Ghost's posts and, when Ghost has fewer
 * matches than asked for (or none yet), are filled up from the library, so a reader always
 * gets something to read. Nothing a reader asks for turns a Ghost outage into an error.
 *
 * Only built-in articles are served whole (`article`): their HTML is ours. A Ghost post is
 * read on the Ghost site (its `url`), so no HTML from another system runs inside the app.
 */
export function articlesService(deps: {
  db: Database;
  ghost?: GhostContentSource;
  logger: Logger;
  searchTimeoutMs?: number;
}): ArticlesService {
  const { db, ghost, logger } = deps;
  const timeoutMs = deps.searchTimeoutMs ?? SEARCH_TIMEOUT_MS;

  async function fromGhost<T>(what: string, ask: (ghost: GhostContentSource) => Promise<T>): Promise<T | undefined> {
    if (!ghost) return undefined;
    try {
      return await ask(ghost);
    } catch (err) {
      logger.warn({ err: err instanceof Error ? err.message : String(err), what }, 'Ghost failed; answering from the built-in library');
      return undefined;
    }
  }

  async function ranked(source: ArticleSource, keywords: string, limit: number): Promise<Article[]> {
    try {
      return await articlesRepo.search(db, source, searchTerms(keywords), limit, timeoutMs);
    } catch (err) {
      if ((err as { code?: string }).code === QUERY_CANCELED) {
        logger.warn({ keywords, source, timeoutMs }, 'article search stopped by its statement timeout');
        throw searchTooSlow();
      }
      throw err;
    }
  }

  async function search(keywords: string, limit: number): Promise<Found> {
    const fromBlog = ghost ? await ranked('ghost', keywords, limit) : [];
    if (fromBlog.length >= limit) return { posts: fromBlog, source: 'ghost' };
    const taken = new Set(fromBlog.map((p) => p.slug));
    const fill = (await ranked('builtin', keywords, limit)).filter((p) => !taken.has(p.slug)).slice(0, limit - fromBlog.length);
    const source: FoundSource = fill.length === 0 ? (ghost ? 'ghost' : 'builtin') : fromBlog.length > 0 ? 'mixed' : 'builtin';
    return { posts: [...fromBlog, ...fill], source };
  }

  return {
    search,

    async withTags(tags, limit) {
      const live = await fromGhost('posts by tag', async (g) => {
        const byName = await articlesRepo.tagSlugs(db, 'ghost', tags);
        const slugs = tags.map((t) => byName.get(normalise(t)) ?? t.trim().toLowerCase().replace(/\s+/g, '-'));
        return g.withTagSlugs(slugs, limit);
      });
      if (live) return { posts: live.map(listed), source: 'ghost' };
      return { posts: await articlesRepo.withTags(db, 'builtin', tags, limit), source: 'builtin' };
    },

    async page(page, limit) {
      const live = await fromGhost('posts page', (g) => g.page(page, limit));
      if (live) return { posts: live.posts.map(listed), pagination: live.pagination, source: 'ghost' };
      const { posts, total } = await articlesRepo.page(db, 'builtin', page, limit);
      return { posts, pagination: pagination(page, limit, total), source: 'builtin' };
    },

    relevant(topic, limit) {
      return search(topicKeywords(topic), limit);
    },

    /** A built-in article; any other slug, a Ghost post's included, is not found here. */
    async article(slug) {
      const post = await articlesRepo.bySlug(db, 'builtin', slug);
      if (!post) throw notFound('There is no such article', 'ARTICLE_NOT_FOUND');
      return { post, source: 'builtin' };
    },
  };
}

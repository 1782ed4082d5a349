// The web e2e project reaches this file through imports only, so it needs the reference to see the declarations.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./tryghost.d.ts" />
import GhostContentAPI, { type BrowseParams } from '@tryghost/content-api';
import type { IndexedArticle, Pagination } from '../articles/article';
import { plainText } from '../articles/search-text';
import { type GhostPost, ghostPostsAnswer } from './ghost-answer';
import { ghostRequest } from './ghost-request';
import { nqlValue } from './nql';

export interface GhostSettings {
  url: string;
  contentApiKey: string;
  /** A Ghost call slower than this counts as a failure (the reader then gets the library). */
  timeoutMs: number;
}

/** Ghost as a source of posts, through the official Content API client. */
export interface GhostContentSource {
  page(page: number, limit: number): Promise<{ posts: IndexedArticle[]; pagination: Pagination }>;
  withTagSlugs(slugs: string[], limit: number): Promise<IndexedArticle[]>;
  /** Every published post, page by page (for the search index); `signal` stops it. */
  all(signal?: AbortSignal): Promise<IndexedArticle[]>;
}

/** The excerpt Ghost shows: the author's custom excerpt, else the start of the text. */
function excerptOf(post: GhostPost): string {
  const text = post.custom_excerpt ?? post.excerpt ?? plainText(post.html ?? '').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function toArticle(post: GhostPost): IndexedArticle {
  return {
    source: 'ghost',
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: excerptOf(post),
    html: post.html ?? '',
    feature_image: post.feature_image ?? null,
    published_at: new Date(post.published_at).toISOString(),
    reading_time: Math.max(1, Math.round(post.reading_time ?? 1)),
    tags: (post.tags ?? []).map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
    url: post.url,
  };
}

const PAGE_FOR_INDEX = 50;
/**
 * The index reads at most this many pages (10,000 posts). A Ghost that still reports a next
 * page after that is misbehaving: the refresh fails and the previous copy stays, rather than
 * looping for ever or dropping the posts it did not reach.
 */
export const MAX_INDEX_PAGES = 200;

export function ghostContentSource(settings: GhostSettings): GhostContentSource {
  const url = settings.url.replace(/\/+$/, '');
  // A client per call is cheap (it only holds options) and carries that call's abort signal.
  const browse = async (params: BrowseParams, signal?: AbortSignal) => {
    const api = GhostContentAPI({
      url,
      key: settings.contentApiKey,
      version: 'v5.0',
      makeRequest: ghostRequest({ timeoutMs: settings.timeoutMs, signal }),
    });
    return ghostPostsAnswer(await api.posts.browse({ include: 'tags', ...params }));
  };

  return {
    async page(page, limit) {
      const { posts, pagination: p } = await browse({ page, limit, formats: 'html' });
      return {
        posts: posts.map(toArticle),
        pagination: {
          page: p.page,
          limit: typeof p.limit === 'number' ? p.limit : limit,
          pages: p.pages,
          total: p.total,
          next: p.next,
          prev: p.prev,
        },
      };
    },
    async withTagSlugs(slugs, limit) {
      const { posts } = await browse({ limit, filter: `tag:[${slugs.map(nqlValue).join(',')}]` });
      return posts.map(toArticle);
    },
    /** Stops on an empty page, on the last page Ghost reports, or on its own `next: null`. */
    async all(signal) {
      const out = new Map<string, IndexedArticle>();
      for (let page = 1; page <= MAX_INDEX_PAGES; page++) {
        const { posts, pagination } = await browse({ page, limit: PAGE_FOR_INDEX, formats: 'html' }, signal);
        for (const post of posts) out.set(post.id, toArticle(post));
        if (posts.length === 0 || !pagination.next || page >= pagination.pages) return [...out.values()];
      }
      throw new Error(`Ghost still reported more posts after ${MAX_INDEX_PAGES} pages of ${PAGE_FOR_INDEX}; keeping the previous index`);
    },
  };
}

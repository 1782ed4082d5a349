// The web e2e project reaches this file through imports only, so it needs the reference to see the declarations.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./tryghost.d.ts" />
import GhostContentAPI, { type BrowseParams, type GhostPost } from '@tryghost/content-api';
import type { IndexedArticle, Pagination } from '../articles/article';
import { plainText } from '../articles/search-text';

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
  /** Every published post, page by page (for the search index). */
  all(): Promise<IndexedArticle[]>;
}

/** The excerpt Ghost shows: the author's custom excerpt, else the start of the text. */
function excerptOf(post: GhostPost): string {
  const text = post.custom_excerpt ?? post.excerpt ?? plainText(post.html ?? '').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export function toArticle(post: GhostPost): IndexedArticle {
  return {
    source: 'ghost',
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: excerptOf(post),
    html: post.html ?? '',
    feature_image: post.feature_image ?? null,
    published_at: new Date(post.published_at).toISOString(),
    reading_time: post.reading_time ?? 1,
    tags: (post.tags ?? []).map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
    url: post.url,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Ghost did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** NQL needs slugs quoted when they hold anything but letters, digits and dashes. */
const nqlValue = (value: string) => (/^[a-z0-9-]+$/.test(value) ? value : `'${value.replace(/'/g, "\\'")}'`);

const PAGE_FOR_INDEX = 100;

export function ghostContentSource(settings: GhostSettings): GhostContentSource {
  const api = GhostContentAPI({ url: settings.url.replace(/\/+$/, ''), key: settings.contentApiKey, version: 'v5.0' });
  const browse = (params: BrowseParams) => withTimeout(api.posts.browse({ include: 'tags', ...params }), settings.timeoutMs);

  return {
    async page(page, limit) {
      const posts = await browse({ page, limit, formats: 'html' });
      const p = posts.meta.pagination;
      return {
        posts: posts.map(toArticle),
        pagination: { page: p.page, limit: typeof p.limit === 'number' ? p.limit : limit, pages: p.pages, total: p.total, next: p.next, prev: p.prev },
      };
    },
    async withTagSlugs(slugs, limit) {
      const posts = await browse({ limit, filter: `tag:[${slugs.map(nqlValue).join(',')}]` });
      return posts.map(toArticle);
    },
    async all() {
      const out: IndexedArticle[] = [];
      for (let page = 1; ; page++) {
        const posts = await browse({ page, limit: PAGE_FOR_INDEX, formats: 'html' });
        out.push(...posts.map(toArticle));
        if (!posts.meta.pagination.next) return out;
      }
    },
  };
}

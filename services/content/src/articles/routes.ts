import { Router } from 'express';
import { z } from 'zod';
import { PLAIN_TEXT_MESSAGE, isPlainText, notFound } from '@stockai/platform';
import { coverImageSvg } from '../library/cover-image';
import { libraryArticles } from '../library/library';
import { MAX_KEYWORDS_LENGTH } from './search-text';
import type { ArticlesService } from './service';

const limit = (fallback: number) => z.coerce.number().int('must be a whole number').min(1).max(50).default(fallback);
const text = z.string().trim().max(500, 'is too long').refine(isPlainText, PLAIN_TEXT_MESSAGE).default('');
/** What is searched: a few words, not a document (see MAX_KEYWORDS_LENGTH); longer is a 400. */
export const searched = z
  .string()
  .trim()
  .max(MAX_KEYWORDS_LENGTH, `must be at most ${MAX_KEYWORDS_LENGTH} characters: search for a few words`)
  .refine(isPlainText, PLAIN_TEXT_MESSAGE)
  .default('');
/** Made once: zod compiles an object schema's parser on its first use, so one per request cost each request that. */
const topicParams = z.object({ topic: searched });

export const searchQuery = z.object({ keywords: searched, q: searched, limit: limit(10) });
export const tagsQuery = z.object({ tags: text, limit: limit(10) });
export const postsQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(1),
  limit: limit(15),
});
export const relevantQuery = z.object({ productType: searched, limit: limit(3) });
export const topicQuery = z.object({ limit: limit(3) });
export const slug = z.string().regex(/^[a-z0-9-]{1,200}$/, 'is not an article address');

const covers = new Map(libraryArticles.map((a) => [`${a.slug}.svg`, coverImageSvg(a)]));

/**
 * The blog endpoints (spec: Blog calls; admin spec: API testing page). Every answer is
 * `{ success: true, posts, source }` (`pagination` too where paged); no match is a success
 * with no posts. Limits default to the spec's figures (search 10, posts 15, relevant 3).
 * `ghost/blog/posts/:slug` serves built-in articles only (their HTML is ours); a Ghost post's
 * slug is a 404 there like any other unknown slug, since Ghost posts are read on Ghost (`url`).
 */
export function articlesRoutes(articles: ArticlesService): Router {
  const router = Router();

  const search = async (query: unknown) => {
    const { keywords, q, limit } = searchQuery.parse(query);
    const words = keywords || q;
    return words ? articles.search(words, limit) : { posts: [], source: undefined };
  };
  router.get(['/api/ghost/blog/search', '/api/ghost/search'], async (req, res) => {
    res.json({ success: true, ...(await search(req.query)) });
  });

  /** `tags`: comma-separated tag slugs or names; posts with any of them, newest first. */
  router.get('/api/ghost/blog/tags', async (req, res) => {
    const { tags, limit } = tagsQuery.parse(req.query);
    const wanted = tags
      .split(/[,，]/)
      .map((t) => t.trim())
      .filter(Boolean);
    res.json({ success: true, ...(wanted.length ? await articles.withTags(wanted, limit) : { posts: [] }) });
  });

  router.get('/api/ghost/blog/posts', async (req, res) => {
    const { page, limit } = postsQuery.parse(req.query);
    res.json({ success: true, ...(await articles.page(page, limit)) });
  });

  router.get('/api/ghost/blog/posts/:slug', async (req, res) => {
    res.json({ success: true, ...(await articles.article(slug.parse(req.params.slug))) });
  });

  router.get('/api/ghost/relevant-posts', async (req, res) => {
    const { productType, limit } = relevantQuery.parse(req.query);
    res.json({ success: true, productType, ...(productType ? await articles.relevant(productType, limit) : { posts: [] }) });
  });

  router.get('/api/ghost/blog/relevant/:topic', async (req, res) => {
    const { topic } = topicParams.parse(req.params);
    const { limit } = topicQuery.parse(req.query);
    res.json({ success: true, topic, ...(await articles.relevant(topic, limit)) });
  });

  /** Cover images of the built-in library (drawn, see cover-image.ts); they never change. */
  router.get('/api/ghost/images/:file', (req, res) => {
    const svg = covers.get(req.params.file);
    if (!svg) throw notFound('No such image', 'IMAGE_NOT_FOUND');
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });

  return router;
}

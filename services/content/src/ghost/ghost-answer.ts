import { z } from 'zod';

/**
 * What the Content API answers for posts, checked before anything is indexed or shown: a
 * Ghost that answers a wrong shape (a proxy's page, another API, a broken upgrade) fails like
 * a Ghost that is down, and readers get the built-in library.
 */
const ghostTag = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export const ghostPost = z.object({
  id: z.string().min(1),
  slug: z.string().min(1),
  title: z.string(),
  excerpt: z.string().nullish(),
  custom_excerpt: z.string().nullish(),
  html: z.string().nullish(),
  feature_image: z.string().nullish(),
  published_at: z.string(),
  reading_time: z.number().nullish(),
  tags: z.array(ghostTag).nullish(),
  url: z.string().min(1),
});
export type GhostPost = z.infer<typeof ghostPost>;

const ghostPagination = z.object({
  page: z.number().int(),
  limit: z.union([z.number().int(), z.literal('all')]),
  pages: z.number().int(),
  total: z.number().int(),
  next: z.number().int().nullable(),
  prev: z.number().int().nullable(),
});
export type GhostPagination = z.infer<typeof ghostPagination>;

const ghostPostsPage = z.object({ posts: z.array(ghostPost), pagination: ghostPagination });

/** The client's answer (the posts list with Ghost's `meta` attached), or an error naming what is wrong. */
export function ghostPostsAnswer(answer: unknown): { posts: GhostPost[]; pagination: GhostPagination } {
  const meta = (answer as { meta?: { pagination?: unknown } } | null | undefined)?.meta;
  const parsed = ghostPostsPage.safeParse({ posts: answer, pagination: meta?.pagination });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Ghost answered posts in an unexpected shape (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'})`);
  }
  return parsed.data;
}

import { z } from 'zod';

/**
 * A blog post as every content `ghost/*` answer carries it (spec: Blog calls), in Ghost's
 * own field names: the built-in library mirrors Ghost's shape, so readers of either source
 * see one shape.
 */
export const blogPostTag = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type BlogPostTag = z.infer<typeof blogPostTag>;

export const blogPost = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string().min(1),
  excerpt: z.string(),
  feature_image: z.string().nullable(),
  published_at: z.string(),
  reading_time: z.number().int().min(1),
  tags: z.array(blogPostTag),
  /** `/articles/<slug>` for a built-in article (shown in the app), else the post's page on the Ghost site. */
  url: z.string().min(1),
});
export type BlogPost = z.infer<typeof blogPost>;

/** One built-in article with its body (`ghost/blog/posts/:slug`): HTML the library wrote. */
export const blogPostWithBody = blogPost.extend({ html: z.string() });
export type BlogPostWithBody = z.infer<typeof blogPostWithBody>;

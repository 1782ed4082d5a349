import { z } from 'zod';
import { blogPost, blogPostWithBody } from '../blog-post';

const post = blogPost.meta({ id: 'BlogPost' });
const source = z.enum(['ghost', 'builtin', 'mixed']).optional().meta({ description: 'Where the posts came from' });

/** ghost/blog/search, ghost/search, ghost/blog/tags, ghost/relevant-posts, ghost/blog/relevant/{topic}. */
export const blogPostsResponse = z
  .object({ success: z.literal(true), posts: z.array(post), source, productType: z.string().optional(), topic: z.string().optional() })
  .meta({ id: 'BlogPosts' });
export type BlogPostsResponse = z.infer<typeof blogPostsResponse>;

/** ghost/blog/posts: one page of posts, newest first. */
export const blogPostsPage = z
  .object({
    success: z.literal(true),
    posts: z.array(post),
    source,
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      pages: z.number().int(),
      total: z.number().int(),
      next: z.number().int().nullable(),
      prev: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'BlogPostsPage' });
export type BlogPostsPage = z.infer<typeof blogPostsPage>;

/** ghost/blog/posts/{slug}: one built-in article with its HTML. */
export const blogArticleResponse = z
  .object({ success: z.literal(true), post: blogPostWithBody.meta({ id: 'BlogArticle' }), source: z.literal('builtin') })
  .meta({ id: 'BlogArticleResponse' });

import { z } from 'zod';
import { blogPost, blogPostWithBody } from '../blog-post';

const post = blogPost.meta({ id: 'BlogPost' });
/** Where the posts came from: Ghost, the built-in library, or Ghost's first and the library's after. */
const source = z.enum(['ghost', 'builtin', 'mixed']).optional();

/** GET ghost/blog/search, ghost/search, ghost/blog/tags, ghost/relevant-posts, ghost/blog/relevant/{topic}. */
export const postsResponse = z
  .object({ success: z.literal(true), posts: z.array(post), source, productType: z.string().optional(), topic: z.string().optional() })
  .meta({ id: 'BlogPosts' });

/** GET ghost/blog/posts: one page, newest first. */
export const postsPageResponse = z
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

/** GET ghost/blog/posts/{slug}: a built-in article with its HTML. */
export const postResponse = z
  .object({ success: z.literal(true), post: blogPostWithBody.meta({ id: 'BlogArticle' }), source: z.literal('builtin') })
  .meta({ id: 'BlogArticleResponse' });

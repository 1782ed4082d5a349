import { z } from 'zod';
import { blogPost, blogPostWithBody } from '../blog-post';

/** GET ghost/blog/search, ghost/relevant-posts. */
export const postsResponse = z.object({ posts: z.array(blogPost) });

/** GET ghost/blog/posts/{slug}. */
export const postResponse = z.object({ post: blogPostWithBody });

import { z } from 'zod';
import { postResponse, postsPageResponse, postsResponse } from '@stockai/contracts';
import { describeService, operation } from '@stockai/platform';
import { postsQuery, relevantQuery, searchQuery, searched, slug, tagsQuery, topicQuery } from './articles/routes';
import { email, logsQuery, memberWebhookBody, syncBody } from './members/routes';

const ghostSignature = z.object({
  'x-ghost-signature': z
    .string()
    .optional()
    .meta({ description: "Ghost's HMAC signature (sha256=…, t=…); an admin's bearer token may stand in for the member webhook" }),
});
const membership = z.looseObject({ success: z.literal(true), email: z.string() }).meta({
  description: "The address's Ghost membership (whether a member exists, its status)",
});

/** The content service's public routes (served to the gateway for GET /api/openapi.json). */
export const contentApi = describeService({
  tag: 'content',
  description: 'Blog articles (built-in library, or Ghost when configured) and Ghost member sync, all under ghost/*',
  paths: {
    '/api/ghost/blog/search': {
      get: operation({
        summary: 'Articles matching some keywords (best first)',
        access: 'public',
        query: searchQuery,
        response: postsResponse,
      }),
    },
    '/api/ghost/search': {
      get: operation({ summary: 'Same as ghost/blog/search', access: 'public', query: searchQuery, response: postsResponse }),
    },
    '/api/ghost/blog/tags': {
      get: operation({
        summary: 'Articles with any of some tags (comma-separated), newest first',
        access: 'public',
        query: tagsQuery,
        response: postsResponse,
      }),
    },
    '/api/ghost/blog/posts': {
      get: operation({ summary: 'One page of articles, newest first', access: 'public', query: postsQuery, response: postsPageResponse }),
    },
    '/api/ghost/blog/posts/{slug}': {
      get: operation({
        summary: 'One built-in article with its HTML',
        access: 'public',
        params: z.object({ slug }),
        response: postResponse,
        errors: [404],
      }),
    },
    '/api/ghost/relevant-posts': {
      get: operation({
        summary: 'Articles for a product type or stock status',
        access: 'public',
        query: relevantQuery,
        response: postsResponse,
      }),
    },
    '/api/ghost/blog/relevant/{topic}': {
      get: operation({
        summary: 'Articles relevant to a topic',
        access: 'public',
        params: z.object({ topic: searched }).required(),
        query: topicQuery,
        response: postsResponse,
      }),
    },
    '/api/ghost/images/{file}': {
      get: operation({
        summary: 'Cover image of a built-in article',
        access: 'public',
        params: z.object({ file: z.string() }),
        produces: 'image/svg+xml',
        errors: [404],
      }),
    },
    '/api/ghost/check-membership/{email}': {
      get: operation({
        summary: "Whether an address is a Ghost member (one's own address; any for admins)",
        access: 'user',
        params: z.object({ email }),
        response: membership,
        errors: [403, 502, 503],
      }),
    },
    '/api/ghost/sync-user': {
      post: operation({
        summary: "Copy a user to Ghost as a member (one's own address; any for admins)",
        access: 'user',
        body: syncBody,
        response: membership,
        errors: [403, 404, 502, 503],
      }),
    },
    '/api/ghost/sync-logs': {
      get: operation({
        summary: 'The member sync log, newest first',
        access: 'admin',
        query: logsQuery,
        response: z.object({
          success: z.literal(true),
          configured: z.boolean(),
          logs: z.array(z.looseObject({})),
          page: z.number().int(),
          limit: z.number().int(),
          total: z.number().int(),
          totalPages: z.number().int(),
        }),
      }),
    },
    '/api/ghost/webhook/member': {
      post: operation({
        summary: "Ghost's member webhook (member.added, member.edited, member.deleted)",
        description: "Takes Ghost's `{ member: { current, previous } }` or the member itself (as the API testing page sends it).",
        access: 'webhook',
        headers: ghostSignature,
        body: memberWebhookBody,
        response: z.object({ success: z.literal(true) }),
        errors: [503],
      }),
    },
    '/api/ghost/webhook/post': {
      post: operation({
        summary: "Ghost's post webhooks: the search index is refreshed",
        access: 'webhook',
        headers: ghostSignature,
        status: 202,
        response: z.object({ success: z.literal(true), refreshing: z.literal(true) }),
        errors: [503],
      }),
    },
  },
});

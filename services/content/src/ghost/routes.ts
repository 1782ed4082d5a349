import { Router } from 'express';
import { verifyGhostSignature } from './webhook-signature';
import type { PostIndex } from './post-index';

/**
 * Ghost's post webhooks (post.published, post.edited, post.unpublished, post.deleted…) all
 * point here: any of them means the index is behind, so it is refreshed in the background and
 * Ghost gets its answer at once (Ghost gives up on slow webhooks and retries them).
 */
export function postWebhookRoutes(options: { index?: PostIndex; webhookSecret?: string }): Router {
  const router = Router();
  router.post('/api/ghost/webhook/post', (req, res) => {
    if (options.webhookSecret) verifyGhostSignature(options.webhookSecret, req.get('x-ghost-signature'), req.body);
    if (!options.index) {
      res.status(503).json({ error: 'Ghost is not configured: set GHOST_URL and GHOST_CONTENT_API_KEY', code: 'GHOST_NOT_CONFIGURED' });
      return;
    }
    options.index.refresh().catch(() => undefined);
    res.status(202).json({ success: true, refreshing: true });
  });
  return router;
}

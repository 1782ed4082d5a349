import { Router } from 'express';
import { serviceUnavailable } from '@stockai/platform';
import type { PostIndex } from './post-index';
import { checkGhostWebhook } from './webhook-guard';

/**
 * Ghost's post webhooks (post.published, post.edited, post.unpublished, post.deleted…) all
 * point here: any of them means the index is behind, so it is refreshed in the background and
 * Ghost gets its answer at once (Ghost gives up on slow webhooks and retries them).
 */
export function postWebhookRoutes(options: { index?: PostIndex; webhookSecret?: string }): Router {
  const router = Router();
  router.post('/api/ghost/webhook/post', (req, res) => {
    if (!options.index)
      throw serviceUnavailable('Ghost is not configured: set GHOST_URL and GHOST_CONTENT_API_KEY', 'GHOST_NOT_CONFIGURED');
    checkGhostWebhook(req, options.webhookSecret, { allowAdmin: false });
    options.index.refresh().catch(() => undefined);
    res.status(202).json({ success: true, refreshing: true });
  });
  return router;
}

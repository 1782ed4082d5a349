import type { RequestHandler } from 'express';

/**
 * `Cache-Control: no-store` on every answer unless its route says otherwise. Credits, profiles,
 * payments, histories, analyses and admin pages are answers for one person, and a shared cache
 * (a proxy, a CDN) or the browser's disk must keep none of them; deciding it per route left
 * most of them without the header. So the shell decides it once: an answer that is the same
 * for everyone (the stock list, article covers) opts in to caching by setting its own header.
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

import type { RequestHandler } from 'express';
import { badRequest } from '../errors';

/**
 * Every query parameter is one piece of text, before any route sees it. The query parser keeps
 * a repeated name as an array (`q=a&q=b`) and a bracketed name as a name of its own (`q[]=x`
 * is `q[]`, so `q` looks absent: `stocks?q[]=x` answered the whole list). No route takes a
 * list or an object in its query, so both are a 400 naming the parameter here, once for all
 * routes, rather than a case each route's schema must remember.
 */
export const singleValuedQuery: RequestHandler = (req, _res, next) => {
  for (const [name, value] of Object.entries(req.query)) {
    const bracket = name.indexOf('[');
    if (bracket >= 0 || name.includes(']')) {
      const plain = name.slice(0, bracket >= 0 ? bracket : name.indexOf(']')) || name;
      throw badRequest(`${plain}: must be given once, as plain text (not as a list or an object)`, 'INVALID_QUERY');
    }
    if (typeof value !== 'string') throw badRequest(`${name}: must be given once, as plain text`, 'INVALID_QUERY');
  }
  next();
};

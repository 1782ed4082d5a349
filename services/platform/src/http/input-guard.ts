import type { RequestHandler } from 'express';
import { badRequest } from '../errors';
import { rawBodyOf } from './raw-body';

/** How a NUL is written in JSON text: the only way one can reach a parsed body. */
const JSON_NUL = Buffer.from('\\u0000');

/**
 * NUL characters anywhere in a JSON body are refused with a 400 naming the field, before a
 * route runs: PostgreSQL text cannot store them, so one reaching a query is an error there (a
 * 500 here), and no field of any route has a use for one. Other control characters stay
 * allowed in bodies, where a text may hold a tab or a line break; the path and the query
 * string are each route's to check, as their messages differ (plain-text.ts helps).
 */
export const rejectNulInBody: RequestHandler = (req, _res, next) => {
  if (rawBodyOf(req)?.includes(JSON_NUL)) {
    const field = fieldWithNul(req.body as unknown, []);
    if (field) throw badRequest(`${field.join('.') || 'body'}: must not contain control characters`, 'INVALID_CHARACTERS');
  }
  next();
};

/** The path of the first string (value or name) in `value` holding a NUL. */
function fieldWithNul(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    // A name holding a NUL cannot be shown: the object holding it is named instead.
    if (key.includes('\u0000')) return path;
    const found = fieldWithNul(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

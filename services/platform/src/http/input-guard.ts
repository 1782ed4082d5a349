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
    const field = fieldWithNul(req.body as unknown);
    if (field) throw badRequest(`${field.join('.') || 'body'}: must not contain control characters`, 'INVALID_CHARACTERS');
  }
  next();
};

/** How much of the path to a NUL a message names; deeper levels are left out. */
const MAX_NAMED_DEPTH = 16;

/**
 * The path of the first string (value or name) in `root` holding a NUL. Walked with a stack of
 * its own, not by recursion: a body nested thousands deep (a few kB of brackets) must get its
 * 400, not overflow the call stack.
 */
function fieldWithNul(root: unknown): string[] | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    // Pushed last to first, so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      // A name holding a NUL cannot be shown: the object holding it is named instead.
      if (key.includes('\u0000')) return path;
      stack.push({ value: child, path: path.length < MAX_NAMED_DEPTH ? [...path, key] : path });
    }
  }
  return undefined;
}

/** The deepest nesting a JSON body may have; no route's body goes past a few levels. */
export const MAX_BODY_DEPTH = 64;

/**
 * A JSON body nested deeper than MAX_BODY_DEPTH is refused with a 400. Parsing one is fine, but
 * a service passing it on (JSON.stringify in the admin service's call to billing) overflowed
 * the call stack: a 500 from a few kB of brackets. Walked with a stack of its own, as above, and
 * only when the text has more opening brackets than that many levels need: every JSON request
 * passes here, and nearly all have a handful.
 */
export const rejectDeepBody: RequestHandler = (req, _res, next) => {
  const raw = rawBodyOf(req);
  if (raw && openingBrackets(raw) <= MAX_BODY_DEPTH) {
    next();
    return;
  }
  const stack: Array<{ value: unknown; depth: number }> = [{ value: req.body as unknown, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_BODY_DEPTH) throw badRequest(`body: must not nest deeper than ${MAX_BODY_DEPTH} levels`, 'BODY_TOO_DEEP');
    for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
  }
  next();
};

/** How many `[` and `{` the text holds (inside strings too): at least its nesting depth. */
function openingBrackets(raw: Buffer): number {
  let count = 0;
  for (const byte of raw) if (byte === 0x5b || byte === 0x7b) count++;
  return count;
}

/** NUL and the other control characters (C0 and DEL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** U+FFFD: what the query parser makes of a byte that is not correctly percent-encoded. */
const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * True for text a person could have typed into a search box or an address: no control
 * characters (PostgreSQL refuses NUL in text; echoed back, the others garble messages and
 * logs) and nothing the query parser had to replace. For a zod `.refine` on query strings and
 * path parameters, with `PLAIN_TEXT_MESSAGE` or a message of the route's own.
 */
export const isPlainText = (text: string): boolean => !CONTROL_CHARACTER.test(text) && !text.includes(REPLACEMENT_CHARACTER);

export const PLAIN_TEXT_MESSAGE = 'must not contain control characters or badly encoded characters';

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from './logger';

/**
 * Fields an answer carries beside its message and code, for a client that acts on them (the
 * running analysis' id, the status of a stock that cannot be analysed); never `error` or `code`.
 */
export type ErrorDetails = Record<string, unknown> & { error?: never; code?: never };

/**
 * One error shape for every service: `{ "error": "<message>", "code": "<CODE>", ...details }`.
 * The message is for the user; the code is what a client decides on; details stay in the logs.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message = 'Forbidden', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, { 'Retry-After': String(retryAfterSeconds) });
export const serviceUnavailable = (message: string, code = 'SERVICE_UNAVAILABLE') => new AppError(503, code, message);

/** zod 4's default wrong-type message: "Invalid input: expected number, received undefined". */
const DEFAULT_TYPE_MESSAGE = /^Invalid input: expected (\w+), received (\w+)$/;

const withArticle = (type: string) => `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;

/**
 * `email: Invalid email address` — the first problem, with the field it is about. A missing
 * field reads "is required", a wrong type what was expected ("limit: expected a number").
 * zod 4 keeps the input on an issue only when parsed with `reportInput`; without it, a missing
 * field is told by the default message's "received undefined" (a schema's own wrong-type
 * message then shows as it is, missing or not).
 */
export function describeZodError(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.') || 'body';
  if (issue.code === 'invalid_type') {
    const defaultText = DEFAULT_TYPE_MESSAGE.exec(issue.message);
    const missing = 'input' in issue ? issue.input === undefined : defaultText?.[2] === 'undefined';
    if (missing) return `${field}: is required`;
    if (defaultText?.[1]) return `${field}: expected ${withArticle(defaultText[1])}`;
  }
  return issue.path.length > 0 ? `${field}: ${issue.message}` : issue.message;
}

interface HttpLikeError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return new AppError(400, 'VALIDATION_FAILED', describeZodError(err));
  // decodeURIComponent on a malformed path ("/api/stocks/%E0%A4%A"): express marks it status 400.
  if (err instanceof URIError && (err as HttpLikeError).status === 400) return new AppError(400, 'MALFORMED_URL', 'Malformed URL');
  // PostgreSQL cannot store NUL in text (22021, and 22P05 for a text it cannot convert): a value
  // from the path or query that reached a query unchecked is the caller's bad input, not a 500.
  const pgCode = (err as { code?: unknown } | null)?.code;
  if (pgCode === '22021' || pgCode === '22P05') {
    return new AppError(400, 'INVALID_CHARACTERS', 'The request contains a character that cannot be stored (such as NUL)');
  }
  const parser = err as HttpLikeError;
  switch (parser?.type) {
    case 'entity.parse.failed':
      return new AppError(400, 'INVALID_JSON', 'Request body is not valid JSON');
    case 'entity.too.large':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'UNSUPPORTED_ENCODING', 'Unsupported request body encoding');
    case 'request.aborted':
      return new AppError(400, 'REQUEST_ABORTED', 'Request was aborted');
  }
  // Errors from express middleware (http-errors) that are safe to show, e.g. a static 404.
  if (parser?.expose && typeof parser.status === 'number' && parser.status >= 400 && parser.status < 500) {
    return new AppError(parser.status, `HTTP_${parser.status}`, parser.message ?? 'Request failed');
  }
  return undefined;
}

/** The one error shape, `{ "error": "<message>", "code": "<CODE>", ...details }`, as JSON text. */
export const errorBody = (err: AppError): string => JSON.stringify({ error: err.message, code: err.code, ...err.details });

/**
 * Writes the one error answer on node's own response, so that Express apps (`errorHandler`) and
 * the gateway's API path, which runs without Express' response, send the same bytes. Anything
 * not known to be safe to show is logged with its details and answered as a bare 500; an error
 * after the answer has started can only cut the connection, which tells the client it is broken.
 */
export function writeError(err: unknown, req: IncomingMessage, res: ServerResponse, logger: Logger): void {
  const known = toAppError(err);
  if (!known) logger.error({ err, path: req.url, method: req.method }, 'unhandled error');
  else if (known.status >= 500) logger.error({ err, path: req.url }, known.message);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const answer = known ?? new AppError(500, 'INTERNAL', 'Internal server error');
  const body = errorBody(answer);
  res.writeHead(answer.status, {
    ...answer.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => writeError(err, req, res, logger);
}

/** The last route: an unknown path is answered by `errorHandler`, as every other error. */
export const notFoundHandler: RequestHandler = (req, _res, next) => next(notFound(`No route for ${req.method} ${req.path}`));

import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from './logger';

/**
 * One error shape for every service: `{ "error": "<message>", "code": "<CODE>" }`.
 * The message is for the user; details stay in the logs.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
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

/** `email: Invalid email address` — the first problem, with the field it is about. */
export function describeZodError(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field || 'body'}: is required`;
  return field ? `${field}: ${issue.message}` : issue.message;
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

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = toAppError(err);
    if (known) {
      if (known.status >= 500) logger.error({ err, path: req.path }, known.message);
      res.status(known.status).set(known.headers).json({ error: known.message, code: known.code });
      return;
    }
    logger.error({ err, path: req.path, method: req.method }, 'unhandled error');
    if (res.headersSent) return;
    res.status(500).json({ error: 'Internal server error', code: 'INTERNAL' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
};

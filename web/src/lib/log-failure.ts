import { ApiError } from './api-client';

/**
 * Logs a failed request to the console unless the server refused it with a 4xx: a wrong
 * password, an e-mail already taken or an expired link is the user's to fix and the form says
 * so; a console error with a stack for it would only bury the failures nobody expected (server
 * down, a bug), which are still logged.
 */
export function logUnexpectedFailure(context: string, error: unknown): void {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
  console.error(context, error);
}

/**
 * The public API's answers, one zod schema each, shared by the service that builds an answer,
 * its OpenAPI description (GET /api/openapi.json) and the web app that reads it.
 */
export * from './error';
export * from './auth';
export * from './billing';
export * from './analysis';
export * from './content';
export * from './admin';
export * from './watchlist';

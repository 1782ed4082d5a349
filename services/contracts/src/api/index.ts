/**
 * The response shapes of the public API: the services describe their routes with them
 * (OpenAPI, GET /api/openapi.json) and the web app types its calls with them.
 */
export * from './error';
export * from './accounts';
export * from './analysis';
export * from './blog';
export * from './catalogue';
export * from './credits';
export * from './stocks';

/**
 * The public API's answers, one zod schema each, shared by the service that builds an answer
 * and the web app that reads it.
 */
export * from './auth';
export * from './billing';
export * from './analysis';
export * from './content';
export * from './admin';

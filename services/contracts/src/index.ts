export * from './events';
export * from './internal';
export * from './risk-questionnaire';
export * from './blog-post';
export * from './analysis-results';
export * from './event-queues';
export * from './error-codes';
export * from './api';

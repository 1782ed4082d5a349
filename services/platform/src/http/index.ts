export * from './health';
export * from './request-id';
export * from './service-app';
export * from './rate-limit';
export * from './access-log';
export * from './idempotency-key';
export * from './plain-text';

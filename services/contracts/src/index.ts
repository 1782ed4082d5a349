export * from './events';
export * from './internal';

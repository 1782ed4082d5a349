export * from './handler';
export * from './merge';

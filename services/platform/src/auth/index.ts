export * from './tokens';
export * from './middleware';

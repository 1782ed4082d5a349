export * from './describe';
export * from './route';

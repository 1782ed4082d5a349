export * from './describe';
export * from './route';
export * from './operation-id';

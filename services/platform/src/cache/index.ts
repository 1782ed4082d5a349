export * from './types';
export { createMemoryCache, type MemoryCache, type MemoryCacheOptions } from './memory';
export { createRedisCache, type RedisCacheOptions } from './redis';

import net from 'node:net';
import { Redis } from 'ioredis';
import { testInfra, uniqueName } from '../testing';
import { createRedisCache } from './redis';
import type { Cache } from './types';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('createRedisCache', () => {
  const prefix = `${uniqueName('redis_cache')}:`;
  let redisUrl = '';
  let raw: Redis;
  const opened: Cache[] = [];
  const open = (keyPrefix = prefix) => {
    const cache = createRedisCache(redisUrl, { keyPrefix });
    opened.push(cache);
    return cache;
  };

  beforeAll(async () => {
    ({ redisUrl } = await testInfra());
    raw = new Redis(redisUrl);
  });

  afterAll(async () => {
    await Promise.all(opened.map((cache) => cache.close()));
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length) await raw.del(...keys);
    raw.disconnect();
  });

  it('stores each key under its prefix on the server', async () => {
    const sut = open();
    await sut.set('token', 'v', 60);
    await sut.incr('count', 60);
    expect(await raw.get(`${prefix}token`)).toBe('v');
    expect(await raw.get(`${prefix}count`)).toBe('1');
    expect(await raw.pttl(`${prefix}count`)).toBeGreaterThan(59_000);
    expect(await raw.exists('token', 'count')).toBe(0);
  });

  it('shares keys between connections with the same prefix, as processes do', async () => {
    const writer = open();
    const reader = open();
    await writer.set('shared', 'from-writer');
    expect(await reader.get('shared')).toBe('from-writer');
  });

  it('stays atomic when the racing calls come from several connections', async () => {
    const callers = Array.from({ length: 5 }, () => open());
    const counts = await Promise.all(Array.from({ length: 100 }, (_, i) => callers[i % 5]!.incr('multi-hits', 60)));
    expect(new Set(counts).size).toBe(100);
    expect(Math.max(...counts)).toBe(100);
    expect(await raw.pttl(`${prefix}multi-hits`)).toBeGreaterThan(0);
    const won = await Promise.all(Array.from({ length: 20 }, (_, i) => callers[i % 5]!.setIfAbsent('multi-lock', `${i}`, 60)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('rejects ping within seconds when Redis is down, and still closes', async () => {
    const sut = createRedisCache(`redis://127.0.0.1:${await closedPort()}`);
    const started = Date.now();
    await expect(sut.ping()).rejects.toThrow();
    await expect(sut.get('k')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(sut.close()).resolves.toBeUndefined();
  });
});

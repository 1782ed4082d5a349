import type { Cache } from './types';

/** Builds a cache whose keys live under `keyPrefix` (called once or more per test). */
export type MakeCache = (keyPrefix: string) => Cache | Promise<Cache>;

export interface ConformanceOptions {
  /**
   * Moves the clock of the caches `makeCache` builds. Without it (Redis) time passes for
   * real, and the expiry tests poll until the server has expired the key.
   */
  advanceClock?: (ms: number) => void;
}

/** Resolves once `check` returns true; rejects after `timeoutMs` without it. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The behaviour every Cache implementation shares, as jest tests. Each test gets caches
 * under a prefix of its own, so implementations backed by a shared server stay isolated.
 */
export function describeCacheConformance(name: string, makeCache: MakeCache, options: ConformanceOptions = {}): void {
  const advance = options.advanceClock ?? (() => undefined);

  describe(`Cache conformance: ${name}`, () => {
    const opened: Cache[] = [];
    let testNumber = 0;
    let prefix = '';
    let sut: Cache;

    const open = async (keyPrefix: string) => {
      const cache = await makeCache(keyPrefix);
      opened.push(cache);
      return cache;
    };

    beforeEach(async () => {
      prefix = `t${++testNumber}:`;
      sut = await open(prefix);
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((cache) => cache.close()));
    });

    it('returns null for a key never set', async () => {
      expect(await sut.get('missing')).toBeNull();
    });

    it('gets what was set, overwrites on set, and forgets on del', async () => {
      await sut.set('k', 'one');
      expect(await sut.get('k')).toBe('one');
      await sut.set('k', 'two');
      expect(await sut.get('k')).toBe('two');
      await sut.del('k');
      expect(await sut.get('k')).toBeNull();
      await expect(sut.del('k')).resolves.toBeUndefined();
    });

    it('keeps values as exact strings', async () => {
      const value = JSON.stringify({ text: '騰訊控股 0700.HK', n: 1.5 }) + '\n ';
      await sut.set('json', value);
      expect(await sut.get('json')).toBe(value);
    });

    it('reports ttl -2 for a missing key, -1 without TTL, and the seconds left otherwise', async () => {
      expect(await sut.ttl('missing')).toBe(-2);
      await sut.set('forever', 'v');
      expect(await sut.ttl('forever')).toBe(-1);
      await sut.set('brief', 'v', 60);
      const left = await sut.ttl('brief');
      expect(left).toBeGreaterThanOrEqual(59);
      expect(left).toBeLessThanOrEqual(60);
    });

    it('expires a key after its TTL', async () => {
      await sut.set('k', 'v', 1);
      await sut.set('stays', 'v', 60);
      expect(await sut.get('k')).toBe('v');
      advance(1000);
      await eventually(async () => (await sut.get('k')) === null);
      expect(await sut.ttl('k')).toBe(-2);
      expect(await sut.get('stays')).toBe('v');
    });

    it('drops the TTL when a key is set again without one', async () => {
      await sut.set('k', 'v', 60);
      await sut.set('k', 'w');
      expect(await sut.ttl('k')).toBe(-1);
    });

    it('rejects a TTL that is not a positive number of seconds', async () => {
      await expect(sut.set('k', 'v', 0)).rejects.toThrow(RangeError);
      await expect(sut.setIfAbsent('k', 'v', -1)).rejects.toThrow(RangeError);
      await expect(sut.incr('k', Number.NaN)).rejects.toThrow(RangeError);
      expect(await sut.get('k')).toBeNull();
    });

    it('sets only an absent key with setIfAbsent', async () => {
      expect(await sut.setIfAbsent('k', 'first')).toBe(true);
      expect(await sut.setIfAbsent('k', 'second')).toBe(false);
      expect(await sut.get('k')).toBe('first');
      expect(await sut.ttl('k')).toBe(-1);
      await sut.del('k');
      expect(await sut.setIfAbsent('k', 'third', 60)).toBe(true);
      expect(await sut.get('k')).toBe('third');
      expect(await sut.ttl('k')).toBeGreaterThan(0);
    });

    it('lets setIfAbsent take a key again once it has expired', async () => {
      expect(await sut.setIfAbsent('lock', 'a', 1)).toBe(true);
      expect(await sut.setIfAbsent('lock', 'b', 1)).toBe(false);
      advance(1000);
      await eventually(async () => (await sut.get('lock')) === null);
      expect(await sut.setIfAbsent('lock', 'c', 60)).toBe(true);
      expect(await sut.get('lock')).toBe('c');
    });

    // The races go through one cache: a client-side read-then-write would already lose,
    // since every read is answered before any write. Races across connections are Redis's own test.
    it('gives a key to exactly one of 20 racing setIfAbsent calls', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => sut.setIfAbsent('race', `caller-${i}`, 60)));
      const winners = results.flatMap((won, i) => (won ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(await sut.get('race')).toBe(`caller-${winners[0]}`);
    });

    it('counts from 1 with incr', async () => {
      expect(await sut.incr('n')).toBe(1);
      expect(await sut.incr('n')).toBe(2);
      expect(await sut.get('n')).toBe('2');
      expect(await sut.ttl('n')).toBe(-1);
      await sut.set('m', '41');
      expect(await sut.incr('m')).toBe(42);
    });

    it('loses no increment among 100 parallel incr calls', async () => {
      const results = await Promise.all(Array.from({ length: 100 }, () => sut.incr('hits', 60)));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(await sut.get('hits')).toBe('100');
      expect(await sut.ttl('hits')).toBeGreaterThan(0);
    });

    it('sets the TTL of incr when it creates the key, and only then', async () => {
      expect(await sut.incr('window', 60)).toBe(1);
      expect(await sut.ttl('window')).toBeGreaterThanOrEqual(59);
      expect(await sut.incr('window', 600)).toBe(2);
      expect(await sut.ttl('window')).toBeLessThanOrEqual(60);
      await sut.set('plain', '7');
      expect(await sut.incr('plain', 60)).toBe(8);
      expect(await sut.ttl('plain')).toBe(-1);
    });

    it('starts a new count with a new TTL after an incr key expires', async () => {
      expect(await sut.incr('window', 1)).toBe(1);
      expect(await sut.incr('window', 1)).toBe(2);
      advance(1000);
      await eventually(async () => (await sut.ttl('window')) === -2);
      expect(await sut.incr('window', 60)).toBe(1);
      expect(await sut.ttl('window')).toBeGreaterThanOrEqual(59);
    });

    it('rejects incr of a value that is not an integer and leaves it alone', async () => {
      await sut.set('word', 'abc');
      await expect(sut.incr('word')).rejects.toThrow(/not an integer/);
      await expect(sut.incr('word', 60)).rejects.toThrow(/not an integer/);
      expect(await sut.get('word')).toBe('abc');
      expect(await sut.ttl('word')).toBe(-1);
    });

    it('keeps caches with different key prefixes apart', async () => {
      const other = await open(`${prefix}other:`);
      await sut.set('shared-name', 'mine');
      await other.set('shared-name', 'theirs');
      expect(await sut.get('shared-name')).toBe('mine');
      expect(await other.get('shared-name')).toBe('theirs');
      await sut.incr('count');
      await sut.incr('count');
      expect(await other.incr('count')).toBe(1);
      await other.del('shared-name');
      expect(await sut.get('shared-name')).toBe('mine');
      expect(await other.get('shared-name')).toBeNull();
      expect(await other.setIfAbsent('only-mine', 'x')).toBe(true);
      expect(await sut.ttl('only-mine')).toBe(-2);
    });

    it('answers ping while open and rejects calls once closed', async () => {
      await expect(sut.ping()).resolves.toBeUndefined();
      const closing = await open(prefix);
      await closing.close();
      await expect(closing.get('k')).rejects.toThrow();
    });
  });
}

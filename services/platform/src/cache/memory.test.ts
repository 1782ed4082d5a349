import { createMemoryCache } from './memory';

describe('createMemoryCache', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('expires a key exactly when its TTL has passed', async () => {
    const sut = createMemoryCache({ clock });
    await sut.set('k', 'v', 2);
    now += 1999;
    expect(await sut.get('k')).toBe('v');
    expect(await sut.ttl('k')).toBe(0);
    now += 1;
    expect(await sut.get('k')).toBeNull();
  });

  it('rounds the seconds left to the nearest second, as Redis does', async () => {
    const sut = createMemoryCache({ clock });
    await sut.set('k', 'v', 10);
    now += 4400;
    expect(await sut.ttl('k')).toBe(6);
    now += 200;
    expect(await sut.ttl('k')).toBe(5);
  });

  it('keeps the TTL of a counter while incr counts', async () => {
    const sut = createMemoryCache({ clock });
    await sut.incr('n', 10);
    now += 6000;
    expect(await sut.incr('n', 10)).toBe(2);
    expect(await sut.ttl('n')).toBe(4);
  });

  it('evicts expired keys that are never read again', async () => {
    const sut = createMemoryCache({ clock });
    for (let i = 0; i < 1000; i++) await sut.set(`session:${i}`, 'v', 1);
    await sut.set('kept', 'v');
    await sut.set('kept-with-ttl', 'v', 60);
    expect(sut.size()).toBe(1002);
    now += 1000;
    await sut.set('trigger', 'v');
    expect(sut.size()).toBe(3);
    expect(await sut.get('kept-with-ttl')).toBe('v');
  });

  it('sweeps at most once a second of clock time', async () => {
    const sut = createMemoryCache({ clock });
    now += 1000;
    await sut.ping();
    await sut.set('a', 'v', 0.5);
    now += 600;
    await sut.set('b', 'v');
    expect(sut.size()).toBe(2);
    now += 400;
    await sut.set('c', 'v');
    expect(sut.size()).toBe(2);
  });
});

import { topicMatches } from './topic';

describe('topicMatches', () => {
  it.each([
    ['user.registered', 'user.registered', true],
    ['user.registered', 'user.updated', false],
    ['user.registered', 'user.registered.extra', false],
    ['user.*', 'user.registered', true],
    ['user.*', 'user', false],
    ['user.*', 'user.a.b', false],
    ['*.failed', 'payment.failed', true],
    ['*.failed', 'analysis.job.failed', false],
    ['*.*', 'a.b', true],
    ['*', '', false],
    ['user.#', 'user', true],
    ['user.#', 'user.registered', true],
    ['user.#', 'user.a.b.c', true],
    ['user.#', 'users.registered', false],
    ['#', '', true],
    ['#', 'anything.at.all', true],
    ['#.failed', 'failed', true],
    ['#.failed', 'analysis.job.failed', true],
    ['#.failed', 'analysis.failed.late', false],
    ['a.#.z', 'a.z', true],
    ['a.#.z', 'a.b.c.z', true],
    ['a.#.z', 'a.b.c', false],
    ['a.*.#', 'a', false],
    ['a.*.#', 'a.b', true],
    ['a.#.*', 'a.b.c', true],
    ['#.#', 'a', true],
    ['a.#.#.b', 'a.x.b.y.b', true],
    ['a.#.b.#.c', 'a.b.x.c.b', false],
  ])('%s against %s is %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });

  it('stays fast with many # wildcards on a long key', () => {
    const pattern = Array(30).fill('#').join('.') + '.never';
    const key = Array(200).fill('w').join('.');
    const started = Date.now();
    expect(topicMatches(pattern, key)).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

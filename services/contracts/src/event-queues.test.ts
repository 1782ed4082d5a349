import { allEventQueues, eventQueue, eventQueues } from './event-queues';

describe('event queues', () => {
  it('gives each subscription its own copy of the patterns', () => {
    const sut = eventQueue('billing.user-directory');
    sut.patterns.push('user.deleted');

    expect(eventQueue('billing.user-directory')).toEqual({
      queue: 'billing.user-directory',
      patterns: ['user.registered', 'user.updated'],
    });
  });

  it('lists every queue once for a bus to declare', () => {
    const sut = allEventQueues();

    expect(sut.map((q) => q.queue)).toEqual(Object.keys(eventQueues));
    expect(sut).toContainEqual({ queue: 'billing.user-registered', patterns: ['user.registered'] });
  });
});

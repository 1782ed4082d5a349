import { newEvent } from './envelope';

describe('newEvent', () => {
  it('stamps a new event with a uuid, the time and version 1', () => {
    const before = Date.now();
    const sut = newEvent('user.registered', { userId: 'u-1' });

    expect(sut).toEqual({
      id: expect.any(String),
      type: 'user.registered',
      version: 1,
      occurredAt: expect.any(String),
      data: { userId: 'u-1' },
    });
    expect(sut.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Date(sut.occurredAt).toISOString()).toBe(sut.occurredAt);
    expect(Date.parse(sut.occurredAt)).toBeGreaterThanOrEqual(before);
    expect(newEvent('user.registered', {}).id).not.toBe(sut.id);
  });

  it('takes another version', () => {
    expect(newEvent('analysis.completed', {}, 2).version).toBe(2);
  });

  it('carries no traceparent when tracing is off', () => {
    expect('traceparent' in newEvent('user.updated', {})).toBe(false);
  });
});

import { circuitBreaker } from './circuit-breaker';

describe('circuitBreaker', () => {
  let clock = 0;
  const sut = () => circuitBreaker({ threshold: 2, cooldownMs: 1000, now: () => clock });
  beforeEach(() => {
    clock = 0;
  });

  it('opens after the threshold of failures in a row, not after failures between successes', () => {
    const breaker = sut();
    breaker.failed();
    breaker.succeeded();
    breaker.failed();
    expect(breaker.state).toBe('closed');
    expect(breaker.allow()).toBe(true);
    breaker.failed();
    expect(breaker.state).toBe('open');
    expect(breaker.allow()).toBe(false);
  });

  it('lets one trial through after the cooldown; success closes it, failure reopens it', () => {
    const breaker = sut();
    breaker.failed();
    breaker.failed();
    clock = 1000;
    expect(breaker.state).toBe('half-open');
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false); // only one trial at a time
    breaker.failed();
    expect(breaker.state).toBe('open');
    clock = 2000;
    expect(breaker.allow()).toBe(true);
    breaker.succeeded();
    expect(breaker.state).toBe('closed');
    expect(breaker.allow()).toBe(true);
  });
});

import { type FailedAttempt, Replicas, callReplicas, maySendAgain } from './replicas';

describe('Replicas', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('takes the replicas in turn', () => {
    const sut = new Replicas(['a', 'b', 'c']);
    expect(Array.from({ length: 7 }, () => sut.pick().target)).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('picks another replica than the ones a request already tried', () => {
    const sut = new Replicas(['a', 'b', 'c']);
    const first = sut.pick();
    const second = sut.pick([first]);
    const third = sut.pick([first, second]);
    expect([first, second, third].map((r) => r.target)).toEqual(['a', 'b', 'c']);
    // All tried: one of them all the same, never none.
    expect(['a', 'b', 'c']).toContain(sut.pick([first, second, third]).target);
  });

  it('skips a replica for 5 s after 3 refused connections in a row, then tries it again', () => {
    const time = clock();
    const ejected: string[] = [];
    const recovered: string[] = [];
    const sut = new Replicas(['a', 'b'], {
      now: time.now,
      onEject: (r) => ejected.push(r.target),
      onRecover: (r) => recovered.push(r.target),
    });
    const [a] = sut.all;
    if (!a) throw new Error('no replica');
    sut.refused(a);
    sut.refused(a);
    expect(Array.from({ length: 4 }, () => sut.pick().target)).toEqual(['a', 'b', 'a', 'b']);
    sut.refused(a);
    expect(ejected).toEqual(['a']);
    expect(Array.from({ length: 4 }, () => sut.pick().target)).toEqual(['b', 'b', 'b', 'b']);
    time.advance(4999);
    expect(sut.pick().target).toBe('b');
    time.advance(1);
    expect(Array.from({ length: 2 }, () => sut.pick().target).sort()).toEqual(['a', 'b']);
    expect(recovered).toEqual([]);
    sut.answered(a);
    expect(recovered).toEqual(['a']);
    expect(Array.from({ length: 4 }, () => sut.pick().target).sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('skips a replica again at once when its trial is refused, and says so only once', () => {
    const time = clock();
    const ejected: string[] = [];
    const sut = new Replicas(['a', 'b'], { now: time.now, onEject: (r) => ejected.push(r.target) });
    const a = sut.all[0];
    if (!a) throw new Error('no replica');
    for (let i = 0; i < 3; i++) sut.refused(a);
    time.advance(5000);
    sut.refused(a);
    expect(Array.from({ length: 3 }, () => sut.pick().target)).toEqual(['b', 'b', 'b']);
    expect(ejected).toEqual(['a']);
  });

  it('still sends to a skipped replica when every replica is skipped: the one back soonest', () => {
    const time = clock();
    const sut = new Replicas(['a', 'b'], { now: time.now });
    const [a, b] = sut.all;
    if (!a || !b) throw new Error('no replica');
    for (let i = 0; i < 3; i++) sut.refused(b);
    time.advance(1000);
    for (let i = 0; i < 3; i++) sut.refused(a);
    expect([sut.pick().target, sut.pick().target]).toEqual(['b', 'b']);
    expect(sut.pick([b]).target).toBe('a');
  });

  it('keeps sending to a single replica whatever it did', () => {
    const sut = new Replicas(['only']);
    const only = sut.all[0];
    if (!only) throw new Error('no replica');
    for (let i = 0; i < 5; i++) sut.refused(only);
    expect(sut.pick([only]).target).toBe('only');
  });

  it('refuses an empty list', () => {
    expect(() => new Replicas([])).toThrow('a service needs at least one replica');
  });
});

describe('maySendAgain', () => {
  const attempt = (change: Partial<FailedAttempt>): FailedAttempt => ({
    method: 'GET',
    code: 'ECONNRESET',
    idempotencyKey: false,
    replayable: true,
    answered: false,
    ...change,
  });

  it('sends a refused request again whatever its method: it never left', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect({ method, again: maySendAgain(attempt({ method, code: 'ECONNREFUSED' })) }).toEqual({ method, again: true });
    }
  });

  it('sends a request the replica may have received again only when repeating it is safe', () => {
    for (const code of ['ECONNRESET', 'EPIPE']) {
      expect(maySendAgain(attempt({ code, method: 'GET' }))).toBe(true);
      expect(maySendAgain(attempt({ code, method: 'HEAD' }))).toBe(true);
      expect(maySendAgain(attempt({ code, method: 'POST', idempotencyKey: true }))).toBe(true);
      expect(maySendAgain(attempt({ code, method: 'POST' }))).toBe(false);
      expect(maySendAgain(attempt({ code, method: 'DELETE' }))).toBe(false);
      expect(maySendAgain(attempt({ code, method: 'PATCH', idempotencyKey: true }))).toBe(false);
    }
  });

  it('never sends again after a byte of the answer, with a body that is gone, or after a timeout', () => {
    expect(maySendAgain(attempt({ code: 'ECONNREFUSED', answered: true }))).toBe(false);
    expect(maySendAgain(attempt({ code: 'ECONNREFUSED', method: 'POST', replayable: false }))).toBe(false);
    expect(maySendAgain(attempt({ code: 'ETIMEDOUT' }))).toBe(false);
    expect(maySendAgain(attempt({ code: undefined }))).toBe(false);
  });
});

describe('callReplicas', () => {
  const failure = (code: string) => Object.assign(new Error(code), { code });

  it('sends a call the first replica refused to the next one', async () => {
    const sut = new Replicas(['a', 'b']);
    const seen: string[] = [];
    const answer = await callReplicas(sut, { method: 'POST', idempotencyKey: false }, async (target) => {
      seen.push(target);
      if (target === 'a') throw failure('ECONNREFUSED');
      return `answered by ${target}`;
    });
    expect(answer).toBe('answered by b');
    expect(seen).toEqual(['a', 'b']);
    expect(sut.all[0]?.failures).toBe(1);
  });

  it('sends a call that may have arrived again only when it may be repeated', async () => {
    const reset = async (target: string) => {
      if (target === 'a') throw failure('ECONNRESET');
      return target;
    };
    await expect(callReplicas(new Replicas(['a', 'b']), { method: 'POST', idempotencyKey: true }, reset)).resolves.toBe('b');
    await expect(callReplicas(new Replicas(['a', 'b']), { method: 'POST', idempotencyKey: false }, reset)).rejects.toThrow('ECONNRESET');
  });

  it('gives up after each replica once and one more, with the last failure', async () => {
    let calls = 0;
    const refusing = async (): Promise<string> => {
      calls++;
      throw failure('ECONNREFUSED');
    };
    await expect(callReplicas(new Replicas(['a', 'b']), { method: 'GET', idempotencyKey: false }, refusing)).rejects.toThrow(
      'ECONNREFUSED',
    );
    expect(calls).toBe(3);
  });
});

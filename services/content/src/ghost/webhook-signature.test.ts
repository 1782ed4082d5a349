import { ghostSignature, verifyGhostSignature } from './webhook-signature';

describe('verifyGhostSignature', () => {
  const body = { member: { current: { email: 'amy@example.com', name: '陳美' } } };
  const now = 1_780_000_000_000;

  it('accepts what Ghost signs with the same secret', () => {
    expect(() => verifyGhostSignature('s3cret', ghostSignature('s3cret', body, now), body, now)).not.toThrow();
  });

  it.each([
    ['no header', undefined],
    ['a malformed header', 'sha256=zz'],
    ['another secret', ghostSignature('other', body, now)],
    ['an old timestamp', ghostSignature('s3cret', body, now - 6 * 60 * 1000)],
  ])('refuses %s with a 401', (_, header) => {
    expect(() => verifyGhostSignature('s3cret', header, body, now)).toThrow(expect.objectContaining({ status: 401, code: 'INVALID_SIGNATURE' }));
  });

  it('refuses a body changed after signing', () => {
    const header = ghostSignature('s3cret', body, now);
    expect(() => verifyGhostSignature('s3cret', header, { ...body, extra: 1 }, now)).toThrow(expect.objectContaining({ status: 401 }));
  });
});

import { ghostSignature, verifyGhostSignature } from './webhook-signature';

describe('verifyGhostSignature', () => {
  const body = { member: { current: { email: 'amy@example.com', name: '陳美' } } };
  const raw = Buffer.from(JSON.stringify(body));
  const now = 1_780_000_000_000;

  it('accepts what Ghost signs with the same secret', () => {
    expect(() => verifyGhostSignature('s3cret', ghostSignature('s3cret', body, now), raw, now)).not.toThrow();
  });

  it('checks the bytes as sent, also where they differ from a re-serialised parse', () => {
    const spaced = '{ "member": { "current": { "email": "amy@example.com", "name": "\\u9673\\u7f8e" } } }';
    expect(() => verifyGhostSignature('s3cret', ghostSignature('s3cret', spaced, now), Buffer.from(spaced), now)).not.toThrow();
    expect(() => verifyGhostSignature('s3cret', ghostSignature('s3cret', JSON.parse(spaced), now), Buffer.from(spaced), now)).toThrow(
      expect.objectContaining({ status: 401 }),
    );
  });

  it.each([
    ['no header', undefined],
    ['a malformed header', 'sha256=zz'],
    ['another secret', ghostSignature('other', body, now)],
    ['an old timestamp', ghostSignature('s3cret', body, now - 6 * 60 * 1000)],
  ])('refuses %s with a 401', (_, header) => {
    expect(() => verifyGhostSignature('s3cret', header, raw, now)).toThrow(
      expect.objectContaining({ status: 401, code: 'INVALID_SIGNATURE' }),
    );
  });

  it('refuses a body changed after signing, and a signed call without a body', () => {
    const header = ghostSignature('s3cret', body, now);
    expect(() => verifyGhostSignature('s3cret', header, Buffer.from(JSON.stringify({ ...body, extra: 1 })), now)).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    expect(() => verifyGhostSignature('s3cret', header, undefined, now)).toThrow(expect.objectContaining({ status: 401 }));
  });
});

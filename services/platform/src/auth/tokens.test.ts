import { createPublicKey, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { createMemoryCache } from '../cache/memory';
import {
  RevocationList,
  createTokenVerifier,
  generateRsaKeyPair,
  jsonWebKeySet,
  keyId,
  loadOrCreateKeyPair,
  signAccessToken,
  verifyAccessToken,
} from './tokens';

const keys = generateRsaKeyPair();
const user = { id: '4c1b7f7e-2a55-4f0e-8d0b-1f4f7b0c9e21', role: 'user' as const };

describe('access tokens', () => {
  it('carry id, role, token id and expiry, and verify with the public key', () => {
    const { token, tokenId, expiresAt } = signAccessToken(keys.privateKey, user, 3600);
    const sut = verifyAccessToken(token, keys.publicKey);
    expect(sut).toMatchObject({ id: user.id, role: 'user', tokenId, expiresAt });
  });

  it('reject another key, an expired token, a symmetric (HS256) forgery and garbage', () => {
    const other = generateRsaKeyPair();
    expect(verifyAccessToken(signAccessToken(other.privateKey, user, 3600).token, keys.publicKey)).toBeUndefined();
    expect(verifyAccessToken(signAccessToken(keys.privateKey, user, -10).token, keys.publicKey)).toBeUndefined();
    const forged = jwt.sign({ role: 'admin' }, keys.publicKey, {
      algorithm: 'HS256',
      subject: user.id,
      jwtid: 'x',
      issuer: 'stockai-auth',
    });
    expect(verifyAccessToken(forged, keys.publicKey)).toBeUndefined();
    expect(verifyAccessToken('not-a-token', keys.publicKey)).toBeUndefined();
  });

  it('keeps the embedded key pair across restarts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const first = loadOrCreateKeyPair(dir);
    expect(loadOrCreateKeyPair(dir)).toEqual(first);
  });
});

describe('createTokenVerifier', () => {
  it('remembers a verified token until its expiry, then refuses it', () => {
    let now = Math.floor(Date.now() / 1000);
    const verify = createTokenVerifier(keys.publicKey, { now: () => now });
    const { token, expiresAt } = signAccessToken(keys.privateKey, user, 60);
    const first = verify(token);
    expect(first).toMatchObject({ id: user.id, expiresAt });
    expect(verify(token)).toBe(first);
    now = expiresAt;
    expect(verify(token)).toBeUndefined();
  });

  it('verifies any other text afresh, and holds at most maxEntries tokens', () => {
    const verify = createTokenVerifier(keys.publicKey, { maxEntries: 2 });
    const tokens = [1, 2, 3].map(() => signAccessToken(keys.privateKey, user, 3600).token);
    const callers = tokens.map((t) => verify(t));
    const [oldest, , newest] = tokens as [string, string, string];
    expect(verify(newest)).toBe(callers[2]);
    // The oldest was dropped to make room: verified again, it is an equal but new object.
    expect(verify(oldest)).toEqual(callers[0]);
    expect(verify(oldest)).not.toBe(callers[0]);
    expect(verify(`${newest.slice(0, -4)}AAAA`)).toBeUndefined();
    expect(verify(signAccessToken(generateRsaKeyPair().privateKey, user, 3600).token)).toBeUndefined();
  });
});

describe('RevocationList', () => {
  it('revokes one token for its remaining lifetime only', async () => {
    const cache = createMemoryCache();
    const sut = new RevocationList(cache);
    const a = verifyAccessToken(signAccessToken(keys.privateKey, user, 600).token, keys.publicKey)!;
    const b = verifyAccessToken(signAccessToken(keys.privateKey, user, 600).token, keys.publicKey)!;
    await sut.revoke(a);
    expect(await sut.isRevoked(a)).toBe(true);
    expect(await sut.isRevoked(b)).toBe(false);
    const ttl = await cache.ttl(`revoked:${a.tokenId}`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('revokes every token of a user issued before the cut-off, to the millisecond', async () => {
    let now = 1_000_000_000;
    const sut = new RevocationList(createMemoryCache(), () => now);
    const token = (tokenId: string, issuedAtMs: number) => ({
      id: user.id,
      role: 'user' as const,
      tokenId,
      issuedAt: Math.floor(issuedAtMs / 1000),
      issuedAtMs,
      expiresAt: Math.floor(now / 1000) + 600,
    });
    const sameSecondBefore = token('t1', now - 1);
    await sut.revokeAllFor(user.id, 3600);
    now += 1;
    const after = token('t2', now);
    expect(await sut.isRevoked(sameSecondBefore)).toBe(true);
    expect(await sut.isRevoked(after)).toBe(false);
    const other = { ...token('t3', now - 10), id: '9b2f3c4d-0000-4000-8000-000000000000' };
    expect(await sut.isRevoked(other)).toBe(false);
  });

  it('reads the issue time in milliseconds from the token', () => {
    const before = Date.now();
    const caller = verifyAccessToken(signAccessToken(keys.privateKey, user, 600).token, keys.publicKey)!;
    expect(caller.issuedAtMs).toBeGreaterThanOrEqual(before);
    expect(caller.issuedAtMs).toBeLessThanOrEqual(Date.now());
    // jsonwebtoken reads the clock for iat itself, possibly just after a second boundary.
    expect([0, 1]).toContain(caller.issuedAt - Math.floor(caller.issuedAtMs / 1000));
  });
});

describe('signing key rotation with a key set', () => {
  const oldPair = generateRsaKeyPair();
  const newPair = generateRsaKeyPair();
  const subject = { id: randomUUID(), role: 'user' as const };
  const kidOf = (token: string) => (jwt.decode(token, { complete: true })?.header as { kid?: string }).kid;

  it('names the signing key in the kid header, the same id the key set gives that key', () => {
    const { token } = signAccessToken(oldPair.privateKey, subject, 60);
    expect(kidOf(token)).toBe(keyId(createPublicKey(oldPair.publicKey)));
    expect(jsonWebKeySet(oldPair.publicKey).keys.map((k) => k.kid)).toEqual([kidOf(token)]);
  });

  it('verifies tokens of the old and the new key while both are in the set, then only the new key', () => {
    const both = `${oldPair.publicKey}\n${newPair.publicKey}`;
    // Step 1: every verifier gets both public keys; auth still signs with the old one.
    const signedBefore = signAccessToken(oldPair.privateKey, subject, 60).token;
    // Step 2: auth signs with the new key; tokens from before keep working.
    const signedAfter = signAccessToken(newPair.privateKey, subject, 60).token;
    expect(verifyAccessToken(signedBefore, both)?.id).toBe(subject.id);
    expect(verifyAccessToken(signedAfter, both)?.id).toBe(subject.id);
    expect(jsonWebKeySet(both).keys.map((k) => k.kid)).toEqual([kidOf(signedBefore), kidOf(signedAfter)]);
    // Step 3: once the old tokens have expired, the old key leaves the set.
    expect(verifyAccessToken(signedAfter, newPair.publicKey)?.id).toBe(subject.id);
    expect(verifyAccessToken(signedBefore, newPair.publicKey)).toBeUndefined();
  });

  it('refuses a token naming a key outside the set, and one whose kid names a key that did not sign it', () => {
    const stranger = generateRsaKeyPair();
    const both = `${oldPair.publicKey}\n${newPair.publicKey}`;
    expect(verifyAccessToken(signAccessToken(stranger.privateKey, subject, 60).token, both)).toBeUndefined();
    const forged = jwt.sign({ role: 'admin', iat_ms: Date.now() }, stranger.privateKey, {
      algorithm: 'RS256',
      keyid: keyId(createPublicKey(newPair.publicKey)),
      subject: subject.id,
      jwtid: randomUUID(),
      issuer: 'stockai-auth',
      expiresIn: 60,
    });
    expect(verifyAccessToken(forged, both)).toBeUndefined();
  });

  it('still verifies a token signed before key ids (no kid) against each key of the set', () => {
    const legacy = jwt.sign({ role: 'user', iat_ms: Date.now() }, oldPair.privateKey, {
      algorithm: 'RS256',
      subject: subject.id,
      jwtid: randomUUID(),
      issuer: 'stockai-auth',
      expiresIn: 60,
    });
    expect(verifyAccessToken(legacy, `${newPair.publicKey}\n${oldPair.publicKey}`)?.id).toBe(subject.id);
  });
});

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { createMemoryCache } from '../cache/memory';
import { RevocationList, generateRsaKeyPair, loadOrCreateKeyPair, signAccessToken, verifyAccessToken } from './tokens';

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
    const forged = jwt.sign({ role: 'admin' }, keys.publicKey, { algorithm: 'HS256', subject: user.id, jwtid: 'x', issuer: 'stockai-auth' });
    expect(verifyAccessToken(forged, keys.publicKey)).toBeUndefined();
    expect(verifyAccessToken('not-a-token', keys.publicKey)).toBeUndefined();
  });

  it('keeps the embedded key pair across restarts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const first = loadOrCreateKeyPair(dir);
    expect(loadOrCreateKeyPair(dir)).toEqual(first);
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

  it('revokes every token of a user issued before the cut-off', async () => {
    let now = 1_000_000;
    const sut = new RevocationList(createMemoryCache(), () => now);
    const old = { id: user.id, role: 'user' as const, tokenId: 't1', issuedAt: now - 10, expiresAt: now + 600 };
    await sut.revokeAllFor(user.id, 3600);
    now += 5;
    const fresh = { ...old, tokenId: 't2', issuedAt: now };
    expect(await sut.isRevoked(old)).toBe(true);
    expect(await sut.isRevoked(fresh)).toBe(false);
  });
});

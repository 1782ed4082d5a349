import { type KeyObject, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import type { Cache } from '../cache/types';

export type Role = 'user' | 'admin';

/** Who is calling, as proven by a verified, unrevoked access token. */
export interface Caller {
  id: string;
  role: Role;
  tokenId: string;
  /** Seconds since the epoch (the JWT's iat). */
  issuedAt: number;
  /** Milliseconds since the epoch: the token's `iat_ms` claim, else `iat` × 1000. */
  issuedAtMs: number;
  expiresAt: number;
}

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * Embedded mode: the RS256 key pair lives under the data folder and is created on first
 * start, so tokens survive a restart. The distributed shape passes the keys in the
 * environment instead (only auth gets the private key).
 */
export function loadOrCreateKeyPair(dir: string): KeyPair {
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true });
    const pair = generateRsaKeyPair();
    writeFileSync(privatePath, pair.privateKey, { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKey);
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}

export function generateRsaKeyPair(): KeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const ISSUER = 'stockai-auth';

/**
 * Parsed keys by PEM text. jsonwebtoken parses a PEM string on every call, which was the
 * largest single cost of a gateway request; a process holds one or two keys.
 */
const parsedKeys = new Map<string, KeyObject>();
function keyObject(pem: string, parse: (pem: string) => KeyObject): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = parse(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

/**
 * Key rotation (docs/operations.md, "Rotate the token signing key"). The public key a process
 * verifies with may be a key set: several PEM blocks one after the other. A token names its
 * key in its `kid` header, the key's RFC 7638 thumbprint, so signer and verifiers agree on it
 * without configuring names; a new key signs while tokens signed by the old one still verify
 * until it is taken out of the set.
 */
export interface PublicKeySet {
  byKid: Map<string, KeyObject>;
  keys: KeyObject[];
}

const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g;
const keySets = new Map<string, PublicKeySet>();

/** The keys of a PEM key set, by key id (cached: processes verify with one or two sets). */
export function publicKeySet(pems: string): PublicKeySet {
  let set = keySets.get(pems);
  if (!set) {
    const keys = [...pems.matchAll(PEM_BLOCK)].map((m) => createPublicKey(m[0]));
    if (keys.length === 0) throw new Error('the JWT public key holds no PEM block');
    set = { keys, byKid: new Map(keys.map((key) => [keyId(key), key])) };
    keySets.set(pems, set);
  }
  return set;
}

/** RFC 7638 thumbprint of an RSA public key: SHA-256 of its canonical JWK, base64url. */
export function keyId(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'RSA') throw new Error(`only RSA keys sign access tokens, not ${jwk.kty}`);
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
}

/** The key set as a JSON Web Key Set, for anyone verifying tokens outside these processes. */
export function jsonWebKeySet(pems: string): { keys: Array<Record<string, unknown>> } {
  return {
    keys: publicKeySet(pems).keys.map((key) => ({ ...key.export({ format: 'jwk' }), kid: keyId(key), use: 'sig', alg: 'RS256' })),
  };
}

const signingKids = new Map<string, string>();
function signingKid(privateKey: string): string {
  let kid = signingKids.get(privateKey);
  if (!kid) {
    kid = keyId(createPublicKey(keyObject(privateKey, createPrivateKey)));
    signingKids.set(privateKey, kid);
  }
  return kid;
}

export function signAccessToken(
  privateKey: string,
  subject: { id: string; role: Role },
  lifetimeSeconds: number,
): { token: string; tokenId: string; expiresAt: number } {
  const tokenId = randomUUID();
  // iat_ms: revocation of "every token issued before now" (password change) must not spare a
  // token issued earlier in the same second, which iat alone cannot tell apart.
  const token = jwt.sign({ role: subject.role, iat_ms: Date.now() }, keyObject(privateKey, createPrivateKey), {
    algorithm: 'RS256',
    keyid: signingKid(privateKey),
    subject: subject.id,
    jwtid: tokenId,
    issuer: ISSUER,
    expiresIn: lifetimeSeconds,
  });
  const { exp } = jwt.decode(token) as { exp: number };
  return { token, tokenId, expiresAt: exp };
}

/**
 * Verifies signature, issuer, expiry and shape against the key the token names (`kid`) in the
 * key set `publicKey`; a token without `kid` (signed before key ids) against each key of the
 * set. Revocation is checked by the revocation list.
 */
export function verifyAccessToken(token: string, publicKey: string, nowSeconds?: number): Caller | undefined {
  try {
    const set = publicKeySet(publicKey);
    const kid = jwt.decode(token, { complete: true })?.header.kid;
    const candidates = kid === undefined ? set.keys : [set.byKid.get(kid)].filter((k): k is KeyObject => k !== undefined);
    const claims = verifiedClaims(token, candidates, nowSeconds);
    if (!claims) return undefined;
    const role = claims.role;
    if (!claims.sub || !claims.jti || (role !== 'user' && role !== 'admin') || !claims.iat || !claims.exp) return undefined;
    const issuedAtMs = typeof claims.iat_ms === 'number' ? claims.iat_ms : claims.iat * 1000;
    return { id: claims.sub, role, tokenId: claims.jti, issuedAt: claims.iat, issuedAtMs, expiresAt: claims.exp };
  } catch {
    return undefined;
  }
}

function verifiedClaims(token: string, keys: KeyObject[], nowSeconds: number | undefined): jwt.JwtPayload | undefined {
  for (const key of keys) {
    try {
      return jwt.verify(token, key, { algorithms: ['RS256'], issuer: ISSUER, clockTimestamp: nowSeconds }) as jwt.JwtPayload;
    } catch {
      // another key of the set may have signed it
    }
  }
  return undefined;
}

/**
 * `verifyAccessToken` with a memory of tokens already verified, so a client's every request
 * after its first costs a map lookup instead of an RSA verification (the largest part of the
 * gateway's per-request work in bench/gateway-overhead.ts). The key is the whole token text,
 * so any altered token is verified afresh; an entry is used only until the token's expiry,
 * and the oldest entries go first once `maxEntries` are held. Revocation is not cached: the
 * caller checks it on every request.
 */
export function createTokenVerifier(
  publicKey: string,
  { maxEntries = 10_000, now = () => Math.floor(Date.now() / 1000) }: { maxEntries?: number; now?: () => number } = {},
): (token: string) => Caller | undefined {
  const verified = new Map<string, Caller>();
  return (token) => {
    const seconds = now();
    const known = verified.get(token);
    if (known && seconds < known.expiresAt) return known;
    if (known) verified.delete(token);
    const caller = verifyAccessToken(token, publicKey, seconds);
    if (caller) {
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
      verified.set(token, caller);
    }
    return caller;
  };
}

/**
 * Revoked tokens, shared by every process through the cache (Redis when distributed).
 * An entry lives exactly as long as the token it revokes would have.
 */
export class RevocationList {
  /** `nowMs`: the clock, in milliseconds since the epoch. */
  constructor(
    private readonly cache: Cache,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async revoke(caller: Pick<Caller, 'tokenId' | 'expiresAt'>): Promise<void> {
    const ttl = caller.expiresAt - Math.floor(this.nowMs() / 1000);
    if (ttl > 0) await this.cache.set(`revoked:${caller.tokenId}`, '1', ttl);
  }

  /**
   * Revokes every token of the user issued before this moment (after a password change or
   * reset); tokens signed from now on stay valid. The mark lives as long as the longest token.
   */
  async revokeAllFor(userId: string, maxLifetimeSeconds: number): Promise<void> {
    await this.cache.set(`revoked-before:${userId}`, String(this.nowMs()), maxLifetimeSeconds);
  }

  async isRevoked(caller: Caller): Promise<boolean> {
    const [single, before] = await Promise.all([
      this.cache.get(`revoked:${caller.tokenId}`),
      this.cache.get(`revoked-before:${caller.id}`),
    ]);
    if (single) return true;
    return before !== null && caller.issuedAtMs < Number(before);
  }
}

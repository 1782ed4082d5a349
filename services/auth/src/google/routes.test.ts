import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { OAuth2Server } from 'oauth2-mock-server';
import {
  type Cache,
  type Database,
  type RevocationList,
  createLogger,
  errorHandler,
  generateRsaKeyPair,
  verifyAccessToken,
} from '@stockai/platform';
import { uniqueName } from '@stockai/platform/src/testing';
import { usersRepo } from '../accounts/repo';
import { accountsService } from '../accounts/service';
import { authTestInfra } from '../testing/infra';
import { type GoogleOptions, googleRoutes } from './routes';

const APP_URL = 'https://app.example.com';

/**
 * Google sign-in (OpenID Connect code flow with PKCE, state and nonce) against a local OpenID
 * provider standing in for Google, with auth's accounts on real PostgreSQL and the pending
 * sign-ins in real Redis.
 */
describe('Google sign-in', () => {
  const keys = generateRsaKeyPair();
  const logger = createLogger('auth-test', 'silent');
  const provider = new OAuth2Server();
  let db: Database;
  let cache: Cache;
  let revocations: RevocationList;
  let close: () => Promise<void>;
  const servers: Server[] = [];
  /** What the provider's next ID token says about the person. */
  let person: Record<string, unknown> = {};

  beforeAll(async () => {
    ({ db, cache, revocations, close } = await authTestInfra());
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, person));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await provider.stop();
    await close();
  });

  const accounts = () =>
    accountsService({
      db,
      privateKey: keys.privateKey,
      revocations,
      tokenLifetimeSeconds: 3600,
      afterCommit: () => undefined,
    });

  /** The routes on their own HTTP server, as the auth service mounts them; returns its origin. */
  async function serve(google: GoogleOptions | undefined) {
    const app = express();
    app.use(googleRoutes({ accounts: accounts(), cache, logger, appUrl: APP_URL, google }));
    app.use(errorHandler(logger));
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const atProvider = (issuerUrl = provider.issuer.url as string): GoogleOptions => ({
    clientId: 'stockai-web',
    clientSecret: 'shh',
    issuerUrl,
  });

  const follow = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') as string);
  };

  /** Leaves for the provider and back; returns the callback as the browser would call it. */
  async function toCallback(origin: string, as: Record<string, unknown>) {
    person = as;
    const toProvider = await follow(`${origin}/api/auth/google`);
    const back = await follow(toProvider.toString());
    // The browser comes back to the app's callback, which the gateway hands to these routes.
    expect(back.origin + back.pathname).toBe(`${APP_URL}/api/auth/google/callback`);
    return `${origin}${back.pathname}${back.search}`;
  }
  const landingOf = async (callback: string) => {
    const landing = await follow(callback);
    expect(landing.origin + landing.pathname).toBe(`${APP_URL}/login`);
    return new URLSearchParams(landing.hash.slice(1));
  };
  const signIn = async (origin: string, as: Record<string, unknown>) => landingOf(await toCallback(origin, as));
  const userOf = (landing: URLSearchParams) => {
    const caller = verifyAccessToken(landing.get('token') ?? '', keys.publicKey);
    if (!caller) throw new Error(`no valid token in the landing (${landing.toString()})`);
    return usersRepo.findById(db, caller.id);
  };

  it('sends the browser to the provider with PKCE, a state and a nonce, each new every time', async () => {
    const origin = await serve(atProvider());
    const first = await follow(`${origin}/api/auth/google`);
    const second = await follow(`${origin}/api/auth/google`);
    expect(first.origin + first.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(Object.fromEntries(first.searchParams)).toMatchObject({
      client_id: 'stockai-web',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${APP_URL}/api/auth/google/callback`,
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(first.searchParams.get(name)).toBeTruthy();
      expect(first.searchParams.get(name)).not.toBe(second.searchParams.get(name));
    }
  });

  it('creates an account without a password on the first sign-in, and finds it again by the Google account', async () => {
    const origin = await serve(atProvider());
    const email = `${uniqueName('g')}@gmail.com`;
    const sub = uniqueName('google');
    const created = await userOf(await signIn(origin, { sub, email, email_verified: true, given_name: 'Wing', family_name: 'Ho' }));
    expect(created).toMatchObject({ email, first_name: 'Wing', last_name: 'Ho', role: 'user', google_sub: sub, password_hash: null });
    const { rows } = await db.query<{ type: string }>(`SELECT type FROM outbox WHERE payload->'data'->>'userId' = $1 ORDER BY seq`, [
      created?.id,
    ]);
    expect(rows.map((r) => r.type)).toEqual(['user.registered', 'user.logged-in']);

    const again = await userOf(await signIn(origin, { sub, email: `${uniqueName('renamed')}@gmail.com`, email_verified: true }));
    expect(again?.id).toBe(created?.id);
  });

  it('links the account that has the address, when Google has verified it, keeping its password', async () => {
    const origin = await serve(atProvider());
    const email = `${uniqueName('kit')}@example.com`;
    const { user: owner } = await accounts().register({ email, password: 'secret123', firstName: 'Kit', lastName: 'Lam' });
    const sub = uniqueName('google');

    const linked = await userOf(await signIn(origin, { sub, email: email.toUpperCase(), email_verified: true }));
    expect(linked).toMatchObject({ id: owner.id, google_sub: sub, first_name: 'Kit' });
    const byPassword = await accounts().login({ email, password: 'secret123' }, { ip: null, userAgent: null });
    expect(byPassword.user.id).toBe(owner.id);
  });

  it('refuses to link an address Google has not verified, and links nothing then', async () => {
    const origin = await serve(atProvider());
    const email = `${uniqueName('claimed')}@example.com`;
    const { user: owner } = await accounts().register({ email, password: 'secret123', firstName: 'Ada', lastName: 'L' });
    const sub = uniqueName('google');

    const landing = await signIn(origin, { sub, email, email_verified: false });
    expect(Object.fromEntries(landing)).toEqual({ error: 'google_email_unverified' });
    expect(await usersRepo.findByGoogleSub(db, sub)).toBeUndefined();
    expect(await usersRepo.findById(db, owner.id)).toMatchObject({ google_sub: null });
  });

  it('finishes a sign-in once: a replayed or made-up state lands with an error', async () => {
    const origin = await serve(atProvider());
    const callback = await toCallback(origin, {
      sub: uniqueName('google'),
      email: `${uniqueName('once')}@gmail.com`,
      email_verified: true,
    });
    expect((await landingOf(callback)).get('token')).toBeTruthy();
    expect(Object.fromEntries(await landingOf(callback))).toEqual({ error: 'google_expired' });
    const forged = new URL(callback);
    forged.searchParams.set('state', 'made-up');
    expect(Object.fromEntries(await landingOf(forged.toString()))).toEqual({ error: 'google_expired' });
  });

  it('lands with an error when the person cancels at Google, the ID token is not for this sign-in, or it has no address', async () => {
    const origin = await serve(atProvider());
    const cancelled = new URL(await toCallback(origin, { sub: uniqueName('google'), email: `${uniqueName('c')}@gmail.com` }));
    cancelled.search = `?error=access_denied&state=${cancelled.searchParams.get('state')}`;
    expect(Object.fromEntries(await landingOf(cancelled.toString()))).toEqual({ error: 'google_cancelled' });

    const replayedToken = await signIn(origin, {
      sub: uniqueName('google'),
      email: `${uniqueName('n')}@gmail.com`,
      nonce: 'another-sign-in',
    });
    expect(Object.fromEntries(replayedToken)).toEqual({ error: 'google_failed' });

    const noEmail = await signIn(origin, { sub: uniqueName('google'), email: undefined });
    expect(Object.fromEntries(noEmail)).toEqual({ error: 'google_no_email' });
  });

  it('answers 503 while the provider cannot be reached, and works once it can, without a restart', async () => {
    const later = new OAuth2Server();
    await later.issuer.keys.generate('RS256');
    await later.start(0, '127.0.0.1');
    const issuerUrl = later.issuer.url as string;
    await later.stop();
    const origin = await serve(atProvider(issuerUrl));

    const down = await fetch(`${origin}/api/auth/google`, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      error: 'Google sign-in is temporarily unavailable, please try again later',
      code: 'GOOGLE_UNAVAILABLE',
    });
    await later.start(Number(new URL(issuerUrl).port), '127.0.0.1');
    try {
      expect((await follow(`${origin}/api/auth/google`)).origin).toBe(new URL(issuerUrl).origin);
    } finally {
      await later.stop();
    }
  });

  it('says clearly when Google sign-in is not configured, as JSON or as a page for a browser', async () => {
    const origin = await serve(undefined);
    const providers = await fetch(`${origin}/api/auth/providers`);
    expect(await providers.json()).toEqual({ password: true, google: false });
    const api = await fetch(`${origin}/api/auth/google`, { redirect: 'manual' });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: 'Google sign-in is not configured on this server', code: 'GOOGLE_NOT_CONFIGURED' });
    const page = await fetch(`${origin}/api/auth/google`, { redirect: 'manual', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('本站尚未設定 Google 登入');
    const callback = await fetch(`${origin}/api/auth/google/callback?code=x&state=y`, { redirect: 'manual' });
    expect(callback.status).toBe(503);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { startTestService, type TestService, uniqueName } from '@stockai/platform/src/testing';
import { authService } from '../../../services/auth/src/app';
import { freePort, startTestGateway } from '../../support/gateway';

/**
 * Google sign-in (OpenID Connect code flow with PKCE, state and nonce) through the gateway,
 * against a local OpenID provider standing in for Google.
 */
describe('Google sign-in through the gateway', () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
  const provider = new OAuth2Server();
  let auth: TestService;
  let unconfigured: TestService;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  /** What the provider's next ID token says about the person. */
  let person: Record<string, unknown> = {};

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, person));
    const port = await freePort();
    const mail = { from: 'StockAI <a@b.co>', outboxDir };
    auth = await startTestService(
      authService({
        tokenLifetimeSeconds: 3600,
        appUrl: 'https://app.example.com',
        mail,
        google: {
          clientId: 'stockai-web',
          clientSecret: 'shh',
          issuerUrl: provider.issuer.url as string,
          redirectUrl: `http://127.0.0.1:${port}/api/auth/google/callback`,
        },
      }),
    );
    unconfigured = await startTestService(authService({ tokenLifetimeSeconds: 3600, appUrl: 'https://app.example.com', mail }));
    gateway = await startTestGateway({ publicKey: auth.keys.publicKey, cache: auth.cache, upstreams: { auth: auth.url }, port });
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([auth?.close(), unconfigured?.close()]);
    await provider.stop();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  const follow = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return res.headers.get('location') as string;
  };

  /** Leaves for the provider, comes back, and returns where the app lands the browser. */
  async function signIn(as: Record<string, unknown>) {
    person = as;
    const toProvider = new URL(await follow(`${gateway.url}/api/auth/google`));
    expect(toProvider.origin + toProvider.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(toProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(toProvider.searchParams.get('state')).toBeTruthy();
    expect(toProvider.searchParams.get('nonce')).toBeTruthy();
    const back = await follow(toProvider.toString());
    expect(back.startsWith(`${gateway.url}/api/auth/google/callback?`)).toBe(true);
    return { landing: new URL(await follow(back)), callback: back };
  }

  it('says Google sign-in is offered when configured', async () => {
    const res = await fetch(`${gateway.url}/api/auth/providers`);
    expect(await res.json()).toEqual({ password: true, google: true });
  });

  const verify = async (token: string) => {
    const res = await fetch(`${gateway.url}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, user: ((await res.json()) as { user: Record<string, unknown> }).user };
  };
  const tokenOf = (landing: URL) => new URLSearchParams(landing.hash.slice(1)).get('token') as string;

  it('creates an account on the first Google sign-in and lands on the app with a token', async () => {
    const email = `${uniqueName('g')}@gmail.com`;
    const { landing } = await signIn({ sub: uniqueName('google'), email, email_verified: true, given_name: 'Wing', family_name: 'Ho' });
    expect(landing.origin + landing.pathname).toBe('https://app.example.com/login');
    const { status, user } = await verify(tokenOf(landing));
    expect(status).toBe(200);
    expect(user).toMatchObject({ email, firstName: 'Wing', lastName: 'Ho', role: 'user' });

    // The account has no password: a password login fails like any wrong password.
    const login = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'anything' }),
    });
    expect(login.status).toBe(401);
  });

  it('links a password account only when Google has verified the address', async () => {
    const email = `${uniqueName('linked')}@example.com`;
    const registered = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', firstName: 'Kit', lastName: 'Lam' }),
    });
    const { user: owner } = (await registered.json()) as { user: { id: string } };
    const sub = uniqueName('google');

    const unverified = await signIn({ sub, email, email_verified: false });
    expect(unverified.landing.hash).toBe('#error=google_email_unverified');

    const verified = await signIn({ sub, email: email.toUpperCase(), email_verified: true });
    expect((await verify(tokenOf(verified.landing))).user).toMatchObject({ id: owner.id, email });
    // Later the link is found by the Google account itself, whatever the e-mail says now.
    const again = await signIn({ sub, email: `${uniqueName('renamed')}@example.com`, email_verified: true });
    expect((await verify(tokenOf(again.landing))).user.id).toBe(owner.id);
  });

  it('finishes a sign-in once: a replayed or forged callback lands with an error', async () => {
    const { callback } = await signIn({ sub: uniqueName('google'), email: `${uniqueName('once')}@gmail.com`, email_verified: true });
    expect(new URL(await follow(callback)).hash).toBe('#error=google_expired');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'made-up');
    expect(new URL(await follow(forged.toString())).hash).toBe('#error=google_expired');
  });

  it('says clearly when Google sign-in is not configured', async () => {
    const res = await fetch(`${unconfigured.url}/api/auth/google`, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Google sign-in is not configured on this server', code: 'GOOGLE_NOT_CONFIGURED' });
    // A browser following the button gets a page it can show, still a 503.
    const page = await fetch(`${unconfigured.url}/api/auth/google`, {
      redirect: 'manual',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('本站尚未設定 Google 登入');
  });
});

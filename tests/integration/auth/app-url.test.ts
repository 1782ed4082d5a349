import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { authService } from '../../../services/auth/src/app';
import { startTestGateway } from '../../support/gateway';

/**
 * Links in e-mails and the sign-in methods offered, with APP_URL unset and Google not
 * configured: the reset link points to the origin the request came to (whatever port the app
 * runs on), and `auth/providers` tells the web app to hide the Google button.
 */
describe('auth without APP_URL or Google', () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
  let auth: TestService;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    auth = await startTestService(authService({ tokenLifetimeSeconds: 3600, mail: { from: 'StockAI <a@b.co>', outboxDir } }));
    gateway = await startTestGateway({ publicKey: auth.keys.publicKey, cache: auth.cache, upstreams: { auth: auth.url } });
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  /** The reset link of the one e-mail in the outbox sent to `email`. */
  const resetLinkFor = async (email: string) => {
    let text = '';
    await waitFor('the reset e-mail', () => {
      text =
        fs
          .readdirSync(outboxDir)
          .map((file) => fs.readFileSync(path.join(outboxDir, file), 'utf8'))
          .find((mail) => mail.includes(email)) ?? '';
      return text !== '';
    });
    const unfolded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w%-]+/.exec(unfolded)?.[0];
  };

  it('e-mails a reset link under the origin the request was sent to', async () => {
    const email = `${uniqueName('origin')}@example.com`;
    const register = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', firstName: 'Mei', lastName: 'Wong' }),
    });
    expect(register.status).toBe(201);
    // Addressed as localhost rather than 127.0.0.1: the link follows the name the browser used.
    const origin = gateway.url.replace('127.0.0.1', 'localhost');
    const res = await fetch(`${origin}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    const link = await resetLinkFor(email);
    expect(link?.startsWith(`${origin}/reset-password?token=`)).toBe(true);
  });

  it('says Google sign-in is not offered', async () => {
    const res = await fetch(`${gateway.url}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ password: true, google: false });
  });
});

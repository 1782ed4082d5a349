import { type Request, Router } from 'express';
import { type BaseClient, Issuer, generators } from 'openid-client';
import { type Cache, type Logger, serviceUnavailable } from '@stockai/platform';
import type { AccountsService } from '../accounts/service';
import { appUrlFor } from '../app-url';

export interface GoogleOptions {
  clientId: string;
  clientSecret: string;
  /** The OpenID provider; Google's in production, a local one in tests. */
  issuerUrl: string;
  /**
   * Where the provider sends the browser back: this service's callback, through the gateway.
   * Unset, the callback under the origin the sign-in started from.
   */
  redirectUrl?: string;
}

/** How long a sign-in may take between leaving for Google and coming back. */
const STATE_TTL_SECONDS = 10 * 60;

interface PendingSignIn {
  codeVerifier: string;
  nonce: string;
}

/**
 * Google sign-in: the OpenID Connect authorization-code flow with PKCE, state and nonce
 * (openid-client). `auth/google` sends the browser to Google; Google sends it back to
 * `auth/google/callback`, which lands it on the web app's /login with the token in the URL
 * fragment (`#token=…`; a fragment never reaches a server or a Referer header), or with
 * `#error=<code>` when the sign-in failed. The pending sign-in (verifier, nonce) waits in the
 * cache under its state, so any replica can finish it, and only once. Without configuration
 * both routes answer 503 with a clear message.
 */
export function googleRoutes(deps: {
  accounts: AccountsService;
  cache: Cache;
  logger: Logger;
  appUrl?: string;
  google?: GoogleOptions;
}): Router {
  const router = Router();
  const { google } = deps;
  const landing = (req: Request, fragment: string) => `${appUrlFor(req, deps.appUrl)}/login#${fragment}`;
  const redirectUrl = (req: Request) => google?.redirectUrl ?? `${appUrlFor(req, deps.appUrl)}/api/auth/google/callback`;

  let client: Promise<BaseClient> | undefined;
  const oidcClient = () => {
    if (!google) throw serviceUnavailable('Google sign-in is not configured on this server', 'GOOGLE_NOT_CONFIGURED');
    client ??= Issuer.discover(google.issuerUrl).then(
      (issuer) =>
        new issuer.Client({
          client_id: google.clientId,
          client_secret: google.clientSecret,
          redirect_uris: google.redirectUrl ? [google.redirectUrl] : undefined,
          response_types: ['code'],
        }),
    );
    // A failed discovery is not kept: the next sign-in tries again.
    return client.catch((err: unknown) => {
      client = undefined;
      deps.logger.error({ err }, 'Google OpenID discovery failed');
      throw serviceUnavailable('Google sign-in is temporarily unavailable, please try again later', 'GOOGLE_UNAVAILABLE');
    });
  };

  // Which sign-in methods this server offers, so the web app shows only the buttons that work.
  router.get('/api/auth/providers', (_req, res) => {
    res.json({ password: true, google: Boolean(google) });
  });

  router.get('/api/auth/google', async (req, res) => {
    let oidc: BaseClient;
    try {
      oidc = await oidcClient();
    } catch (err) {
      // A browser following the Google button gets a readable page; API clients the JSON error.
      if (req.accepts(['json', 'html']) !== 'html') throw err;
      return res
        .status(503)
        .type('html')
        .send(unavailablePage(appUrlFor(req, deps.appUrl), (err as { code?: string }).code === 'GOOGLE_NOT_CONFIGURED'));
    }
    const state = generators.state();
    const pending: PendingSignIn = { codeVerifier: generators.codeVerifier(), nonce: generators.nonce() };
    await deps.cache.set(`oidc:${state}`, JSON.stringify(pending), STATE_TTL_SECONDS);
    res.redirect(
      302,
      oidc.authorizationUrl({
        scope: 'openid email profile',
        redirect_uri: redirectUrl(req),
        state,
        nonce: pending.nonce,
        code_challenge: generators.codeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      }),
    );
  });

  router.get('/api/auth/google/callback', async (req, res) => {
    const oidc = await oidcClient();
    const params = oidc.callbackParams(req);
    if (params.error) return res.redirect(302, landing(req, 'error=google_cancelled'));
    const key = `oidc:${String(params.state ?? '')}`;
    const stored = params.state ? await deps.cache.get(key) : null;
    if (!stored) return res.redirect(302, landing(req, 'error=google_expired'));
    await deps.cache.del(key);
    const pending = JSON.parse(stored) as PendingSignIn;

    let claims;
    try {
      const tokens = await oidc.callback(redirectUrl(req), params, {
        state: params.state,
        nonce: pending.nonce,
        code_verifier: pending.codeVerifier,
      });
      claims = tokens.claims();
    } catch (err) {
      deps.logger.warn({ err }, 'Google sign-in callback failed');
      return res.redirect(302, landing(req, 'error=google_failed'));
    }
    if (!claims.email) return res.redirect(302, landing(req, 'error=google_no_email'));

    try {
      const { token } = await deps.accounts.googleSignIn(
        {
          sub: claims.sub,
          email: claims.email,
          emailVerified: claims.email_verified === true,
          firstName: claims.given_name ?? claims.name ?? claims.email.split('@')[0] ?? '',
          lastName: claims.family_name ?? '',
        },
        { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null },
      );
      res.redirect(302, landing(req, `token=${encodeURIComponent(token)}`));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'GOOGLE_EMAIL_UNVERIFIED') throw err;
      res.redirect(302, landing(req, 'error=google_email_unverified'));
    }
  });

  return router;
}

function unavailablePage(appUrl: string, notConfigured: boolean): string {
  const message = notConfigured
    ? '本站尚未設定 Google 登入，請使用電子郵件及密碼登入。'
    : 'Google 登入暫時未能使用，請稍後再試，或使用電子郵件及密碼登入。';
  const login = `${appUrl}/login`.replace(/"/g, '&quot;');
  return `<!doctype html><html lang="zh-Hant"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Google 登入</title><body style="font-family:sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#0f1b2d;line-height:1.6">
<h1 style="font-size:1.25rem">Google 登入未能使用</h1><p>${message}</p><p><a href="${login}">返回登入</a></p></body></html>`;
}

import { createHash } from 'node:crypto';
import { type Database, type RevocationList, createLogger, generateRsaKeyPair, verifyAccessToken } from '@stockai/platform';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { accountsService } from '../accounts/service';
import { createMailer } from '../mail/mailer';
import { authTestInfra } from '../testing/infra';
import { startSmtpSink } from '../../../../tests/support/smtp-sink';
import { FORGOT_PASSWORD_MESSAGE, RESET_TOKEN_LIFETIME_MINUTES, recoveryService } from './service';

/** Password reset on real PostgreSQL and Redis, its e-mails sent to a local SMTP sink. */
describe('password reset', () => {
  const keys = generateRsaKeyPair();
  const logger = createLogger('auth-test', 'silent');
  let db: Database;
  let revocations: RevocationList;
  let close: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    ({ db, revocations, close } = await authTestInfra());
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await close();
    await smtp?.close();
  });

  const accounts = () =>
    accountsService({ db, privateKey: keys.privateKey, revocations, tokenLifetimeSeconds: 3600, afterCommit: () => undefined });
  const appUrl = 'http://app.example';
  const sut = (smtpUrl = smtp.url, log = logger) =>
    recoveryService({
      db,
      mailer: createMailer({ smtpUrl, from: 'StockAI <no-reply@example.com>', outboxDir: '/nonexistent', logger: log }),
      revocations,
      logger: log,
      tokenLifetimeSeconds: 3600,
      afterCommit: () => undefined,
    });
  const signIn = (email: string, password: string) => accounts().login({ email, password }, { ip: null, userAgent: null });
  /** A new account that asked for a reset link, and the token of that link. */
  const askedForReset = async () => {
    const email = `${uniqueName('asked')}@example.com`;
    const { user } = await accounts().register({ email, password: 'secret123', firstName: 'Ada', lastName: 'L' });
    await sut().forgotPassword(email, appUrl);
    const [token] = await waitFor('the reset e-mail', () => mailedTokens(email).length === 1 && mailedTokens(email));
    return { email, userId: user.id, token: token as string };
  };

  /** The reset tokens e-mailed to `email`, oldest first. */
  const mailedTokens = (email: string) =>
    smtp.mails.filter((m) => m.to.includes(email)).map((m) => /http:\/\/app\.example\/reset-password\?token=([\w-]+)/.exec(m.text)?.[1]);

  it('answers the same for an unknown address, and e-mails nothing then', async () => {
    const nobody = `${uniqueName('nobody')}@example.com`;
    expect(await sut().forgotPassword(nobody, appUrl)).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    // The sink works: an e-mail to a known address, asked for afterwards, arrives.
    const known = `${uniqueName('known')}@example.com`;
    await accounts().register({ email: known, password: 'secret123', firstName: 'K', lastName: 'N' });
    await sut().forgotPassword(known, appUrl);
    await waitFor('the e-mail to the known address', () => mailedTokens(known).length === 1);
    expect(mailedTokens(nobody)).toEqual([]);
  });

  it('e-mails a single-use link: it sets the password once, revokes older tokens, and a newer link replaces it', async () => {
    const email = `${uniqueName('reset')}@example.com`;
    const { token: session } = await accounts().register({ email, password: 'secret123', firstName: 'Ada', lastName: 'L' });
    await sut().forgotPassword(email, appUrl);
    await sut().forgotPassword(email, appUrl);
    const [first, second] = await waitFor('two e-mails', () => {
      const tokens = mailedTokens(email);
      return tokens.length === 2 && tokens.every(Boolean) && tokens;
    });
    await expect(sut().verifyResetToken(first as string)).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    expect(await sut().verifyResetToken(second as string)).toEqual({ valid: true, email });

    const racing = await Promise.allSettled([
      sut().resetPassword(second as string, 'newsecret1'),
      sut().resetPassword(second as string, 'other1234'),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const caller = verifyAccessToken(session, keys.publicKey);
    expect(caller && (await revocations.isRevoked(caller))).toBe(true);
    const winner = racing[0]?.status === 'fulfilled' ? 'newsecret1' : 'other1234';
    expect((await accounts().login({ email, password: winner }, { ip: null, userAgent: null })).user.email).toBe(email);
    await expect(sut().verifyResetToken(second as string)).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('makes a link last an hour, and refuses it afterwards without touching the password', async () => {
    const { email, userId, token } = await askedForReset();
    const { rows } = await db.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM password_reset_tokens WHERE user_id = $1`,
      [userId],
    );
    expect(rows.map((r) => Math.round(Number(r.minutes)))).toEqual([RESET_TOKEN_LIFETIME_MINUTES]);
    // The hour passes.
    await db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [userId]);
    await expect(sut().verifyResetToken(token)).rejects.toMatchObject({ status: 400, code: 'INVALID_RESET_TOKEN' });
    await expect(sut().resetPassword(token, 'too-late-1')).rejects.toMatchObject({ status: 400, code: 'INVALID_RESET_TOKEN' });
    expect((await signIn(email, 'secret123')).user.email).toBe(email);
  });

  it('refuses a link used once already, keeping the password it set', async () => {
    const { email, token } = await askedForReset();
    await sut().resetPassword(token, 'first-new-1');
    await expect(sut().resetPassword(token, 'second-new-1')).rejects.toMatchObject({ status: 400, code: 'INVALID_RESET_TOKEN' });
    expect((await signIn(email, 'first-new-1')).user.email).toBe(email);
  });

  it('keeps only a hash of the token, so a copy of the table resets nothing', async () => {
    const { userId, token } = await askedForReset();
    const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [userId]);
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    await expect(sut().verifyResetToken(rows[0]?.token_hash as string)).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('answers the same when the e-mail cannot be sent, and logs the failure', async () => {
    const down = await startSmtpSink();
    await down.close();
    const lines: string[] = [];
    const watched = createLogger('auth-test', 'error', { write: (line: string) => void lines.push(line) });
    const email = `${uniqueName('unsent')}@example.com`;
    const { user } = await accounts().register({ email, password: 'secret123', firstName: 'Ada', lastName: 'L' });
    expect(await sut(down.url, watched).forgotPassword(email, appUrl)).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const logged = await waitFor('the logged failure', () =>
      lines.find((line) => line.includes('could not send the password-reset e-mail')),
    );
    expect(JSON.parse(logged)).toMatchObject({ userId: user.id, level: 50 });
  });
});

import { type Database, type RevocationList, createLogger, generateRsaKeyPair, verifyAccessToken } from '@stockai/platform';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { accountsService } from '../accounts/service';
import { createMailer } from '../mail/mailer';
import { authTestInfra } from '../testing/infra';
import { startSmtpSink } from '../../../../tests/support/smtp-sink';
import { FORGOT_PASSWORD_MESSAGE, recoveryService } from './service';

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
  const sut = () =>
    recoveryService({
      db,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'StockAI <no-reply@example.com>', outboxDir: '/nonexistent', logger }),
      revocations,
      logger,
      tokenLifetimeSeconds: 3600,
      afterCommit: () => undefined,
    });

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
});

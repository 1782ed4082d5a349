import { type Database, type RevocationList, generateRsaKeyPair, verifyAccessToken } from '@stockai/platform';
import { uniqueName } from '@stockai/platform/src/testing';
import { authTestInfra } from '../testing/infra';
import { accountsService } from './service';

/** Auth's tokens on real PostgreSQL and Redis: issued on sign-up and sign-in, revoked on logout and password change. */
describe('accounts: tokens', () => {
  const keys = generateRsaKeyPair();
  let db: Database;
  let revocations: RevocationList;
  let close: () => Promise<void>;
  const context = { ip: '127.0.0.1', userAgent: 'jest' };

  beforeAll(async () => {
    ({ db, revocations, close } = await authTestInfra());
  });
  afterAll(() => close());

  const sut = () =>
    accountsService({ db, privateKey: keys.privateKey, revocations, tokenLifetimeSeconds: 3600, afterCommit: () => undefined });
  const callerOf = (token: string) => {
    const caller = verifyAccessToken(token, keys.publicKey);
    if (!caller) throw new Error('the token does not verify');
    return caller;
  };
  const register = (email = `${uniqueName('a')}@example.com`) =>
    sut().register({ email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' });

  it('signs a token for the user and role, valid for the lifetime, never carrying the password', async () => {
    const { token, user } = await register();
    const caller = callerOf(token);
    expect(caller).toMatchObject({ id: user.id, role: 'user' });
    expect(caller.expiresAt - caller.issuedAt).toBe(3600);
    expect(JSON.stringify(user)).not.toMatch(/password|argon/i);
  });

  it('signs in with the right password only, the same answer for an unknown e-mail as for a wrong password', async () => {
    const email = `${uniqueName('b')}@example.com`;
    const { user } = await register(email);
    const signedIn = await sut().login({ email: email.toUpperCase(), password: 'secret123' }, context);
    expect(callerOf(signedIn.token).id).toBe(user.id);
    const wrong = await sut()
      .login({ email, password: 'nope12345' }, context)
      .catch((err: unknown) => err);
    const unknown = await sut()
      .login({ email: `x${email}`, password: 'nope12345' }, context)
      .catch((err: unknown) => err);
    expect(wrong).toMatchObject({ status: 401 });
    expect(unknown).toMatchObject({ status: (wrong as { status: number }).status, message: (wrong as Error).message });
  });

  it('revokes the token on logout, and every earlier token on a password change, handing a fresh one', async () => {
    const { token } = await register();
    const other = await register();
    await sut().logout(callerOf(token));
    expect(await revocations.isRevoked(callerOf(token))).toBe(true);
    expect(await revocations.isRevoked(callerOf(other.token))).toBe(false);

    const changed = await sut().changePassword(callerOf(other.token), { currentPassword: 'secret123', newPassword: 'another123' });
    expect(await revocations.isRevoked(callerOf(other.token))).toBe(true);
    expect(await revocations.isRevoked(callerOf(changed.token))).toBe(false);
    await expect(
      sut().changePassword(callerOf(changed.token), { currentPassword: 'secret123', newPassword: 'third1234' }),
    ).rejects.toMatchObject({ status: 400, code: 'WRONG_PASSWORD' });
  });

  it('refuses a second account for an address in another case or spacing', async () => {
    const email = `${uniqueName('taken')}@example.com`;
    await register(email);
    await expect(register(`  ${email.toUpperCase()} `)).rejects.toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
  });

  it('tells an account made with Google how to get a password, rather than to type its current one', async () => {
    const email = `${uniqueName('google')}@gmail.com`;
    const identity = { sub: uniqueName('sub'), email, emailVerified: true, firstName: 'Wing', lastName: 'Ho' };
    const { token } = await sut().googleSignIn(identity, context);
    await expect(sut().changePassword(callerOf(token), { currentPassword: '', newPassword: 'chosen123' })).rejects.toMatchObject({
      status: 400,
      code: 'NO_PASSWORD',
    });
    // Without a password, a password sign-in fails like any wrong password.
    await expect(sut().login({ email, password: 'anything1' }, context)).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
  });
});

import { randomUUID } from 'node:crypto';
import { RISK_QUESTIONS, scoreRiskAnswers } from '@stockai/contracts';
import { type Database, type RevocationList, generateRsaKeyPair } from '@stockai/platform';
import { uniqueName } from '@stockai/platform/src/testing';
import { accountsService } from '../accounts/service';
import { authTestInfra } from '../testing/infra';
import type { ProfileUpdate } from './fields';
import { profileService } from './service';

/** The investor profile on real PostgreSQL: what a save keeps, scores and announces. */
describe('investor profile', () => {
  const keys = generateRsaKeyPair();
  let db: Database;
  let revocations: RevocationList;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, revocations, close } = await authTestInfra());
  });
  afterAll(() => close());

  const sut = () => profileService({ db, afterCommit: () => undefined });
  const newUser = async () => {
    const email = `${uniqueName('investor')}@example.com`;
    const accounts = accountsService({
      db,
      privateKey: keys.privateKey,
      revocations,
      tokenLifetimeSeconds: 3600,
      afterCommit: () => undefined,
    });
    const { user } = await accounts.register({ email, password: 'secret123', firstName: '美玲', lastName: '黃' });
    return { id: user.id, email };
  };
  /** The user.updated events of a user, oldest first. */
  const announced = async (userId: string) => {
    const { rows } = await db.query<{ data: Record<string, unknown> }>(
      `SELECT payload->'data' AS data FROM outbox WHERE type = 'user.updated' AND payload->'data'->>'userId' = $1 ORDER BY seq`,
      [userId],
    );
    return rows.map((r) => r.data);
  };
  /** Every question answered with its lowest- or highest-scoring option. */
  const answers = (which: 'lowest' | 'highest') =>
    Object.fromEntries(
      RISK_QUESTIONS.map((q) => {
        const sorted = [...q.options].sort((a, b) => a.score - b.score);
        return [q.field, (which === 'lowest' ? sorted[0] : sorted[sorted.length - 1])?.value];
      }),
    ) as ProfileUpdate;

  it('starts with the defaults for a new account', async () => {
    const { id, email } = await newUser();
    const { user, profile } = await sut().get(id);
    expect(user).toMatchObject({ id, email, firstName: '美玲', lastName: '黃', phone: null });
    expect(profile).toMatchObject({
      lossTolerance: 50,
      goals: [],
      investmentGoals: '',
      riskProfile: null,
      riskScore: null,
      updatedAt: null,
    });
  });

  it('keeps the e-mail address: the same one in any case passes, another is refused', async () => {
    const { id, email } = await newUser();
    const saved = await sut().update(id, { email: email.toUpperCase(), phone: '+852 9123 4567' });
    expect(saved.user).toMatchObject({ email, phone: '+852 9123 4567' });
    await expect(sut().update(id, { email: 'someone-else@example.com', firstName: 'Changed' })).rejects.toMatchObject({
      status: 400,
      code: 'EMAIL_READ_ONLY',
    });
    expect((await sut().get(id)).user).toMatchObject({ email, firstName: '美玲' });
  });

  it('refuses part of the questionnaire, naming the unanswered questions, and saves nothing of that request', async () => {
    const { id } = await newUser();
    const { riskTolerance, lossReaction } = answers('highest');
    const refused = sut().update(id, { firstName: 'Partial', riskTolerance, lossReaction });
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'RISK_QUESTIONNAIRE_INCOMPLETE' });
    await expect(refused).rejects.toThrow(/unanswered: 1, 2, 3, 4, 5, 6$/);
    expect((await sut().get(id)).user.firstName).toBe('美玲');
    expect(await announced(id)).toEqual([]);
    // The wizard's own questions (age, experience) may be saved alone.
    const { age, experience } = answers('lowest');
    expect((await sut().update(id, { age, experience })).profile).toMatchObject({ age, experience, riskProfile: null });
  });

  it('scores a complete questionnaire, and scores it again when an answer changes', async () => {
    const { id } = await newUser();
    const cautious = scoreRiskAnswers(answers('lowest'));
    const bold = scoreRiskAnswers(answers('highest'));
    if (!cautious.complete || !bold.complete) throw new Error('the test answers every question');
    expect(cautious.riskProfile).not.toBe(bold.riskProfile);

    expect((await sut().update(id, answers('lowest'))).profile).toMatchObject({
      riskProfile: cautious.riskProfile,
      riskScore: cautious.riskScore,
    });
    expect((await sut().update(id, answers('highest'))).profile).toMatchObject({
      riskProfile: bold.riskProfile,
      riskScore: bold.riskScore,
    });
    // One shared answer changed by the wizard: the stored questionnaire is scored again.
    const older = scoreRiskAnswers({ ...answers('highest'), age: answers('lowest').age });
    if (!older.complete) throw new Error('still complete');
    expect((await sut().update(id, { age: answers('lowest').age })).profile).toMatchObject({ riskScore: older.riskScore });
    expect(older.riskScore).toBeLessThan(bold.riskScore);
  });

  it('announces each save with the changed fields, the investor type once there is one, and the preferences as they stand', async () => {
    const { id } = await newUser();
    await sut().update(id, { goals: ['wealth', 'income'], term: 'long' });
    await sut().update(id, answers('highest'));
    await sut().update(id, { phone: '+852 6123 4567' });
    await sut().update(id, { goals: [] });
    const bold = scoreRiskAnswers(answers('highest'));
    if (!bold.complete) throw new Error('the test answers every question');

    const events = await announced(id);
    expect(events.map((e) => e.fields)).toEqual([
      ['goals', 'term'],
      [...Object.keys(answers('highest')), 'riskProfile'],
      ['phone'],
      ['goals'],
    ]);
    expect(events.map((e) => e.investorType)).toEqual([undefined, bold.riskProfile, bold.riskProfile, bold.riskProfile]);
    expect(events.map((e) => e.preferences)).toEqual([
      { horizon: 'long', goals: ['wealth', 'income'], sectors: [] },
      { horizon: 'long', goals: ['wealth', 'income'], sectors: [] },
      { horizon: 'long', goals: ['wealth', 'income'], sectors: [] },
      { horizon: 'long', goals: [], sectors: [] },
    ]);
  });

  it('announces nothing for a save that changes nothing', async () => {
    const { id, email } = await newUser();
    await sut().update(id, { email });
    await sut().update(id, {});
    expect(await announced(id)).toEqual([]);
  });

  it('answers 401 for an account that no longer exists', async () => {
    const gone = randomUUID();
    await expect(sut().get(gone)).rejects.toMatchObject({ status: 401, code: 'ACCOUNT_NOT_FOUND' });
    await expect(sut().update(gone, { phone: '123' })).rejects.toMatchObject({ status: 401, code: 'ACCOUNT_NOT_FOUND' });
  });
});

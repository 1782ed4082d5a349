import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Database, type Queryable, createThreadedPgliteDatabase, migrateServiceSchema } from '@stockai/platform';
import { billingTestDatabase, openTestAccount } from '../testing/database';
import { ledgerRepo } from './repo';
import { creditsService } from './service';

/** The credit account on real PostgreSQL: every change a ledger entry, no balance below zero. */
describe('credit account', () => {
  let db: Database;
  let drop: () => Promise<void>;
  /** 12:00 in Hong Kong. */
  let clock = new Date('2026-11-23T04:00:00Z');
  const sut = () => creditsService(db, { afterCommit: () => undefined, now: () => clock });

  beforeAll(async () => {
    ({ db, drop } = await billingTestDatabase());
  });
  afterEach(async () => {
    expect(await ledgerRepo.mismatches(db)).toEqual([]);
    clock = new Date('2026-11-23T04:00:00Z');
  });
  afterAll(() => drop());

  const analysis = () => `analysis:${randomUUID()}`;

  it("spends today's daily credits first, then paid ones, and never more than there is", async () => {
    const userId = await openTestAccount(db);
    await sut().grant(userId, 2, 'purchase', `payment:${randomUUID()}`);
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 3, paidCredits: 2, maxDailyCredits: 3 });
    for (let i = 0; i < 4; i++) await sut().debit(userId, 1, analysis());
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 0, paidCredits: 1 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => sut().debit(userId, 1, analysis())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(4).fill('INSUFFICIENT_CREDITS'),
    );
  });

  it('refunds a debit once, and a refund that came first refuses the late debit', async () => {
    const userId = await openTestAccount(db);
    const reference = analysis();
    await sut().debit(userId, 1, reference);
    await db.transaction((tx) => sut().refund(tx, userId, reference));
    expect(await db.transaction((tx) => sut().refund(tx, userId, reference))).toBe(false);
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 3 });

    const ended = analysis();
    expect(await db.transaction((tx) => sut().refund(tx, userId, ended))).toBe(false);
    await expect(sut().debit(userId, 1, ended)).rejects.toMatchObject({ code: 'ANALYSIS_ENDED' });
  });

  it('announces each change with its entry, once: nothing for a repeat or for a refund with no debit', async () => {
    const userId = await openTestAccount(db);
    const events = async () =>
      (
        await db.query<{ type: string; amount: number; reference: string }>(
          `SELECT type, (payload->'data'->>'amount')::int AS amount, payload->'data'->>'reference' AS reference
           FROM outbox WHERE payload->'data'->>'userId' = $1 ORDER BY created_at`,
          [userId],
        )
      ).rows;
    const [debited, never] = [analysis(), analysis()];
    for (let i = 0; i < 2; i++) {
      await sut().debit(userId, 1, debited);
      await db.transaction((tx) => sut().refund(tx, userId, debited));
      await db.transaction((tx) => sut().refund(tx, userId, never));
      await sut().grant(userId, 10, 'purchase', 'order-1');
      await sut().adjust(userId, { paid: 2 }, randomUUID(), 'goodwill', 'k1');
    }
    expect(await events()).toEqual([
      { type: 'credit.debited', amount: 1, reference: debited },
      { type: 'credit.refunded', amount: 1, reference: debited },
      { type: 'credit.granted', amount: 10, reference: 'order-1' },
      { type: 'credit.granted', amount: 2, reference: `admin-adjustment:${userId}:k1` },
    ]);
    expect(await sut().balance(userId)).toMatchObject({ paidCredits: 12, dailyCredits: 3 });
  });

  it('tops up to a higher level at once, and gives nothing for a lower one', async () => {
    const userId = await openTestAccount(db);
    await sut().debit(userId, 1, analysis());
    await db.transaction((tx) => sut().setLevel(tx, userId, 'premium', 'up-1'));
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 30, maxDailyCredits: 30 });
    for (let i = 0; i < 29; i++) await sut().debit(userId, 1, analysis());
    expect(await db.transaction((tx) => sut().setLevel(tx, userId, 'vip', 'down-1'))).toBe('premium');
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 1, maxDailyCredits: 10 });
    await db.transaction((tx) => sut().setLevel(tx, userId, 'free', 'down-2'));
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 1, maxDailyCredits: 3 });
    expect(await db.transaction((tx) => sut().setLevel(tx, userId, 'free', 'again'))).toBeUndefined();
    await expect(db.transaction((tx) => sut().setLevel(tx, userId, 'gold' as never, 'x'))).rejects.toMatchObject({ code: 'UNKNOWN_LEVEL' });

    clock = new Date('2026-11-23T16:00:00Z');
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 3 });
  });

  it('adjusts by an amount with the admin and the reason, once per key, never below zero', async () => {
    const userId = await openTestAccount(db);
    const adminId = randomUUID();
    expect(await sut().adjust(userId, { paid: 5 }, adminId, 'goodwill', 'k1')).toMatchObject({ paidCredits: 5, totalCredits: 8 });
    expect(await sut().adjust(userId, { paid: 5 }, adminId, 'goodwill', 'k1')).toMatchObject({ paidCredits: 5 });
    await expect(sut().adjust(userId, { paid: -6 }, adminId, 'too much')).rejects.toMatchObject({
      status: 409,
      code: 'ADJUSTMENT_BELOW_ZERO',
    });
    expect(await sut().adjust(userId, { total: -7 }, adminId, 'duplicate purchase')).toMatchObject({ paidCredits: 0, dailyCredits: 1 });
    await expect(sut().adjust(userId, { total: -2 }, adminId, 'too much')).rejects.toMatchObject({ code: 'ADJUSTMENT_BELOW_ZERO' });
    await expect(sut().adjust(randomUUID(), { paid: 1 }, adminId, 'nobody')).rejects.toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const { rows } = await db.query<{ paid_delta: number; daily_delta: number; reference: string; note: string }>(
      "SELECT paid_delta, daily_delta, reference, note FROM credit_ledger WHERE user_id = $1 AND kind = 'adjustment' ORDER BY id",
      [userId],
    );
    expect(rows).toEqual([
      { paid_delta: 5, daily_delta: 0, reference: `admin:${adminId}`, note: 'goodwill' },
      { paid_delta: -5, daily_delta: -2, reference: `admin:${adminId}`, note: 'duplicate purchase' },
    ]);
  });

  it("sets an admin's balances, refusing more daily credits than the level allows", async () => {
    const userId = await openTestAccount(db);
    const by = (key: string) => ({ adminId: randomUUID(), idempotencyKey: key });
    await db.transaction((tx) => sut().lock(tx, userId));
    await db.transaction((tx) => sut().setBalances(tx, userId, { credits: 10 }, by('s1')));
    expect(await sut().balance(userId)).toMatchObject({ paidCredits: 7, dailyCredits: 3 });
    await db.transaction((tx) => sut().setBalances(tx, userId, { paidCredits: 1, credits: 3 }, by('s2')));
    expect(await sut().balance(userId)).toMatchObject({ paidCredits: 1, dailyCredits: 2 });
    await expect(db.transaction((tx) => sut().setBalances(tx, userId, { paidCredits: 0, credits: 9 }, by('s3')))).rejects.toMatchObject({
      code: 'DAILY_ABOVE_ALLOWANCE',
    });
  });

  it('takes paid credits back no further than zero, and gives back once', async () => {
    const userId = await openTestAccount(db);
    await sut().grant(userId, 4, 'purchase', 'payment:pi_1');
    await sut().debit(userId, 3, analysis());
    await sut().debit(userId, 2, analysis());
    const taken = await db.transaction((tx) => sut().takePaidBack(tx, userId, 4, 'payment-refund:pi_1:4', 'payment:pi_1'));
    expect(taken).toBe(2);
    await expect(db.transaction((tx) => sut().takePaidBack(tx, userId, 4, 'payment-refund:pi_1:4', 'payment:pi_1'))).rejects.toThrow(
      /already holds/,
    );
    expect(await db.transaction((tx) => sut().givePaidBack(tx, userId, 2, 'won:1', 'payment:pi_1'))).toBe(true);
    expect(await db.transaction((tx) => sut().givePaidBack(tx, userId, 2, 'won:1', 'payment:pi_1'))).toBe(false);
    expect(await sut().balance(userId)).toMatchObject({ paidCredits: 2 });
  });

  describe("opened by whichever comes first: user.registered or the member's first call (ADR 0068)", () => {
    const registered = (userId: string) => ({
      userId,
      email: `${userId}@example.com`,
      firstName: 'Ka Ho',
      lastName: 'Chan',
      registeredAt: clock.toISOString(),
    });
    const refills = async (userId: string) =>
      (await db.query("SELECT daily_delta FROM credit_ledger WHERE user_id = $1 AND kind = 'daily_refill'", [userId])).rows;
    const named = async (userId: string) =>
      (await db.query('SELECT email, first_name FROM credit_accounts WHERE user_id = $1', [userId])).rows[0];

    it("opens a member's account on their first call with today's daily credits; the event then names it and grants nothing", async () => {
      const userId = randomUUID();
      await sut().openOnFirstUse(userId);
      expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 3, paidCredits: 0, maxDailyCredits: 3 });
      expect(await named(userId)).toEqual({ email: null, first_name: null });

      expect(await db.transaction((tx) => sut().openAccount(tx, registered(userId)))).toBe(true);
      expect(await db.transaction((tx) => sut().openAccount(tx, registered(userId)))).toBe(false);
      expect(await named(userId)).toEqual({ email: `${userId}@example.com`, first_name: 'Ka Ho' });
      expect(await refills(userId)).toEqual([{ daily_delta: 3 }]);
      expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 3 });
    });

    it('grants the daily credits once when the event and first calls race, and keeps what was spent', async () => {
      const userIds = Array.from({ length: 6 }, () => randomUUID());
      await Promise.all(
        userIds.flatMap((userId) => [
          db.transaction((tx) => sut().openAccount(tx, registered(userId))),
          sut().openOnFirstUse(userId),
          creditsService(db, { afterCommit: () => undefined, now: () => clock }).openOnFirstUse(userId),
        ]),
      );
      for (const userId of userIds) {
        expect(await refills(userId)).toEqual([{ daily_delta: 3 }]);
        await sut().debit(userId, 1, analysis());
        await sut().openOnFirstUse(userId);
        await db.transaction((tx) => sut().openAccount(tx, registered(userId)));
        expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 2 });
        expect(await named(userId)).toEqual({ email: `${userId}@example.com`, first_name: 'Ka Ho' });
      }
    });

    it('answers 503 with Retry-After, not 404, for an account no call has opened yet', async () => {
      await expect(sut().balance(randomUUID())).rejects.toMatchObject({
        status: 503,
        code: 'ACCOUNT_NOT_READY',
        headers: { 'Retry-After': '1' },
      });
    });
  });

  it('reports the reconciliation of every account with its ledger', async () => {
    const userId = await openTestAccount(db);
    await sut().balance(userId);
    expect(await sut().reconciliation()).toMatchObject({ ok: true, mismatches: [] });
    await db.query('UPDATE credit_accounts SET paid_credits = paid_credits + 1 WHERE user_id = $1', [userId]);
    expect(await sut().reconciliation()).toMatchObject({ ok: false, mismatches: [expect.objectContaining({ user_id: userId })] });
    await db.query('UPDATE credit_accounts SET paid_credits = paid_credits - 1 WHERE user_id = $1', [userId]);
  });
});

/**
 * The debit's one-statement path (ledgerRepo.debitAtOnce) on both databases: PostgreSQL (the
 * distributed shape) and PGlite on its thread (the all-in-one, where it matters). What it
 * writes and answers is what the locked path does; only the number of statements differs.
 */
describe.each([
  ['PostgreSQL', async () => billingTestDatabase()],
  [
    'PGlite',
    async () => {
      const db = await createThreadedPgliteDatabase();
      await migrateServiceSchema(db, path.join(__dirname, '..', '..', 'migrations'));
      return { db, drop: () => db.close() };
    },
  ],
])('a debit on %s', (_name, open) => {
  let db: Database;
  let drop: () => Promise<void>;
  let clock = new Date('2026-11-23T04:00:00Z');
  let statements: string[];
  /** The database, noting each statement and transaction the service sends. */
  const counted = () =>
    Object.assign(Object.create(db) as Database, {
      query: (sql: string, params?: unknown[]) => {
        statements.push(sql.trim().split(/\s+/).slice(0, 2).join(' '));
        return db.query(sql, params);
      },
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => {
        statements.push('transaction');
        return db.transaction(fn);
      },
    });
  const sut = () => creditsService(counted(), { afterCommit: () => undefined, now: () => clock });

  beforeAll(async () => {
    ({ db, drop } = await open());
  });
  beforeEach(() => {
    statements = [];
  });
  afterEach(async () => {
    expect(await ledgerRepo.mismatches(db)).toEqual([]);
  });
  afterAll(() => drop());

  it('is one statement on PGlite once the day is refilled (on PostgreSQL the locked path, see debit), and writes and answers what the locked path does', async () => {
    const userId = await openTestAccount(db);
    await sut().grant(userId, 2, 'purchase', `payment:${randomUUID()}`);
    // The first debit of a new day refills the daily credits: the locked path.
    clock = new Date('2026-11-24T04:00:00Z');
    statements = [];
    expect(await sut().debit(userId, 1, 'analysis:a')).toEqual(await sut().balance(userId));
    expect(statements).toContain('transaction');

    statements = [];
    const answered = await sut().debit(userId, 3, 'analysis:b');
    expect(statements).toEqual(db.kind === 'pglite' ? ['WITH account'] : ['transaction']);
    expect(answered).toEqual({ totalCredits: 1, freeCredits: 0, paidCredits: 1, dailyCredits: 0, maxDailyCredits: 3 });
    expect(await sut().balance(userId)).toEqual(answered);
    const { rows } = await db.query<{ kind: string; paid_delta: number; daily_delta: number; reference: string }>(
      "SELECT kind, paid_delta, daily_delta, reference FROM credit_ledger WHERE user_id = $1 AND kind = 'debit' ORDER BY id",
      [userId],
    );
    expect(rows).toEqual([
      { kind: 'debit', paid_delta: 0, daily_delta: -1, reference: 'analysis:a' },
      { kind: 'debit', paid_delta: -1, daily_delta: -2, reference: 'analysis:b' },
    ]);
    const events = await db.query<{ reference: string }>(
      "SELECT payload->'data'->>'reference' AS reference FROM outbox WHERE type = 'credit.debited' AND payload->'data'->>'userId' = $1 ORDER BY created_at",
      [userId],
    );
    expect(events.rows).toEqual([{ reference: 'analysis:a' }, { reference: 'analysis:b' }]);
  });

  it('leaves a repeat, a refunded reference, a short balance and a missing account to the locked path', async () => {
    const userId = await openTestAccount(db);
    await sut().debit(userId, 1, 'analysis:c');
    // A repeat answers as the first did and takes nothing.
    expect(await sut().debit(userId, 1, 'analysis:c')).toMatchObject({ dailyCredits: 2 });
    await db.transaction((tx) => sut().refund(tx, userId, 'analysis:late'));
    await expect(sut().debit(userId, 1, 'analysis:late')).rejects.toMatchObject({ code: 'ANALYSIS_ENDED' });
    await expect(sut().debit(userId, 3, 'analysis:d')).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    await expect(sut().debit(randomUUID(), 1, 'analysis:e')).rejects.toMatchObject({ code: 'ACCOUNT_NOT_READY' });
    const other = await openTestAccount(db);
    await sut().balance(other);
    await expect(sut().debit(other, 1, 'analysis:c')).rejects.toMatchObject({ code: 'REFERENCE_OF_ANOTHER_USER' });
    expect(await sut().balance(userId)).toMatchObject({ dailyCredits: 2, paidCredits: 0 });
  });

  it('never overspends when one account is debited many times at once', async () => {
    const userId = await openTestAccount(db);
    await sut().grant(userId, 2, 'purchase', `payment:${randomUUID()}`);
    await sut().balance(userId);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => sut().debit(userId, 1, `analysis:many-${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await sut().balance(userId)).toMatchObject({ totalCredits: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import { type CreditBalance, type EventData, eventData } from '@stockai/contracts';
import { type Database, type Queryable, AppError, conflict, newEvent, notFound, writeOutbox } from '@stockai/platform';
import { hongKongDay, ledger } from './ledger';
import { ACCOUNT_SELECT, type CreditAccountRow, creditAccountsRepo } from './repo';

export function toBalance(account: CreditAccountRow): CreditBalance {
  return {
    totalCredits: account.paid_credits + account.daily_credits,
    freeCredits: account.daily_credits,
    paidCredits: account.paid_credits,
    dailyCredits: account.daily_credits,
    maxDailyCredits: account.allowance,
  };
}

export const insufficientCredits = () => new AppError(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits');
/** The debit of a reference whose refund was recorded first (the analysis failed before its debit committed). */
const analysisEnded = () => conflict('This analysis has already ended; no credit was taken', 'ANALYSIS_ENDED');
const refundKey = (reference: string) => `refund:${reference}`;

/**
 * Credits: paid credits (bought; never expire) and daily credits (set to the level's allowance,
 * from user_levels, once per Hong Kong calendar day, not accumulated). Every change is a ledger entry with an
 * idempotency key, written with the account row locked, so concurrent and repeated requests
 * can neither overspend nor double-count. Spending takes daily credits first.
 */
export function creditsService(db: Database, options: { afterCommit: () => void; now?: () => Date } = { afterCommit: () => undefined }) {
  const now = options.now ?? (() => new Date());

  /** `lockAndRefill`, or undefined (nothing locked) when the user has no account. */
  async function lockAndRefillIfOpen(tx: Queryable, userId: string): Promise<CreditAccountRow | undefined> {
    const { rows } = await tx.query<CreditAccountRow>(`${ACCOUNT_SELECT} FOR UPDATE OF a`, [userId]);
    const account = rows[0];
    if (!account) return undefined;
    const today = hongKongDay(now());
    if (account.daily_refilled_on === today) {
      if (account.daily_credits <= account.allowance) return account;
      // An admin lowered the level's allowance today: the day's credits above it go.
      await ledger.apply(tx, {
        userId,
        kind: 'adjustment',
        paidDelta: 0,
        dailyDelta: account.allowance - account.daily_credits,
        idempotencyKey: `daily-cap:${userId}:${randomUUID()}`,
      });
      return { ...account, daily_credits: account.allowance };
    }

    const allowance = account.allowance;
    await ledger.apply(tx, {
      userId,
      kind: 'daily_refill',
      paidDelta: 0,
      dailyDelta: allowance - account.daily_credits,
      idempotencyKey: `daily-refill:${userId}:${today}`,
    });
    await tx.query('UPDATE credit_accounts SET daily_refilled_on = $2 WHERE user_id = $1', [userId, today]);
    return { ...account, daily_credits: allowance, daily_refilled_on: today };
  }

  /** Locks the account for the rest of the transaction and tops up today's daily credits if due. */
  async function lockAndRefill(tx: Queryable, userId: string): Promise<CreditAccountRow> {
    const account = await lockAndRefillIfOpen(tx, userId);
    if (!account) throw notFound('Credit account is being set up, please try again shortly', 'ACCOUNT_NOT_READY');
    return account;
  }

  return {
    /** A new user's account, with today's allowance; a second call for the same user changes nothing. */
    async openAccount(tx: Queryable, user: EventData<'user.registered'>) {
      const opened = await creditAccountsRepo.open(tx, { ...user, dailyCredits: 0 });
      if (opened) await lockAndRefill(tx, user.userId);
      return opened;
    },

    /** Locks the account in the caller's transaction, with today's daily credits (admin edits start here); undefined when there is none. */
    lockAccount: lockAndRefillIfOpen,

    async balance(userId: string): Promise<CreditBalance> {
      const account = await creditAccountsRepo.find(db, userId);
      if (!account) throw notFound('Credit account is being set up, please try again shortly', 'ACCOUNT_NOT_READY');
      if (account.daily_refilled_on === hongKongDay(now()) && account.daily_credits <= account.allowance) return toBalance(account);
      return toBalance(await db.transaction((tx) => lockAndRefill(tx, userId)));
    },

    /**
     * Spends `amount` credits for `reference` (e.g. `analysis:<id>`), daily credits first. The same
     * reference debits once: a repeat answers as the first did. 402 when the balance is short;
     * 409 when the reference was debited from another user (references are global), and 409
     * `ANALYSIS_ENDED` when its refund came first (see `refund`): nothing is taken then.
     */
    async debit(userId: string, amount: number, reference: string): Promise<CreditBalance> {
      const result = await db.transaction(async (tx) => {
        const account = await lockAndRefill(tx, userId);
        const key = `debit:${reference}`;
        const [earlier, refunded] = await ledger.byKeys(tx, [key, refundKey(reference)]);
        if (earlier && earlier.user_id !== userId)
          throw conflict(`The reference ${reference} was already debited for another user`, 'REFERENCE_OF_ANOTHER_USER');
        if (earlier) return { account, debited: false };
        if (refunded) throw analysisEnded();
        if (account.paid_credits + account.daily_credits < amount) throw insufficientCredits();
        const fromDaily = Math.min(account.daily_credits, amount);
        const fromPaid = amount - fromDaily;
        await ledger.apply(tx, { userId, kind: 'debit', paidDelta: -fromPaid, dailyDelta: -fromDaily, idempotencyKey: key, reference });
        await writeOutbox(tx, newEvent('credit.debited', eventData('credit.debited', { userId, amount, reference })));
        return {
          account: { ...account, paid_credits: account.paid_credits - fromPaid, daily_credits: account.daily_credits - fromDaily },
          debited: true,
        };
      });
      if (result.debited) options.afterCommit();
      return toBalance(result.account);
    },

    /**
     * Gives back what the debit of `reference` took from `userId`, to the same kinds of credits,
     * once. The account is locked before the debit is looked for, so a debit still in flight
     * (it holds the same lock) either commits first and is refunded here, or runs after and
     * finds this refund's entry. When there is no debit yet, that entry is a zero-credit
     * tombstone under the refund's key: the ledger stays append-only and its sums unchanged, and
     * the late debit is refused (`ANALYSIS_ENDED`) instead of taking a credit nobody will return.
     * No account means no debit could have been taken, so there is nothing to record.
     */
    async refund(tx: Queryable, userId: string, reference: string): Promise<boolean> {
      if (!(await lockAndRefillIfOpen(tx, userId))) return false;
      const debit = await ledger.byKey(tx, `debit:${reference}`);
      // References are global: a debit under another user's name is refunded to whoever paid it.
      if (debit && debit.user_id !== userId) await lockAndRefill(tx, debit.user_id);
      const refunded = await ledger.apply(tx, {
        userId: debit?.user_id ?? userId,
        kind: 'refund',
        paidDelta: debit ? -debit.paid_delta : 0,
        dailyDelta: debit ? -debit.daily_delta : 0,
        idempotencyKey: refundKey(reference),
        reference,
      });
      if (refunded && debit) {
        const amount = -(debit.paid_delta + debit.daily_delta);
        await writeOutbox(tx, newEvent('credit.refunded', eventData('credit.refunded', { userId: debit.user_id, amount, reference })));
      }
      return refunded && debit !== undefined;
    },

    /** `grant` inside the caller's transaction; false when the key was used before. */
    async grantIn(tx: Queryable, userId: string, amount: number, kind: 'purchase' | 'admin', idempotencyKey: string): Promise<boolean> {
      await lockAndRefill(tx, userId);
      const granted = await ledger.apply(tx, {
        userId,
        kind: kind === 'admin' ? 'adjustment' : 'grant',
        paidDelta: amount,
        dailyDelta: 0,
        idempotencyKey,
        reference: idempotencyKey,
      });
      if (granted)
        await writeOutbox(tx, newEvent('credit.granted', eventData('credit.granted', { userId, amount, kind, reference: idempotencyKey })));
      return granted;
    },

    /** Adds paid credits under `idempotencyKey` (a purchase, an admin top-up); a repeat changes nothing. */
    async grant(userId: string, amount: number, kind: 'purchase' | 'admin', idempotencyKey: string): Promise<CreditBalance> {
      const granted = await db.transaction((tx) => this.grantIn(tx, userId, amount, kind, idempotencyKey));
      if (granted) options.afterCommit();
      return this.balance(userId);
    },
  };
}

export type CreditsService = ReturnType<typeof creditsService>;

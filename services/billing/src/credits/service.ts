import { randomUUID } from 'node:crypto';
import { type CreditBalance, type EventData, eventData } from '@stockai/contracts';
import { type Database, type EventEnvelope, type Queryable, AppError, badRequest, conflict, newEvent, notFound } from '@stockai/platform';
import { catalogueRepo } from '../catalogue/repo';
import { hongKongDay } from './hong-kong-day';
import { type CreditAccountRow, type LedgerEntry, type LedgerRow, type Level, creditAccountsRepo, ledgerRepo } from './repo';
import { memberCreditChange } from './history';

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
/**
 * An account no call has opened: only a call on another member's behalf (an admin's) meets it,
 * since a member's own first call opens theirs (openOnFirstUse). 503, not 404: the member exists.
 */
const accountNotReady = () =>
  new AppError(503, 'ACCOUNT_NOT_READY', 'Credit account is being set up, please try again shortly', { 'Retry-After': '1' });
/** Members whose account this process has seen: past the first call, no statement is spent on it. */
const KNOWN_ACCOUNTS_MAX = 100_000;
const refundKey = (reference: string) => `refund:${reference}`;

/** A debit of `amount` from `account`: daily credits first, then paid ones, and the account after it. */
function spend(account: CreditAccountRow, amount: number) {
  const fromDaily = Math.min(account.daily_credits, amount);
  const fromPaid = amount - fromDaily;
  return {
    fromDaily,
    fromPaid,
    after: { ...account, paid_credits: account.paid_credits - fromPaid, daily_credits: account.daily_credits - fromDaily },
  };
}

/**
 * Appends `entry` to the ledger and applies it to the cached balances, and records `event` with
 * it when given, in one statement; false, with nothing changed or recorded, when its key was used.
 */
async function apply(tx: Queryable, entry: LedgerEntry, event?: EventEnvelope): Promise<boolean> {
  return ledgerRepo.appendAndApply(tx, entry, event);
}

/**
 * Sets the account's level, in the caller's transaction; the level it had, or undefined when it
 * had this one already (or there is no account). An upgrade (a level with more daily credits)
 * tops today's daily credits up to the new allowance, once per `reason`: the member paid for
 * it. A downgrade grants nothing: it only takes away today's daily credits above the lower
 * allowance (issue 17: an expiry after a day's credits were spent refilled them). 400 when
 * the level does not exist (an admin deleted it).
 */
export async function setAccountLevel(tx: Queryable, userId: string, level: Level, reason: string): Promise<Level | undefined> {
  const account = await creditAccountsRepo.lock(tx, userId);
  if (!account || account.level === level) return undefined;
  const next = await catalogueRepo.level(tx, level);
  if (!next) throw badRequest(`level: there is no user level ${level}`, 'UNKNOWN_LEVEL');
  await creditAccountsRepo.setLevel(tx, userId, level);
  const allowance = next.daily_credits;
  const change =
    allowance > account.allowance ? Math.max(0, allowance - account.daily_credits) : Math.min(0, allowance - account.daily_credits);
  if (change !== 0)
    await apply(tx, {
      userId,
      kind: change > 0 ? 'daily_refill' : 'adjustment',
      paidDelta: 0,
      dailyDelta: change,
      idempotencyKey: `level-change:${reason}`,
    });
  return account.level;
}

/** The account's level (free without an account). */
export async function accountLevel(q: Queryable, userId: string): Promise<Level> {
  return (await creditAccountsRepo.level(q, userId)) ?? 'free';
}

/** An admin's change of a balance: by how much (`paid`: paid credits; `total`: paid first, then daily when taking). */
export type CreditAdjustment = { paid: number; total?: undefined } | { total: number; paid?: undefined };

/**
 * The credit account: the one module that changes an account's balances and level. Paid
 * credits (bought; never expire) and daily credits (set to the level's allowance, from
 * user_levels, once per Hong Kong calendar day, not accumulated, never above the allowance).
 * Every change of a balance is a ledger entry with an idempotency key, written with the
 * account row locked, so concurrent and repeated requests can neither overspend nor
 * double-count; no balance goes below zero. Spending takes daily credits first.
 */
export function creditsService(db: Database, options: { afterCommit: () => void; now?: () => Date } = { afterCommit: () => undefined }) {
  const now = options.now ?? (() => new Date());
  const knownAccounts = new Set<string>();

  /**
   * Locks the account for the rest of the transaction, with today's daily credits: refilled to
   * the allowance on a new Hong Kong day, cut to it when an admin lowered it today. Undefined
   * (nothing locked) when the user has no account.
   */
  async function lock(tx: Queryable, userId: string): Promise<CreditAccountRow | undefined> {
    const account = await creditAccountsRepo.lock(tx, userId);
    if (!account) return undefined;
    const today = hongKongDay(now());
    if (account.daily_refilled_on === today) {
      if (account.daily_credits <= account.allowance) return account;
      await apply(tx, {
        userId,
        kind: 'adjustment',
        paidDelta: 0,
        dailyDelta: account.allowance - account.daily_credits,
        // Derived from the locked state, so it cannot apply twice; a later cut on the same day is another entry.
        idempotencyKey: `daily-cap:${userId}:${randomUUID()}`,
      });
      return { ...account, daily_credits: account.allowance };
    }
    await apply(tx, {
      userId,
      kind: 'daily_refill',
      paidDelta: 0,
      dailyDelta: account.allowance - account.daily_credits,
      idempotencyKey: `daily-refill:${userId}:${today}`,
    });
    await creditAccountsRepo.markRefilled(tx, userId, today);
    return { ...account, daily_credits: account.allowance, daily_refilled_on: today };
  }

  async function lockOrThrow(tx: Queryable, userId: string): Promise<CreditAccountRow> {
    const account = await lock(tx, userId);
    if (!account) throw accountNotReady();
    return account;
  }

  /** Applies an admin's change of the balances (kind `adjustment`), announcing what it added. */
  async function adjustIn(
    tx: Queryable,
    userId: string,
    delta: { paid: number; daily: number },
    by: { adminId: string; idempotencyKey: string; reason?: string },
  ) {
    if (delta.paid === 0 && delta.daily === 0) return;
    const added = delta.paid + delta.daily;
    const granted =
      added > 0
        ? newEvent('credit.granted', eventData('credit.granted', { userId, amount: added, kind: 'admin', reference: by.idempotencyKey }))
        : undefined;
    const entry = { userId, kind: 'adjustment', paidDelta: delta.paid, dailyDelta: delta.daily } as const;
    await apply(tx, { ...entry, idempotencyKey: by.idempotencyKey, reference: `admin:${by.adminId}`, note: by.reason }, granted);
  }

  return {
    /** A new user's account, with today's allowance; a second call for the same user changes nothing. */
    async openAccount(tx: Queryable, user: Pick<EventData<'user.registered'>, 'userId' | 'email' | 'firstName' | 'lastName'>) {
      const opened = await creditAccountsRepo.open(tx, user);
      if (opened) await lockOrThrow(tx, user.userId);
      return opened;
    },

    /**
     * Opens the account of a member making an authenticated call, when `user.registered` has
     * not opened it yet (ADR 0068): with today's daily credits, as the event does. Idempotent
     * with the event: both insert with ON CONFLICT, and the day's refill is one ledger entry
     * under its day's key, taken with the account locked, so a race grants the credits once.
     */
    async openOnFirstUse(userId: string): Promise<void> {
      if (knownAccounts.has(userId)) return;
      await db.transaction(async (tx) => {
        if (await creditAccountsRepo.openOnFirstUse(tx, userId)) await lockOrThrow(tx, userId);
      });
      if (knownAccounts.size >= KNOWN_ACCOUNTS_MAX) knownAccounts.clear();
      knownAccounts.add(userId);
    },

    lock,
    setLevel: setAccountLevel,
    level: accountLevel,

    /** Runs `work` in a transaction holding the user's account locked (one change per user at a time), then kicks the outbox. */
    async userTransaction<T>(userId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
      const result = await db.transaction(async (tx) => {
        await lock(tx, userId);
        return work(tx);
      });
      options.afterCommit();
      return result;
    },

    async balance(userId: string): Promise<CreditBalance> {
      const account = await creditAccountsRepo.find(db, userId);
      if (!account) throw accountNotReady();
      if (account.daily_refilled_on === hongKongDay(now()) && account.daily_credits <= account.allowance) return toBalance(account);
      return toBalance(await db.transaction((tx) => lockOrThrow(tx, userId)));
    },

    /** The member's own credit history, newest first: each change with what it was (history.ts). */
    async history(userId: string, page: number, limit: number) {
      if (!(await creditAccountsRepo.find(db, userId))) throw accountNotReady();
      const { rows, total } = await ledgerRepo.pageOfUser(db, userId, limit, (page - 1) * limit);
      return { entries: rows.map(memberCreditChange), page, pages: Math.max(1, Math.ceil(total / limit)), total };
    },

    /**
     * Spends `amount` credits for `reference` (e.g. `analysis:<id>`), daily credits first. The same
     * reference debits once: a repeat answers as the first did. 402 when the balance is short;
     * 409 when the reference was debited from another user (references are global), and 409
     * `ANALYSIS_ENDED` when its refund came first (see `refund`): nothing is taken then.
     */
    async debit(userId: string, amount: number, reference: string): Promise<CreditBalance> {
      const key = `debit:${reference}`;
      const debited = newEvent('credit.debited', eventData('credit.debited', { userId, amount, reference }));
      // On the embedded database most debits are one statement (see debitAtOnce); anything else,
      // and every debit on PostgreSQL, under the lock below. On PostgreSQL the one statement's
      // snapshot is taken before it waits for the account's lock, so a refund's tombstone committed
      // while it waited is not seen, and the debit took a credit that nobody gives back (the race
      // of debits and failures in tests/integration/billing/credits.test.ts lost one, now and then).
      // PGlite runs one statement at a time and a transaction holds its session: no such wait.
      const quick =
        db.kind === 'pglite'
          ? await ledgerRepo.debitAtOnce(
              db,
              { userId, amount, idempotencyKey: key, refundKey: refundKey(reference), reference, today: hongKongDay(now()) },
              debited,
            )
          : { debited: false, account: undefined };
      if (quick.debited && quick.account) {
        options.afterCommit();
        return toBalance(spend(quick.account, amount).after);
      }
      const result = await db.transaction(async (tx) => {
        // Sent together, answered in order: the session runs the ledger read after the lock is
        // taken, without a wait for the lock's answer in between (each wait is a turn of this
        // busy process' event loop while the account is locked; ADR 57).
        const [account, [earlier, refunded]] = await Promise.all([
          lockOrThrow(tx, userId),
          ledgerRepo.byKeys(tx, [key, refundKey(reference)]),
        ]);
        if (earlier && earlier.user_id !== userId)
          throw conflict(`The reference ${reference} was already debited for another user`, 'REFERENCE_OF_ANOTHER_USER');
        if (earlier) return { account, debited: false };
        if (refunded) throw analysisEnded();
        if (account.paid_credits + account.daily_credits < amount) throw insufficientCredits();
        const { fromDaily, fromPaid, after } = spend(account, amount);
        await apply(tx, { userId, kind: 'debit', paidDelta: -fromPaid, dailyDelta: -fromDaily, idempotencyKey: key, reference }, debited);
        return { account: after, debited: true };
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
      if (!(await lock(tx, userId))) return false;
      const [debit] = await ledgerRepo.byKeys(tx, [`debit:${reference}`]);
      // References are global: a debit under another user's name is refunded to whoever paid it.
      if (debit && debit.user_id !== userId) await lockOrThrow(tx, debit.user_id);
      const refunded = await apply(
        tx,
        {
          userId: debit?.user_id ?? userId,
          kind: 'refund',
          paidDelta: debit ? -debit.paid_delta : 0,
          dailyDelta: debit ? -debit.daily_delta : 0,
          idempotencyKey: refundKey(reference),
          reference,
        },
        // A tombstone (no debit yet) refunds nothing, so it announces nothing.
        debit &&
          newEvent(
            'credit.refunded',
            eventData('credit.refunded', { userId: debit.user_id, amount: -(debit.paid_delta + debit.daily_delta), reference }),
          ),
      );
      return refunded && debit !== undefined;
    },

    /** `grant` inside the caller's transaction; false when the key was used before. */
    async grantIn(tx: Queryable, userId: string, amount: number, kind: 'purchase' | 'admin', idempotencyKey: string): Promise<boolean> {
      await lockOrThrow(tx, userId);
      return apply(
        tx,
        {
          userId,
          kind: kind === 'admin' ? 'adjustment' : 'grant',
          paidDelta: amount,
          dailyDelta: 0,
          idempotencyKey,
          reference: idempotencyKey,
        },
        newEvent('credit.granted', eventData('credit.granted', { userId, amount, kind, reference: idempotencyKey })),
      );
    },

    /** Adds paid credits under `idempotencyKey` (a purchase, an admin top-up); a repeat changes nothing. */
    async grant(userId: string, amount: number, kind: 'purchase' | 'admin', idempotencyKey: string): Promise<CreditBalance> {
      const granted = await db.transaction((tx) => this.grantIn(tx, userId, amount, kind, idempotencyKey));
      if (granted) options.afterCommit();
      return this.balance(userId);
    },

    /**
     * Takes up to `due` paid credits back under `key` (a refund or a dispute of what they paid
     * for), never below zero; the number taken. The entry is written even when nothing is left
     * to take: it marks the step done. Throws when the key was used (the caller's own record
     * says the step is not done, so that is a bug to see, not to skip).
     */
    async takePaidBack(tx: Queryable, userId: string, due: number, key: string, reference: string): Promise<number> {
      const account = await lock(tx, userId);
      const taken = Math.min(due, Math.max(0, account?.paid_credits ?? 0));
      if (!(await apply(tx, { userId, kind: 'adjustment', paidDelta: -taken, dailyDelta: 0, idempotencyKey: key, reference })))
        throw new Error(`The ledger already holds ${key} but its caller's record does not show it`);
      return taken;
    },

    /** Gives `amount` paid credits back under `key` (a dispute won), once; a zero entry records the decision. */
    async givePaidBack(tx: Queryable, userId: string, amount: number, key: string, reference: string): Promise<boolean> {
      await lock(tx, userId);
      return apply(tx, { userId, kind: 'adjustment', paidDelta: amount, dailyDelta: 0, idempotencyKey: key, reference });
    },

    /** The ledger entries under `keys`, in their order (undefined where there is none). */
    entries(tx: Queryable, keys: string[]): Promise<Array<LedgerRow | undefined>> {
      return ledgerRepo.byKeys(tx, keys);
    },

    /**
     * The admin edit's balances, in the caller's transaction (the account locked): `paidCredits`
     * sets the paid credits; `credits` sets the total: without `paidCredits` the difference goes
     * to paid credits (the day's daily credits stay), down to zero paid credits, then from the
     * daily ones; with `paidCredits`, the rest of the total is today's daily credits, at most the
     * level's allowance (400 beyond it). Once per `idempotencyKey`.
     */
    async setBalances(
      tx: Queryable,
      userId: string,
      target: { paidCredits?: number; credits?: number },
      by: { adminId: string; idempotencyKey: string; reason?: string },
    ): Promise<void> {
      const [done] = await ledgerRepo.byKeys(tx, [by.idempotencyKey]);
      if (done) return;
      const account = await lockOrThrow(tx, userId);
      let paid = target.paidCredits ?? account.paid_credits;
      let daily = account.daily_credits;
      if (target.credits !== undefined) {
        if (target.paidCredits === undefined) paid = Math.max(0, target.credits - account.daily_credits);
        daily = target.credits - paid;
      }
      if (daily > account.allowance) {
        throw badRequest(
          `credits: at most paidCredits + ${account.allowance} (the daily credits of the ${account.level} level); give the rest as paidCredits`,
          'DAILY_ABOVE_ALLOWANCE',
        );
      }
      await adjustIn(tx, userId, { paid: paid - account.paid_credits, daily: daily - account.daily_credits }, by);
    },

    /**
     * An admin's adjustment of a member's credits by `change` (ledger kind `adjustment`, with the
     * admin and the reason), once per `idempotencyKey`: `paid` adds to (or takes from) the paid
     * credits; `total` adds paid credits, or takes paid credits first, then today's daily ones.
     * 409 `ADJUSTMENT_BELOW_ZERO`, changing nothing, when it would take more than there is.
     */
    async adjust(
      userId: string,
      change: CreditAdjustment,
      adminId: string,
      reason: string,
      idempotencyKey: string = randomUUID(),
    ): Promise<CreditBalance> {
      const key = `admin-adjustment:${userId}:${idempotencyKey}`;
      const changed = await db.transaction(async (tx) => {
        const account = await lock(tx, userId);
        if (!account) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
        const [done] = await ledgerRepo.byKeys(tx, [key]);
        if (done) return false;
        const amount = change.paid ?? change.total;
        const available = change.paid !== undefined ? account.paid_credits : account.paid_credits + account.daily_credits;
        if (available + amount < 0) {
          throw conflict(
            `The adjustment takes ${-amount} credits but the member has ${available} ${change.paid !== undefined ? 'paid credits' : 'credits'}; balances never go below zero`,
            'ADJUSTMENT_BELOW_ZERO',
          );
        }
        const fromPaid = amount >= 0 ? amount : -Math.min(account.paid_credits, -amount);
        await adjustIn(tx, userId, { paid: fromPaid, daily: amount - fromPaid }, { adminId, idempotencyKey: key, reason });
        return true;
      });
      if (changed) options.afterCommit();
      return this.balance(userId);
    },

    /** Whether every account's cached balances equal its ledger; `ok` with no mismatches is the expected answer. */
    async reconciliation() {
      const mismatches = await ledgerRepo.mismatches(db);
      return {
        ok: mismatches.length === 0,
        accounts: await creditAccountsRepo.count(db),
        ledgerEntries: await ledgerRepo.count(db),
        mismatches,
      };
    },
  };
}

export type CreditsService = ReturnType<typeof creditsService>;

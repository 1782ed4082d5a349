import { type EventEnvelope, type Queryable, outboxRecord } from '@stockai/platform';

export type Level = 'free' | 'vip' | 'premium';

export type LedgerKind = 'grant' | 'debit' | 'refund' | 'daily_refill' | 'adjustment';

export interface LedgerEntry {
  userId: string;
  kind: LedgerKind;
  paidDelta: number;
  dailyDelta: number;
  idempotencyKey: string;
  reference?: string;
  /** Why (an admin's reason for an adjustment). */
  note?: string;
}

export interface LedgerRow {
  user_id: string;
  kind: LedgerKind;
  paid_delta: number;
  daily_delta: number;
  reference: string | null;
}

/** An entry as the member's and the admin's credit histories read it. */
export interface LedgerHistoryRow {
  kind: LedgerKind;
  paid_delta: number;
  daily_delta: number;
  reference: string | null;
  /** The admin's reason for an adjustment. */
  reason: string | null;
  created_at: Date;
}

export interface CreditAccountRow {
  user_id: string;
  /** Null while an account opened by the member's first call waits for `user.registered`. */
  email: string | null;
  level: Level;
  paid_credits: number;
  daily_credits: number;
  /** Hong Kong calendar day (YYYY-MM-DD) of the last daily refill. */
  daily_refilled_on: string | null;
  opened_at: Date;
  /** The daily credits of the account's level (user_levels). */
  allowance: number;
}

/** The account with its level's daily allowance. */
const ACCOUNT_SELECT = `SELECT a.*, l.daily_credits AS allowance
  FROM credit_accounts a JOIN user_levels l ON l.level_type = a.level WHERE a.user_id = $1`;

/**
 * The SQL of credit_accounts. Only the credit account module (service.ts) changes these rows;
 * its cached balances change only with a ledger entry (ledgerRepo, below) in the same transaction.
 */
export const creditAccountsRepo = {
  /**
   * Opens the account once from `user.registered`, or names one the member's first call opened
   * (openOnFirstUse); true when it did either. A second call for the same user changes nothing.
   */
  async open(db: Queryable, account: { userId: string; email: string; firstName: string; lastName: string }): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO credit_accounts (user_id, email, first_name, last_name, daily_credits)
       VALUES ($1, $2, $3, $4, 0)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name
       WHERE credit_accounts.email IS NULL`,
      [account.userId, account.email, account.firstName, account.lastName],
    );
    return rowCount === 1;
  },

  /**
   * Opens the account of a member whose first call came before `user.registered` (their token
   * proves they exist; the event names them later); true when it opened it, false when it was there.
   */
  async openOnFirstUse(db: Queryable, userId: string): Promise<boolean> {
    const { rowCount } = await db.query(
      'INSERT INTO credit_accounts (user_id, daily_credits) VALUES ($1, 0) ON CONFLICT (user_id) DO NOTHING',
      [userId],
    );
    return rowCount === 1;
  },

  async find(db: Queryable, userId: string): Promise<CreditAccountRow | undefined> {
    const { rows } = await db.query<CreditAccountRow>(ACCOUNT_SELECT, [userId]);
    return rows[0];
  },

  /** The account, locked for the rest of the transaction. */
  async lock(tx: Queryable, userId: string): Promise<CreditAccountRow | undefined> {
    const { rows } = await tx.query<CreditAccountRow>(`${ACCOUNT_SELECT} FOR UPDATE OF a`, [userId]);
    return rows[0];
  },

  async markRefilled(tx: Queryable, userId: string, day: string): Promise<void> {
    await tx.query('UPDATE credit_accounts SET daily_refilled_on = $2 WHERE user_id = $1', [userId, day]);
  },

  async setLevel(tx: Queryable, userId: string, level: Level): Promise<void> {
    await tx.query('UPDATE credit_accounts SET level = $2 WHERE user_id = $1', [userId, level]);
  },

  async level(q: Queryable, userId: string): Promise<Level | undefined> {
    const { rows } = await q.query<{ level: Level }>('SELECT level FROM credit_accounts WHERE user_id = $1', [userId]);
    return rows[0]?.level;
  },

  async count(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_accounts');
    return rows[0]?.n ?? 0;
  },
};

/**
 * The SQL of the append-only credit ledger. Entries are appended by the credit account module
 * (service.ts), which applies each to the account's cached balances in the same transaction.
 */
export const ledgerRepo = {
  /**
   * Appends `entry` and adds it to its account's cached balances, in one statement (the account
   * is the caller's, locked); false, with nothing changed, when its key was used. With `event`,
   * the same statement records it in the outbox, only when the entry was appended. One statement
   * rather than three: on an embedded database every statement of a transaction is a round trip
   * while the transaction holds the session, and every analysis start debits.
   */
  async appendAndApply(tx: Queryable, entry: LedgerEntry, event?: EventEnvelope): Promise<boolean> {
    const params = [
      entry.userId,
      entry.kind,
      entry.paidDelta,
      entry.dailyDelta,
      entry.idempotencyKey,
      entry.reference ?? null,
      entry.note ?? null,
    ];
    const recorded = event && outboxRecord(event, params.length + 1, 'EXISTS (SELECT 1 FROM entry)');
    const { rows } = await tx.query<{ appended: number }>(
      `WITH entry AS (
         INSERT INTO credit_ledger (user_id, kind, paid_delta, daily_delta, idempotency_key, reference, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING user_id, paid_delta, daily_delta),
       applied AS (
         UPDATE credit_accounts a SET paid_credits = a.paid_credits + e.paid_delta, daily_credits = a.daily_credits + e.daily_delta
         FROM entry e WHERE a.user_id = e.user_id)${
           recorded
             ? `,
       recorded AS (${recorded.sql})`
             : ''
         }
       SELECT count(*)::int AS appended FROM entry`,
      recorded ? [...params, ...recorded.params] : params,
    );
    return rows[0]?.appended === 1;
  },

  /**
   * A debit in one statement when nothing but the debit is to be done, as `debit` in service.ts
   * would do it under the account's lock: the account refilled today and not above its allowance
   * (the lock changes nothing), no entry under the debit's key or its refund's, and enough
   * credits. Daily credits go first; `event` is recorded with the entry. Returns the account as
   * it was before, and whether this statement debited it; not debited (nothing written) when
   * any of that does not hold, or there is no account: the caller then takes the locked path,
   * which tells those cases apart.
   *
   * One statement instead of a transaction of four: on an embedded database the transaction
   * holds the one session while this process's event loop turns between its statements, so
   * 200 analyses started at once waited up to 2 s in line for their debits (bench/README.md).
   * Embedded only: on PostgreSQL the statement's snapshot predates its wait for the lock, so a
   * refund's tombstone (another key) committed meanwhile goes unseen; `debit` takes the locked
   * path there.
   */
  async debitAtOnce(
    q: Queryable,
    debit: { userId: string; amount: number; idempotencyKey: string; refundKey: string; reference: string; today: string },
    event: EventEnvelope,
  ): Promise<{ account: CreditAccountRow | undefined; debited: boolean }> {
    const params = [debit.userId, debit.amount, debit.idempotencyKey, debit.refundKey, debit.reference, debit.today];
    const recorded = outboxRecord(event, params.length + 1, 'EXISTS (SELECT 1 FROM entry)');
    const { rows } = await q.query<{ account: CreditAccountRow | null; debited: boolean }>(
      `WITH account AS (${ACCOUNT_SELECT} FOR UPDATE OF a),
       usable AS (
         SELECT user_id, daily_credits FROM account
         WHERE daily_refilled_on = $6 AND daily_credits <= allowance AND paid_credits + daily_credits >= $2::int
           AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE idempotency_key IN ($3, $4))),
       entry AS (
         INSERT INTO credit_ledger (user_id, kind, paid_delta, daily_delta, idempotency_key, reference)
         SELECT user_id, 'debit', LEAST(daily_credits, $2::int) - $2::int, -LEAST(daily_credits, $2::int), $3, $5 FROM usable
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING user_id, paid_delta, daily_delta),
       applied AS (
         UPDATE credit_accounts a SET paid_credits = a.paid_credits + e.paid_delta, daily_credits = a.daily_credits + e.daily_delta
         FROM entry e WHERE a.user_id = e.user_id),
       recorded AS (${recorded.sql})
       SELECT (SELECT row_to_json(account) FROM account) AS account, EXISTS (SELECT 1 FROM entry) AS debited`,
      [...params, ...recorded.params],
    );
    const row = rows[0];
    const account = row?.account ?? undefined;
    return { account: account && { ...account, opened_at: new Date(account.opened_at) }, debited: row?.debited === true };
  },

  /** The entries under `keys`, in their order (undefined where there is none), in one query. */
  async byKeys(tx: Queryable, keys: string[]): Promise<Array<LedgerRow | undefined>> {
    const { rows } = await tx.query<LedgerRow & { idempotency_key: string }>(
      'SELECT idempotency_key, user_id, kind, paid_delta, daily_delta, reference FROM credit_ledger WHERE idempotency_key = ANY($1::text[])',
      [keys],
    );
    return keys.map((key) => rows.find((r) => r.idempotency_key === key));
  },

  /** One page of the user's entries, newest first, and how many there are. */
  async pageOfUser(q: Queryable, userId: string, limit: number, offset: number): Promise<{ rows: LedgerHistoryRow[]; total: number }> {
    // One after the other: `q` may be a single client, which runs one query at a time.
    const list = await q.query<LedgerHistoryRow>(
      `SELECT kind, paid_delta, daily_delta, reference, note AS reason, created_at FROM credit_ledger
       WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    const count = await q.query<{ n: string }>('SELECT count(*) AS n FROM credit_ledger WHERE user_id = $1', [userId]);
    return { rows: list.rows, total: Number(count.rows[0]?.n ?? 0) };
  },

  async count(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_ledger');
    return rows[0]?.n ?? 0;
  },

  /** Accounts whose cached balances differ from their ledger sums (none, when all is well). */
  async mismatches(
    db: Queryable,
  ): Promise<Array<{ user_id: string; paid_credits: number; ledger_paid: number; daily_credits: number; ledger_daily: number }>> {
    const { rows } = await db.query<{
      user_id: string;
      paid_credits: number;
      ledger_paid: number;
      daily_credits: number;
      ledger_daily: number;
    }>(
      `SELECT a.user_id, a.paid_credits, COALESCE(sum(l.paid_delta), 0)::int AS ledger_paid,
              a.daily_credits, COALESCE(sum(l.daily_delta), 0)::int AS ledger_daily
       FROM credit_accounts a LEFT JOIN credit_ledger l ON l.user_id = a.user_id
       GROUP BY a.user_id, a.paid_credits, a.daily_credits
       HAVING a.paid_credits <> COALESCE(sum(l.paid_delta), 0) OR a.daily_credits <> COALESCE(sum(l.daily_delta), 0)`,
    );
    return rows;
  },
};

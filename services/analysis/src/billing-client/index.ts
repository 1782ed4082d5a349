import {
  type CreditBalance,
  type DebitCreditsRequest,
  type MembershipLevel,
  creditBalance,
  currentSubscriptionResponse,
  membershipLevel,
} from '@stockai/contracts';
import { AppError, type ServiceAddress, callReplicas, replicasOf, serviceUnavailable } from '@stockai/platform';
import { type WholeAnswer, keptAliveHttp } from '../kept-alive-http';

/** How long a debit may take before billing counts as unavailable (BILLING_TIMEOUT_MS). */
export const DEFAULT_DEBIT_TIMEOUT_MS = 5000;

export interface BillingClient {
  /**
   * Spends credits through billing's internal debit (idempotent on `reference`), forwarding the
   * user's own Authorization header so billing can check who asks. Throws the user's 402
   * "Insufficient credits" as billing gave it, and a 503 `BillingUnavailable` when billing
   * cannot be reached or fails.
   */
  debit(request: DebitCreditsRequest, authorization: string | undefined): Promise<CreditBalance>;
  /**
   * The caller's membership level as billing holds it now (its `subscriptions/current`, asked
   * with the caller's own token); throws when billing cannot say.
   */
  level(authorization: string | undefined): Promise<MembershipLevel>;
}

/**
 * Billing could not answer. `mayHaveDebited` is true when the request may have reached billing
 * (a timeout, a 5xx, a dropped connection): the caller then asks for a refund by event, which
 * billing ignores when no debit exists.
 *
 * The message avoids the words "credits" and "insufficient": the page reads those as "top up",
 * which is the wrong advice when billing is down. It promises nothing was charged only when the
 * request never left this process.
 */
export class BillingUnavailable extends AppError {
  constructor(readonly mayHaveDebited: boolean) {
    const { status, code, message } = serviceUnavailable(
      mayHaveDebited
        ? 'The billing service did not answer; the analysis was not started. If you were charged, it is returned automatically. Please try again shortly.'
        : 'The billing service is unavailable; the analysis was not started and nothing was charged. Please try again shortly.',
      'BILLING_UNAVAILABLE',
    );
    super(status, code, message);
  }
}

/**
 * How long a kept-alive connection to billing may sit unused: below billing's keep-alive
 * (SERVICE_KEEP_ALIVE_MS, 65 s), so a connection billing is closing is never reused.
 */
const IDLE_MS = 30_000;

/** Billing's address, its replicas' addresses (taken in turn), or a function where it is known only once billing listens (all-in-one). */
export type BillingUrl = ServiceAddress;

/**
 * `baseUrl`: see BillingUrl. A call that fails on one replica is sent to another as
 * `callReplicas` allows: the debit always (idempotent on its reference), the level lookup (a GET).
 * The call is a plain `http.request` on kept-alive connections (`keptAliveHttp`): every analysis
 * start makes one.
 */
export function createBillingClient(baseUrl: BillingUrl, timeoutMs = DEFAULT_DEBIT_TIMEOUT_MS): BillingClient {
  const replicas = replicasOf(baseUrl);
  const send = keptAliveHttp(IDLE_MS);
  return {
    async debit(request, authorization) {
      const body = JSON.stringify(request);
      let mayHaveDebited = false;
      let res: WholeAnswer;
      try {
        // The debit is idempotent on its reference: sent to another replica when one fails, it debits once.
        res = await callReplicas(replicas, { method: 'POST', idempotencyKey: true }, (urlOf) =>
          send(new URL('/internal/credits/debit', urlOf()), {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
            body,
            signal: AbortSignal.timeout(timeoutMs),
          }).catch((err: unknown) => {
            mayHaveDebited ||= !refusedBeforeSending(err);
            throw err;
          }),
        );
      } catch {
        throw new BillingUnavailable(mayHaveDebited);
      }
      const reply = parsed(res.body.toString('utf8')) as { error?: unknown; code?: unknown } | undefined;
      if (res.status >= 200 && res.status < 300) {
        const balance = creditBalance.safeParse(reply);
        if (balance.success) return balance.data;
        throw new BillingUnavailable(true);
      }
      if (res.status >= 500) throw new BillingUnavailable(true);
      // 402 Insufficient credits (and any other refusal) goes back to the user as billing said it.
      const error = typeof reply?.error === 'string' ? reply.error : `Billing refused the debit (HTTP ${res.status})`;
      const code = typeof reply?.code === 'string' ? reply.code : `BILLING_${res.status}`;
      throw new AppError(res.status, code, error);
    },

    async level(authorization) {
      const res = await callReplicas(replicas, { method: 'GET', idempotencyKey: false }, (urlOf) =>
        send(new URL('/api/subscriptions/current', urlOf()), {
          method: 'GET',
          headers: authorization ? { authorization } : {},
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
      const current = currentSubscriptionResponse.safeParse(parsed(res.body.toString('utf8')));
      const level = membershipLevel.safeParse(current.data?.level);
      if (res.status !== 200 || !level.success) throw new Error(`billing did not tell the member's level (HTTP ${res.status})`);
      return level.data;
    },
  };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A refused or unresolvable connection never reached billing: nothing can have been debited. */
function refusedBeforeSending(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

/**
 * The replicas of one service as its callers see them (the gateway, analysis → billing): taken
 * in turn, as a Kubernetes Service balances, a replica that keeps refusing connections skipped
 * for a while, and the rule for sending a failed request once more (ADR 0073).
 */

/** One replica of a service, with what its callers learnt of it. */
export interface Replica<T> {
  readonly target: T;
  /** Connections refused in a row; any answer sets it back to 0. */
  failures: number;
  /** Skipped until this time (ms since the epoch) once `failures` reached the limit; 0 when not. */
  ejectedUntil: number;
  ejected: boolean;
}

export interface ReplicaOptions<T> {
  /** Refused connections in a row that make a replica skipped (default 3). */
  ejectAfter?: number;
  /** How long it is skipped before it is tried again (default 5 s). */
  ejectForMs?: number;
  now?: () => number;
  /** Told once when a replica starts being skipped, and once when it answers again. */
  onEject?: (replica: Replica<T>) => void;
  onRecover?: (replica: Replica<T>) => void;
}

export const DEFAULT_EJECT_AFTER = 3;
export const DEFAULT_EJECT_FOR_MS = 5000;

export class Replicas<T> {
  readonly all: readonly Replica<T>[];
  private next = 0;
  private ejectedCount = 0;
  private readonly ejectAfter: number;
  private readonly ejectForMs: number;
  private readonly now: () => number;

  constructor(
    targets: readonly T[],
    private readonly options: ReplicaOptions<T> = {},
  ) {
    if (targets.length === 0) throw new Error('a service needs at least one replica');
    this.all = targets.map((target) => ({ target, failures: 0, ejectedUntil: 0, ejected: false }));
    this.ejectAfter = options.ejectAfter ?? DEFAULT_EJECT_AFTER;
    this.ejectForMs = options.ejectForMs ?? DEFAULT_EJECT_FOR_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * The next replica in turn that is neither skipped nor among `tried`. When every one is, the
   * untried one back soonest, else the next in turn: a request is never failed without trying.
   */
  pick(tried?: readonly Replica<T>[]): Replica<T> {
    const all = this.all;
    if (all.length === 1) return all[0] as Replica<T>;
    const now = this.ejectedCount > 0 ? this.now() : 0;
    let soonest: Replica<T> | undefined;
    for (let i = 0; i < all.length; i++) {
      const replica = all[this.next] as Replica<T>;
      this.next = (this.next + 1) % all.length;
      if (tried?.includes(replica)) continue;
      if (replica.ejectedUntil <= now) return replica;
      if (!soonest || replica.ejectedUntil < soonest.ejectedUntil) soonest = replica;
    }
    if (soonest) return soonest;
    const replica = all[this.next] as Replica<T>;
    this.next = (this.next + 1) % all.length;
    return replica;
  }

  /** The replica refused a connection: skipped for a while after `ejectAfter` in a row (again at once after a failed trial). */
  refused(replica: Replica<T>): void {
    replica.failures++;
    if (replica.failures < this.ejectAfter) return;
    replica.ejectedUntil = this.now() + this.ejectForMs;
    if (replica.ejected) return;
    replica.ejected = true;
    this.ejectedCount++;
    this.options.onEject?.(replica);
  }

  /** The replica answered (whatever the status): it is in turn again. */
  answered(replica: Replica<T>): void {
    if (replica.failures === 0) return;
    replica.failures = 0;
    replica.ejectedUntil = 0;
    if (!replica.ejected) return;
    replica.ejected = false;
    this.ejectedCount--;
    this.options.onRecover?.(replica);
  }
}

/** The connection was refused: the request was never sent, whatever its method. */
const NOTHING_SENT = new Set(['ECONNREFUSED']);
/**
 * The connection closed under the request before any byte of the answer (a reset, or a reused
 * keep-alive connection the replica was closing, which node reports as a reset "socket hang
 * up"): the replica may have received the request and acted on it.
 */
const MAY_HAVE_ARRIVED = new Set(['ECONNRESET', 'EPIPE']);
/** Methods whose repetition changes nothing (RFC 9110 §9.2.2, without PUT and DELETE, which we do not resend). */
const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface FailedAttempt {
  method: string;
  /** The error's `code` (node's errno name). */
  code: string | undefined;
  /** The request carried an Idempotency-Key: the service makes one result of every copy. */
  idempotencyKey: boolean;
  /** No body, or one held in memory that can be sent again. */
  replayable: boolean;
  /** Any byte of the answer arrived (then nothing is sent again: the client has part of it). */
  answered: boolean;
}

/**
 * Whether a request whose attempt failed may be sent once more (to another replica): a refused
 * connection for any method, a connection lost before the answer only for a request that may
 * be repeated — GET, HEAD, OPTIONS, or a POST with an Idempotency-Key. Never after any byte of
 * the answer, and never with a body that was streamed on and is gone.
 */
export function maySendAgain(attempt: FailedAttempt): boolean {
  if (attempt.answered || !attempt.replayable || attempt.code === undefined) return false;
  if (NOTHING_SENT.has(attempt.code)) return true;
  if (!MAY_HAVE_ARRIVED.has(attempt.code)) return false;
  return SAFE_TO_REPEAT.has(attempt.method) || (attempt.method === 'POST' && attempt.idempotencyKey);
}

/** Whether the failure shows the request never left (the replica refused the connection). */
export const wasNeverSent = (code: string | undefined): boolean => code !== undefined && NOTHING_SENT.has(code);

/**
 * A call to a service from another (analysis → billing): `attempt` sends the request to one
 * replica and resolves with its whole answer. When it fails before that, the request goes to
 * another replica as `maySendAgain` allows (each replica once, and one more); the last failure
 * is thrown.
 */
export async function callReplicas<T, R>(
  replicas: Replicas<T>,
  request: { method: string; idempotencyKey: boolean },
  attempt: (target: T) => Promise<R>,
): Promise<R> {
  const tried: Replica<T>[] = [];
  for (;;) {
    const replica = replicas.pick(tried);
    try {
      const answer = await attempt(replica.target);
      replicas.answered(replica);
      return answer;
    } catch (err) {
      // node's http gives the errno name as `code`; fetch as its `cause`'s.
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (wasNeverSent(code)) replicas.refused(replica);
      tried.push(replica);
      if (tried.length > replicas.all.length || !maySendAgain({ ...request, code, replayable: true, answered: false })) throw err;
    }
  }
}

/** A service's address as its callers are configured: one URL, its replicas' URLs, or a function where it is known only once that service listens (all-in-one). */
export type ServiceAddress = string | readonly string[] | (() => string);

/** The replicas behind a ServiceAddress, each as a function giving its base URL. */
export function replicasOf(address: ServiceAddress): Replicas<() => string> {
  if (typeof address === 'function') return new Replicas([address]);
  return new Replicas((typeof address === 'string' ? [address] : address).map((url) => () => url));
}

import { ApiError } from '@/lib/api-client';

/**
 * The Idempotency-Key of each purchase attempt. Sending the same request again after its answer
 * was lost (network failure, a 5xx, the server still busy with it) reuses the attempt's key, so the
 * billing service and the card processor act on it once. Once an answer says how the attempt
 * ended (success, a declined card, any other refusal), its key is spent and the next try is a new
 * attempt: a card the bank refused may be tried again, and a processor that found the key reused
 * for a different request gets a fresh one.
 */
export class AttemptKeys {
  private readonly keys = new Map<string, string>();

  /** The key for this request: the same while it is unanswered, a new one after it was settled. */
  keyFor(request: unknown): string {
    const id = JSON.stringify(request);
    let key = this.keys.get(id);
    if (!key) {
      key = randomKey();
      this.keys.set(id, key);
    }
    return key;
  }

  /** Records how the request ended: with no error, or an error that answers it, the key is spent. */
  settle(request: unknown, error?: unknown): void {
    if (error === undefined || !outcomeUnknown(error)) this.keys.delete(JSON.stringify(request));
  }
}

/** Whether the server may still have acted on the request: no answer, a server fault, or busy with it. */
function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isNetworkError || error.status >= 500 || error.code === 'SUBSCRIBE_IN_PROGRESS';
}

/** 128 random bits as hex; crypto.getRandomValues, unlike randomUUID, works on plain http too. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

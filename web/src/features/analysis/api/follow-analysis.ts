import { ApiError, buildUrl, getAuthToken, loadAnswerSchemas } from '@/lib/api-client';
import { isFinished, type AnalysisRecord } from '../types/analysis';
import { AnalysisFollowError } from './follow-errors';
import { getAnalysis } from './get-analysis';

/** Spec section 9: a poll every 2 seconds, at most 150. */
export const POLL_INTERVAL_MS = 2000;
export const MAX_POLLS = 150;
/** A stream this long without a byte (events or keep-alive comments) is given up for polling. */
export const STREAM_SILENCE_MS = 15_000;

export interface FollowOptions {
  signal: AbortSignal;
  onUpdate(record: AnalysisRecord): void;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Reconnections in a row to a stream that ended with `event: reconnect` before polling instead. */
export const MAX_RECONNECTS = 5;

export interface ServerSentEvent {
  /** The `event:` field; `message` when absent. */
  type: string;
  data: string;
  /** The `retry:` field (ms), when given. */
  retry?: number;
}

const fieldOf = (lines: string[], name: string) =>
  lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).replace(/^ /, ''));

/** The complete events in `buffer`, and what is left of it. */
export function takeServerSentEvents(buffer: string): { events: ServerSentEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const lines = block.split(/\r?\n/);
    const data = fieldOf(lines, 'data').join('\n');
    if (data === '') return [];
    const retry = Number(fieldOf(lines, 'retry').at(-1));
    return [{ type: fieldOf(lines, 'event').at(-1) ?? 'message', data, ...(Number.isInteger(retry) && retry >= 0 ? { retry } : {}) }];
  });
  return { events, rest };
}

/** A stream ended by its server with `event: reconnect` (it is draining): follow again after `afterMs`. */
interface Reconnect {
  reconnectAfterMs: number;
}

/**
 * Follows GET analysis/{id}/events until the analysis finishes; a Reconnect when the server
 * ended it with `event: reconnect` (another replica takes the next stream); null when the stream
 * could not be had or ended early, so the caller polls instead. fetch rather than EventSource: it sends
 * the bearer header, which keeps the token out of URLs and server logs.
 */
async function followStream(id: string, { signal, onUpdate }: FollowOptions): Promise<AnalysisRecord | Reconnect | null> {
  const stream = new AbortController();
  const stopStream = () => stream.abort();
  signal.addEventListener('abort', stopStream, { once: true });
  let silence = window.setTimeout(stopStream, STREAM_SILENCE_MS);
  try {
    const token = getAuthToken();
    const response = await fetch(buildUrl(`analysis/${encodeURIComponent(id)}/events`), {
      headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      cache: 'no-store',
      signal: stream.signal,
    });
    if (!response.ok || !response.body) return null;
    const { analysisView } = await loadAnswerSchemas();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      window.clearTimeout(silence);
      silence = window.setTimeout(stopStream, STREAM_SILENCE_MS);
      const { events, rest } = takeServerSentEvents(buffer + value);
      buffer = rest;
      for (const event of events) {
        if (event.type === 'reconnect') {
          await reader.cancel();
          return { reconnectAfterMs: event.retry ?? POLL_INTERVAL_MS };
        }
        let record: AnalysisRecord;
        try {
          record = analysisView.parse(JSON.parse(event.data));
        } catch {
          continue;
        }
        onUpdate(record);
        if (isFinished(record)) {
          await reader.cancel();
          return record;
        }
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn('Analysis event stream unavailable; polling instead', error);
    return null;
  } finally {
    window.clearTimeout(silence);
    signal.removeEventListener('abort', stopStream);
  }
}

/** Polls GET analysis/{id} every 2 s, at most 150 times; network blips and 5xx count as a poll. */
async function poll(id: string, { signal, onUpdate }: FollowOptions): Promise<AnalysisRecord> {
  for (let count = 1; count <= MAX_POLLS; count++) {
    try {
      const record = await getAnalysis(id, signal);
      onUpdate(record);
      if (isFinished(record)) return record;
    } catch (error) {
      if (signal.aborted || error instanceof AnalysisFollowError) throw error;
      if (error instanceof ApiError) {
        if (error.status === 401 || error.status === 403) throw new AnalysisFollowError('auth');
        if (error.status === 404) throw new AnalysisFollowError('notFound');
        if (error.code === 'INVALID_RESPONSE') throw new AnalysisFollowError('restart');
      }
      console.warn('Analysis poll failed; trying again', error);
    }
    if (count < MAX_POLLS) await wait(POLL_INTERVAL_MS, signal);
  }
  throw new AnalysisFollowError('timeout');
}

/**
 * Follows one analysis to its end: the event stream first (again, after the server's reconnect
 * hint, at most MAX_RECONNECTS times in a row), polling as the fallback (spec section 4, step 3). Resolves with the finished record (completed or failed); rejects with
 * AnalysisFollowError, or with the abort reason when the caller cancels.
 */
export async function followAnalysis(id: string, options: FollowOptions): Promise<AnalysisRecord> {
  for (let reconnects = 0; ; reconnects++) {
    const streamed = await followStream(id, options);
    if (streamed === null) break;
    if (!('reconnectAfterMs' in streamed)) return streamed;
    if (reconnects >= MAX_RECONNECTS) break;
    await wait(streamed.reconnectAfterMs, options.signal);
  }
  return poll(id, options);
}

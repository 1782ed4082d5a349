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

/** The `data:` payloads of the complete events in `buffer`, and what is left of it. */
export function takeServerSentEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    )
    .filter((data) => data !== '');
  return { events, rest };
}

/**
 * Follows GET analysis/{id}/events until the analysis finishes; null when the stream could not
 * be had or ended early, so the caller polls instead. fetch rather than EventSource: it sends
 * the bearer header, which keeps the token out of URLs and server logs.
 */
async function followStream(id: string, { signal, onUpdate }: FollowOptions): Promise<AnalysisRecord | null> {
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
      for (const data of events) {
        let record: AnalysisRecord;
        try {
          record = analysisView.parse(JSON.parse(data));
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
 * Follows one analysis to its end: the event stream first, polling as the fallback (spec
 * section 4, step 3). Resolves with the finished record (completed or failed); rejects with
 * AnalysisFollowError, or with the abort reason when the caller cancels.
 */
export async function followAnalysis(id: string, options: FollowOptions): Promise<AnalysisRecord> {
  const streamed = await followStream(id, options);
  if (streamed) return streamed;
  return poll(id, options);
}

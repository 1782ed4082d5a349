import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { waitFor } from '@stockai/platform/src/testing';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  authorization: string | undefined;
}

/** What the stand-in does with the next requests: answer, fail with a status, or never answer. */
export type StandInMode = { kind: 'answer' } | { kind: 'fail'; status: number; retryAfterSeconds?: number } | { kind: 'hang' };

export interface LlmStandIn {
  /** The base URL to give the openai SDK (it appends /chat/completions). */
  url: string;
  /** Every chat request received, in order. */
  requests: ChatRequest[];
  /** Sets what every following request gets. */
  setMode(mode: StandInMode): void;
  /** The next `count` requests get `mode`, then back to the current mode. */
  next(count: number, mode: StandInMode): void;
  /** The assistant's content for a request (default: a fixed Traditional Chinese answer). */
  answerWith(reply: (request: ChatRequest) => string): void;
  /** Perplexity's sources to send with every answer (`citations`, `search_results`), or none (null, the default). */
  citeWith(sources: { citations: string[]; search_results: { title: string; url: string; date: string }[] } | null): void;
  /** From now on, requests wait for `release` (to catch an analysis in the middle of a stage). */
  hold(): void;
  /** Resolves once a request is being held. */
  waitHeld(): Promise<unknown>;
  /** Forgets held requests whose caller is gone. */
  dropHeld(): void;
  /** Answers the held requests and stops holding. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible chat API (the shape Perplexity and OpenAI answer
 * POST /chat/completions with), on 127.0.0.1, for tests that drive the real openai SDK.
 * Token usage is reported as the prompt's and the answer's character counts.
 */
export async function startLlmStandIn(): Promise<LlmStandIn> {
  const requests: ChatRequest[] = [];
  let mode: StandInMode = { kind: 'answer' };
  const queued: StandInMode[] = [];
  let reply = (_: ChatRequest) => '這是測試回應。';
  let cited: { citations: string[]; search_results: { title: string; url: string; date: string }[] } | null = null;
  const sockets = new Set<Socket>();
  let holding = false;
  let held: Array<() => void> = [];

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    const handle = () => {
      if (res.destroyed) return; // a held request whose caller gave up
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; messages: ChatRequest['messages'] };
      const request: ChatRequest = { model: body.model, messages: body.messages, authorization: req.headers.authorization };
      requests.push(request);
      const current = queued.shift() ?? mode;
      if (current.kind === 'hang') return; // never answers; the client's timeout ends it
      if (current.kind === 'fail') {
        res.writeHead(current.status, {
          'content-type': 'application/json',
          ...(current.retryAfterSeconds === undefined ? {} : { 'retry-after': String(current.retryAfterSeconds) }),
        });
        res.end(JSON.stringify({ error: { message: 'stand-in failure', type: 'server_error', code: current.status } }));
        return;
      }
      const content = reply(request);
      const promptChars = body.messages.reduce((n, m) => n + m.content.length, 0);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          usage: { prompt_tokens: promptChars, completion_tokens: content.length, total_tokens: promptChars + content.length },
          ...(cited ?? {}),
        }),
      );
    };
    req.on('end', () => {
      if (holding) held.push(handle);
      else handle();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (m) => {
      mode = m;
    },
    next: (count, m) => {
      for (let i = 0; i < count; i++) queued.push(m);
    },
    answerWith: (fn) => {
      reply = fn;
    },
    citeWith: (sources) => {
      cited = sources;
    },
    hold: () => {
      holding = true;
    },
    waitHeld: () => waitFor('a held AI request', () => held.length > 0, 60_000),
    dropHeld: () => {
      held = [];
    },
    release: () => {
      holding = false;
      const waiting = held;
      held = [];
      for (const handle of waiting) handle();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

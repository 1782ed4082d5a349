import express from 'express';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { AppError, errorHandler, notFoundHandler } from './errors';
import { createLogger } from './logger';

function appWith(route: express.RequestHandler) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = express();
  app.use(express.json({ limit: '1kb' }));
  app.post('/thing', route);
  app.use(notFoundHandler);
  app.use(errorHandler(createLogger('test', 'info', sink)));
  return { app, lines };
}

async function call(app: express.Express, init: RequestInit & { path?: string } = {}) {
  const server = app.listen(0);
  const { port } = server.address() as { port: number };
  try {
    const res = await fetch(`http://127.0.0.1:${port}${init.path ?? '/thing'}`, { method: 'POST', ...init });
    return { status: res.status, body: (await res.json()) as { error: string; code: string } };
  } finally {
    server.close();
  }
}

describe('errorHandler', () => {
  it('answers an AppError with its status, message and code', async () => {
    const { app } = appWith(() => {
      throw new AppError(409, 'EMAIL_TAKEN', 'This e-mail address is already registered');
    });
    expect(await call(app)).toEqual({ status: 409, body: { error: 'This e-mail address is already registered', code: 'EMAIL_TAKEN' } });
  });

  it('adds the details a client acts on beside the message and code', async () => {
    const { app } = appWith(() => {
      throw new AppError(409, 'ANALYSIS_RUNNING', 'An analysis of AAPL is already running', {}, { analysisId: 'a-1' });
    });
    expect(await call(app)).toEqual({
      status: 409,
      body: { error: 'An analysis of AAPL is already running', code: 'ANALYSIS_RUNNING', analysisId: 'a-1' },
    });
  });

  it('turns a validation failure into a 400 naming the field', async () => {
    const { app } = appWith((req) => {
      z.object({ email: z.email() }).parse(req.body);
    });
    const res = await call(app, { headers: { 'content-type': 'application/json' }, body: '{"email":"nope"}' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toMatch(/^email: /);
    const missing = await call(app, { headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.body.error).toBe('email: is required');
  });

  it('says what a wrong-typed field expected, and "is required" only for a missing one', async () => {
    const { app } = appWith((req) => {
      z.object({ count: z.number(), tags: z.array(z.string()).optional(), limit: z.coerce.number().optional() }).parse(req.body);
    });
    const send = (body: string) => call(app, { headers: { 'content-type': 'application/json' }, body });
    expect((await send('{"count":"three"}')).body).toEqual({ error: 'count: expected a number', code: 'VALIDATION_FAILED' });
    expect((await send('{"count":null}')).body.error).toBe('count: expected a number');
    expect((await send('{"count":1,"tags":"x"}')).body.error).toBe('tags: expected an array');
    expect((await send('{"count":1,"limit":"abc"}')).body.error).toBe('limit: expected a number');
    expect((await send('{}')).body.error).toBe('count: is required');

    // Parsed with reportInput (as billing's admin schemas are), the input tells missing from wrong, custom messages kept.
    const strict = appWith((req) => {
      z.object({ price: z.number({ message: 'must be a number' }) }).parse(req.body, { reportInput: true });
    });
    const sendStrict = (body: string) => call(strict.app, { headers: { 'content-type': 'application/json' }, body });
    expect((await sendStrict('{}')).body.error).toBe('price: is required');
    expect((await sendStrict('{"price":"x"}')).body.error).toBe('price: must be a number');
  });

  it('answers a path that cannot be URL-decoded with 400 Malformed URL, not 500', async () => {
    const app = express();
    app.get('/stocks/:symbol', (_req, res) => void res.json({}));
    app.use(errorHandler(createLogger('test', 'silent')));
    expect(await call(app, { path: '/stocks/%E0%A4%A', method: 'GET' })).toEqual({
      status: 400,
      body: { error: 'Malformed URL', code: 'MALFORMED_URL' },
    });
  });

  it('answers invalid JSON with 400 and an oversized body with 413', async () => {
    const { app } = appWith((_req, res) => void res.json({}));
    expect(await call(app, { headers: { 'content-type': 'application/json' }, body: '{"a":' })).toEqual({
      status: 400,
      body: { error: 'Request body is not valid JSON', code: 'INVALID_JSON' },
    });
    const big = JSON.stringify({ a: 'x'.repeat(5000) });
    expect((await call(app, { headers: { 'content-type': 'application/json' }, body: big })).status).toBe(413);
  });

  it('hides unknown errors behind a 500 without stack or internals, and logs them', async () => {
    const { app, lines } = appWith(() => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 at Pool.connect (/srv/app/db.ts:12)');
    });
    const res = await call(app);
    expect(res).toEqual({ status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } });
    expect(lines.join('')).toContain('ECONNREFUSED');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const { app } = appWith((_req, res) => void res.json({}));
    const res = await call(app, { path: '/nowhere', method: 'GET' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

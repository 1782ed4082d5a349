/**
 * A service process for drain.test.ts: `runServiceProcess` with a slow route (answers after
 * `?ms=`) and an event stream that stays open until the process drains. Not a product service.
 */
import path from 'node:path';
import { Router } from 'express';
import { endStreamForReconnect } from '../../http/event-stream';
import { runServiceProcess } from '../process';

const streams = new Set<import('express').Response>();
const routes = Router();
// The head goes first, so the caller knows the request is in flight; the body after `ms`.
routes.get('/slow', async (req, res) => {
  res.status(200).type('application/json').flushHeaders();
  await new Promise((resolve) => setTimeout(resolve, Number(req.query.ms ?? 1000)));
  res.end(JSON.stringify({ finished: true }));
});
routes.get('/stream', (req, res) => {
  res.status(200).set({ 'content-type': 'text/event-stream', connection: 'close' });
  res.flushHeaders();
  res.write('event: hello\ndata: {}\n\n');
  streams.add(res);
  res.on('close', () => streams.delete(res));
});

void runServiceProcess(
  {
    name: 'drainfixture',
    migrationsDir: path.join(__dirname, 'migrations'),
    build: () => ({
      routes: [routes],
      drain: () => {
        for (const res of streams) endStreamForReconnect(res);
      },
    }),
  },
  0,
);

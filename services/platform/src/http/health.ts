import { Router } from 'express';

/** A dependency the process needs to serve traffic: its database, bus, cache, upstreams. */
export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: ReadinessCheck): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(checks: Record<string, ReadinessCheck>) {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => runCheck(checks[name] as ReadinessCheck)));
  const detail = Object.fromEntries(names.map((name, i) => [name, results[i]]));
  const ready = results.every((r) => r === 'ok');
  return { ready, checks: detail };
}

/** `/healthz`: the process is up. `/readyz`: every dependency answered within 2 s. */
export function healthRoutes(checks: Record<string, ReadinessCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, checks: detail } = await readiness(checks);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks: detail });
  });
  return router;
}

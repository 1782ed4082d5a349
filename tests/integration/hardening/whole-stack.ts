import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRsaKeyPair } from '@stockai/platform';
import { deleteAmqpTopology } from '@stockai/platform/src/bus/test-helpers';
import { startTestService, type TestService, testInfra, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { adminService } from '../../../services/admin/src/app';
import { analysisService } from '../../../services/analysis/src/app';
import { authService } from '../../../services/auth/src/app';
import { billingService } from '../../../services/billing/src/app';
import type { BillingOptions } from '../../../services/billing/src/config';
import { contentService } from '../../../services/content/src/app';
import type { ContentOptions } from '../../../services/content/src/config';
import { startTestGateway } from '../../support/gateway';

export interface WholeStack {
  gatewayUrl: string;
  /** Every route of every service, as each service's app mounted it. */
  routes: Array<{ service: string; method: string; path: string }>;
  tokens: { user: string; admin: string };
  /** A new session of the user (a random call to logout or change-password ends only that one). */
  signIn(): Promise<string>;
  close(): Promise<void>;
}

/**
 * All five services on the real PostgreSQL, RabbitMQ and Redis behind the real gateway, with a
 * signed-in user and an admin. Without an analysis worker, a started analysis stays running.
 * Rate limits are off: the hardening tests send more than a person would. Billing and content
 * take their options from the caller (Stripe and Ghost stand-ins), else the demo processor and
 * the built-in articles.
 */
export async function startWholeStack(options: { billing?: BillingOptions; content?: ContentOptions } = {}): Promise<WholeStack> {
  const keys = generateRsaKeyPair();
  const exchange = `${uniqueName('hardening')}.events`;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-mail-'));
  const adminLogin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  const off = { limit: 0, windowSeconds: 60 };
  const services: Array<[string, TestService]> = [];
  const start = async (definition: Parameters<typeof startTestService>[0]) => {
    const service = await startTestService(definition, { keys, exchange });
    services.push([definition.name, service]);
    return service;
  };
  const owners = { auth: '', billing: '', analysis: '' };
  // Billing before auth: its queue must be bound when auth announces the seeded admin.
  const [billing, content, admin] = await Promise.all([
    start(billingService(options.billing ?? { demoPayments: true })),
    start(contentService(options.content)),
    start(adminService({ owners: { auth: () => owners.auth, billing: () => owners.billing, analysis: () => owners.analysis } })),
  ]);
  const auth = await start(
    authService({
      tokenLifetimeSeconds: 3600,
      appUrl: 'http://localhost:8080',
      mail: { from: 'StockAI <no-reply@example.com>', outboxDir },
      admin: adminLogin,
      rateLimits: {
        loginPerIp: { name: 'login-ip', ...off },
        loginBackoff: { freeFailures: Number.MAX_SAFE_INTEGER, firstDelaySeconds: 1, maxDelaySeconds: 1, memorySeconds: 60 },
        forgotPerIp: { name: 'forgot-ip', ...off },
        forgotPerEmail: { name: 'forgot-email', ...off },
        registerPerIp: { name: 'register-ip', ...off },
      },
    }),
  );
  const analysis = await start(
    analysisService({ billingUrl: billing.url, marketData: 'snapshot', cacheTtlHours: 6, workers: 0, startsPerMinute: 0 }),
  );
  Object.assign(owners, { auth: auth.url, billing: billing.url, analysis: analysis.url });
  const gateway = await startTestGateway({
    publicKey: keys.publicKey,
    cache: auth.cache,
    upstreams: { auth: auth.url, billing: billing.url, analysis: analysis.url, content: content.url, admin: admin.url },
  });
  const user = { email: `${uniqueName('investor')}@example.com`, password: 'secret123', token: '' };
  const registered = await fetch(`${gateway.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, firstName: 'Ka Ho', lastName: 'Chan' }),
  });
  user.token = ((await registered.json()) as { token: string }).token;
  await waitFor(
    "the user's credit account",
    async () => (await fetch(`${gateway.url}/api/users/credits`, { headers: { authorization: `Bearer ${user.token}` } })).status === 200,
    30_000,
  );
  const login = await fetch(`${gateway.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminLogin),
  });
  const adminToken = ((await login.json()) as { token: string }).token;
  await waitFor(
    "the admin's credit account",
    async () => (await fetch(`${gateway.url}/api/users/credits`, { headers: { authorization: `Bearer ${adminToken}` } })).status === 200,
    30_000,
  );
  return {
    gatewayUrl: gateway.url,
    routes: services.flatMap(([service, s]) => s.routes.filter((r) => r.path.startsWith('/api/')).map((r) => ({ service, ...r }))),
    tokens: { user: user.token, admin: adminToken },
    async signIn() {
      const res = await fetch(`${gateway.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      return ((await res.json()) as { token: string }).token;
    },
    async close() {
      await gateway.close();
      await Promise.all(services.map(([, service]) => service.close()));
      await deleteAmqpTopology((await testInfra()).amqpUrl, exchange, []);
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Router } from 'express';
import { type OpenApiDocument, type ServiceDefinition, generateRsaKeyPair } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { ROUTE_TABLE, serviceFor } from '../../../gateway/src/route-table';
import { adminService } from '../../../services/admin/src/app';
import { DEFAULT_ANALYSIS_OPTIONS, analysisService } from '../../../services/analysis/src/app';
import { authService } from '../../../services/auth/src/app';
import { billingService } from '../../../services/billing/src/app';
import { contentService } from '../../../services/content/src/app';
import { servedApiDescription } from '../../api-description/served-document';
import { startTestGateway } from '../../support/gateway';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Routes this stack does not serve because they need configuration it leaves out, and why. */
const SERVED_ONLY_WHEN_CONFIGURED = new Map([
  ['POST /api/webhooks/stripe', 'only with STRIPE_SECRET_KEY (this stack pays with the demo processor)'],
]);
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  /** A router mounted inside another (at the root: the admin service nests its feature routers). */
  handle?: { stack?: RouteLayer[] };
}

/** The public routes some Express routers serve (nested routers included), as `METHOD /path/{param}`. */
function publicRoutesOf(routers: Router[]): string[] {
  const found: string[] = [];
  const layers: RouteLayer[] = routers.flatMap((router) => router.stack as RouteLayer[]);
  for (let layer = layers.shift(); layer; layer = layers.shift()) {
    if (layer.handle?.stack) layers.push(...layer.handle.stack);
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const routePath of paths.filter((p) => p.startsWith('/api/'))) {
      for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
        found.push(`${method.toUpperCase()} ${routePath.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
  }
  return found;
}

function documentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((m) => `${m.toUpperCase()} ${p}`),
  );
}

/** Runs the maintained OpenAPI validator (an ES module) in its own process. */
function validateOpenApi(document: unknown): Promise<{ valid: boolean; version: string; errors: unknown[] }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(__dirname, '..', '..', 'support', 'validate-openapi.mjs')], (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as { valid: boolean; version: string; errors: unknown[] }),
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

/**
 * The API description against the code: all five services on the real PostgreSQL, RabbitMQ and
 * Redis behind the real gateway. The document served at GET /api/openapi.json is valid OpenAPI
 * 3.1, names every route the services' routers serve under the gateway's route table, and the
 * real answers of the main calls validate against the schemas it documents for them.
 */
describe('the API description (GET /api/openapi.json)', () => {
  const keys = generateRsaKeyPair();
  const exchange = `${uniqueName('openapi')}.events`;
  const routers = new Map<string, Router[]>();
  const services: TestService[] = [];
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-mail-'));
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let document: OpenApiDocument;

  /** The definition, remembering the routers it builds so the test can walk them. */
  const walked = (definition: ServiceDefinition): ServiceDefinition => ({
    ...definition,
    async build(ctx) {
      const parts = await definition.build(ctx);
      routers.set(definition.name, parts.routes);
      return parts;
    },
  });

  beforeAll(async () => {
    const start = (definition: ServiceDefinition) => startTestService(walked(definition), { keys, exchange });
    let analysisUrl = '';
    const [auth, billing, content] = await Promise.all([
      start(
        authService({
          tokenLifetimeSeconds: 3600,
          appUrl: 'http://localhost:8080',
          mail: { from: 'StockAI <a@example.com>', outboxDir: outbox },
          admin: ADMIN,
        }),
      ),
      start(billingService({ demoPayments: true })),
      start(contentService()),
    ]);
    services.push(auth, billing, content);
    const [analysis, admin] = await Promise.all([
      start(analysisService({ ...DEFAULT_ANALYSIS_OPTIONS, billingUrl: billing.url, workers: 1, startsPerMinute: 0 })),
      start(adminService({ owners: { auth: auth.url, billing: billing.url, analysis: () => analysisUrl } })),
    ]);
    analysisUrl = analysis.url;
    services.push(analysis, admin);
    gateway = await startTestGateway({
      publicKey: keys.publicKey,
      cache: auth.cache,
      upstreams: { auth: auth.url, billing: billing.url, analysis: analysis.url, content: content.url, admin: admin.url },
    });
    const res = await fetch(`${gateway.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    document = (await res.json()) as OpenApiDocument;
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(services.map((s) => s.close()));
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('is a valid OpenAPI 3.1 document with a tag per service, the bearer scheme and the shared error shape', async () => {
    const result = await validateOpenApi(document);
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    expect(document).not.toHaveProperty('x-unavailable-services');
    expect(document.tags?.map((t) => t.name).sort()).toEqual(['admin', 'analysis', 'auth', 'billing', 'content']);
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components?.schemas?.Error).toMatchObject({ required: ['error', 'code'] });
    // A broken document is refused: the check above can fail.
    const broken = await validateOpenApi({ ...document, paths: { 'no-slash': {} } });
    expect(broken.valid).toBe(false);
  });

  it('is the document the API lint reads (npm run lint:api), built without the services running', () => {
    expect(document).toEqual(servedApiDescription());
  });

  it('documents every public route of every service, each under the tag of the service the gateway sends it to', () => {
    const documented = new Set(documentedRoutes(document));
    const tagOf = (route: string) => {
      const [method = '', p = ''] = route.split(' ');
      return ((document.paths?.[p] as Record<string, { tags?: string[] }>)[method.toLowerCase()]?.tags ?? [])[0];
    };
    const problems: string[] = [];
    for (const [service, serviceRouters] of routers) {
      const served = publicRoutesOf(serviceRouters);
      expect(served.length).toBeGreaterThan(0);
      for (const route of served) {
        if (!documented.has(route)) problems.push(`${route} (${service}) is not documented`);
        else if (tagOf(route) !== service) problems.push(`${route} is tagged ${tagOf(route)}, not ${service}`);
        if (serviceFor(route.split(' ')[1] ?? '') !== service)
          problems.push(`${route} (${service}) is not routed to ${service} by the gateway`);
      }
    }
    expect(problems).toEqual([]);
    for (const [prefix] of ROUTE_TABLE) {
      expect({ prefix, documented: [...documented].some((r) => (r.split(' ')[1] ?? '').startsWith(prefix)) }).toEqual({
        prefix,
        documented: true,
      });
    }
  });

  it("documents an investor type's action with avoid (不建議持有), and the report's own call without it (ADR 0054)", () => {
    const found: { actions: unknown[]; calls: unknown[] } = { actions: [], calls: [] };
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, { enum?: unknown[] }> }).properties;
      if (properties?.investorType && properties.action) found.actions.push(properties.action.enum);
      if (properties?.recommendation && properties.fairValue) found.calls.push(properties.recommendation);
      Object.values(node).forEach(walk);
    };
    walk(document);
    expect(found.actions.length).toBeGreaterThan(0);
    for (const actions of found.actions) expect(actions).toEqual(['strong_buy', 'buy', 'hold', 'sell', 'strong_sell', 'avoid']);
    expect(found.calls.length).toBeGreaterThan(0);
    expect(JSON.stringify(found.calls)).not.toContain('avoid');
  });

  it('documents only routes a service serves', () => {
    const served = new Set([...routers.values()].flatMap(publicRoutesOf));
    const notServed = documentedRoutes(document).filter((route) => !served.has(route) && !SERVED_ONLY_WHEN_CONFIGURED.has(route));
    expect(notServed).toEqual([]);
  });

  describe('real answers validate against their documented schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    let token = '';

    beforeAll(() => {
      ajv.addSchema(document as object, 'openapi.json');
    });

    const pointer = (...tokens: string[]) =>
      'openapi.json#/' + tokens.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

    /** Calls the gateway and checks the answer against the schema documented for its path, method and status. */
    async function call(method: string, documentedPath: string, options: { url?: string; body?: unknown; status?: number } = {}) {
      const res = await fetch(`${gateway.url}${options.url ?? documentedPath}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const body: unknown = await res.json();
      expect({ path: documentedPath, status: res.status, body }).toMatchObject({ status: options.status ?? 200 });
      const validate = ajv.compile({
        $ref: pointer(
          'paths',
          documentedPath,
          method.toLowerCase(),
          'responses',
          String(res.status),
          'content',
          'application/json',
          'schema',
        ),
      });
      const valid = validate(body);
      expect({ path: documentedPath, errors: validate.errors ?? [] }).toEqual({ path: documentedPath, errors: [] });
      expect(valid).toBe(true);
      return body as Record<string, unknown>;
    }

    it('register and login, profile, credits', async () => {
      const email = `${uniqueName('contract')}@example.com`;
      const registered = await call('POST', '/api/auth/register', {
        body: { email, password: 'secret-123', firstName: 'Ada', lastName: 'Lovelace' },
        status: 201,
      });
      token = String(registered.token);
      await call('POST', '/api/auth/login', { body: { email, password: 'secret-123' } });
      await call('GET', '/api/auth/verify');
      await call('GET', '/api/auth/providers');
      await call('GET', '/api/users/profile');
      await call('PUT', '/api/users/profile', { body: { investmentGoals: 'wealth,income', lossTolerance: 40 } });
      await waitFor('the billing account of the new user', async () => {
        const res = await fetch(`${gateway.url}/api/users/credits`, { headers: { authorization: `Bearer ${token}` } });
        return res.status === 200;
      });
      await call('GET', '/api/users/credits');
      await call('POST', '/api/users/topup', { body: { amount: 3 } });
      await call('POST', '/api/auth/login', { body: { email, password: 'wrong-password' }, status: 401 });
      await call('PUT', '/api/users/profile', { body: { lossTolerance: 'much' }, status: 400 });
    });

    it('stocks search and status, analysis start and result, history and stats', async () => {
      await call('GET', '/api/stocks', { url: '/api/stocks?q=AAPL&limit=5' });
      await call('GET', '/api/stocks');
      await call('GET', '/api/stocks/status/{symbol}', { url: '/api/stocks/status/AAPL' });
      await call('GET', '/api/stocks/{symbol}', { url: '/api/stocks/AAPL' });
      const started = await call('POST', '/api/analysis/analyze/{symbol}', { url: '/api/analysis/analyze/AAPL', body: {}, status: 202 });
      const id = String(started.analysisId);
      const finished = await waitFor(
        'the analysis to finish',
        async () => {
          const res = await fetch(`${gateway.url}/api/analysis/${id}`, { headers: { authorization: `Bearer ${token}` } });
          const view = (await res.json()) as { status: string };
          return view.status !== 'processing' && view;
        },
        60_000,
      );
      expect(finished.status).toBe('completed');
      const view = await call('GET', '/api/analysis/{id}', { url: `/api/analysis/${id}` });
      expect(view.results).toBeDefined();
      await call('POST', '/api/analyze-polling', { body: { analysis_id: id } });
      await call('POST', '/api/analyze-stocks', { body: { symbol: 'MSFT' }, status: 202 });
      const history = await call('GET', '/api/users/analysis-history', { url: '/api/users/analysis-history?page=1&limit=10' });
      expect((history.analyses as unknown[]).length).toBe(2);
      await call('GET', '/api/users/stats');
      await call('GET', '/api/analysis/{id}', { url: '/api/analysis/00000000-0000-4000-8000-000000000000', status: 404 });
    }, 90_000);

    it('watchlist, alerts, notifications and their settings', async () => {
      await call('POST', '/api/watchlist', { body: { symbol: 'aapl' }, status: 201 });
      await call('POST', '/api/watchlist', { body: { symbol: 'AAPL' }, status: 200 });
      await call('POST', '/api/watchlist', { body: { symbol: 'NOSUCHSTOCK' }, status: 404 });
      await call('POST', '/api/watchlist/{symbol}/alerts', {
        url: '/api/watchlist/AAPL/alerts',
        body: { kind: 'report_thresholds' },
        status: 201,
      });
      await call('POST', '/api/watchlist/{symbol}/alerts', {
        url: '/api/watchlist/AAPL/alerts',
        body: { kind: 'price_above' },
        status: 400,
      });
      const list = await call('GET', '/api/watchlist');
      expect(list.items).toEqual([expect.objectContaining({ symbol: 'AAPL' })]);
      await call('GET', '/api/notifications', { url: '/api/notifications?page=1&limit=10' });
      await call('PUT', '/api/notifications/settings', { body: { email: true } });
      await call('GET', '/api/notifications/settings');
      await call('POST', '/api/notifications/{id}/read', {
        url: '/api/notifications/00000000-0000-4000-8000-000000000000/read',
        status: 404,
      });
    });

    it('packages, plans and payments', async () => {
      const { packages } = await call('GET', '/api/payments/packages');
      expect(Object.keys(packages as object).length).toBeGreaterThan(0);
      await call('GET', '/api/subscriptions/plans');
      await call('GET', '/api/payments/config');
      await call('GET', '/api/subscriptions/current');
      await call('GET', '/api/users/payments', { url: '/api/users/payments?page=1&limit=5' });
      await call('GET', '/api/users/credit-history', { url: '/api/users/credit-history?page=1&limit=10' });
    });

    it('blog posts, search, tags and relevant posts', async () => {
      const page = await call('GET', '/api/ghost/blog/posts', { url: '/api/ghost/blog/posts?page=1&limit=15' });
      const [first] = page.posts as Array<{ slug: string }>;
      expect(first).toBeDefined();
      await call('GET', '/api/ghost/blog/posts/{slug}', { url: `/api/ghost/blog/posts/${first?.slug}` });
      await call('GET', '/api/ghost/blog/search', { url: '/api/ghost/blog/search?keywords=dividend&limit=4' });
      await call('GET', '/api/ghost/blog/tags', { url: '/api/ghost/blog/tags?tags=valuation&limit=10' });
      await call('GET', '/api/ghost/relevant-posts', { url: '/api/ghost/relevant-posts?productType=reit_or_trust&limit=3' });
      await call('GET', '/api/ghost/blog/relevant/{topic}', { url: '/api/ghost/blog/relevant/dividend?limit=3' });
    });

    it('the admin API, as an admin', async () => {
      const { token: adminToken } = await call('POST', '/api/auth/login', { body: ADMIN });
      token = String(adminToken);
      await call('GET', '/api/admin/stats');
      await call('GET', '/api/admin/stats/daily', { url: '/api/admin/stats/daily?days=7' });
      // The members directory is built from auth's events.
      const member = await waitFor('a member in the admin directory', async () => {
        const { members } = await call('GET', '/api/admin/members', { url: '/api/admin/members?page=1&limit=20' });
        return (members as Array<{ _id: string }>)[0];
      });
      await call('GET', '/api/admin/members/{id}', { url: `/api/admin/members/${member._id}` });
      await call('GET', '/api/admin/members/{id}/credit-history', { url: `/api/admin/members/${member._id}/credit-history?page=1` });
      await call('GET', '/api/admin/packages');
      await call('GET', '/api/admin/subscription-plans');
      await call('GET', '/api/admin/user-levels');
      await call('POST', '/api/admin/packages', {
        body: { type: 'contract_pack', name: 'Contract pack', credits: 7, price: 7.5 },
        status: 201,
      });
      await call('PUT', '/api/admin/packages/{key}', {
        url: '/api/admin/packages/contract_pack',
        body: { name: 'Contract pack', credits: 8, price: 8.5 },
      });
      await call('DELETE', '/api/admin/packages/{key}', { url: '/api/admin/packages/contract_pack' });
      await call('GET', '/api/admin/prompts');
      await call('GET', '/api/admin/cache');
      await call('GET', '/api/admin/perplexity-results', { url: '/api/admin/perplexity-results?page=1&limit=20' });
      await call('GET', '/api/admin/perplexity-stats');
      await call('GET', '/api/admin/perplexity-diagnostic');
      await call('POST', '/api/admin/test-perplexity-save');
      await call('GET', '/api/admin/user-activities', { url: '/api/admin/user-activities?page=1&limit=20' });
      await call('GET', '/api/admin/activity-stats', { url: '/api/admin/activity-stats?timeframe=30d' });
      await call('GET', '/api/admin/payments', { url: '/api/admin/payments?page=1&limit=20' });
      await call('GET', '/api/admin/payment-stats');
    });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { eventually, expectCount, expectText, expectValue } from './eventually';

const ADMIN = { email: 'api-admin@example.com', password: 'admin-password-1' };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'stockai-api-test-screens');

/**
 * The API testing page against the real app (production build, embedded infrastructure): an
 * admin picks endpoints from the API's own description and sees the raw answers; bad JSON and
 * a failed connection show the spec's messages; visitors and investors are turned away.
 */
describe('API testing page in the browser', () => {
  let web: WebApp;
  let adminToken: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    web = await startWebApp(() => ({ auth: { admin: ADMIN } }));
    adminToken = (await api('POST', '/api/auth/login', undefined, ADMIN)).token as string;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  async function api(method: string, pathname: string, token?: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(web.url(pathname), {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  }

  async function openPage(token: string | undefined, width = 1280): Promise<Page> {
    const context = await web.browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    if (token) await context.addInitScript((t: string) => localStorage.setItem('authToken', t), token);
    const page = await context.newPage();
    await page.goto(web.url('/api-test'));
    return page;
  }

  const endpoint = (page: Page, tag: string, method: string, pathname: string) =>
    page
      .getByRole('region', { name: tag, exact: true })
      .getByRole('button')
      .filter({ has: page.locator('.api-test__method', { hasText: new RegExp(`^${method}$`) }) })
      .filter({ has: page.locator('.api-test__path', { hasText: new RegExp(`^${pathname.replace(/[{}]/g, '\\$&')}$`) }) });

  test('an admin calls GET /users/profile and a POST with a body, and sees status, headers, time and body', async () => {
    const page = await openPage(adminToken);
    for (const tag of ['auth', 'billing', 'analysis', 'content', 'admin']) {
      await page.getByRole('heading', { name: tag, exact: true }).waitFor();
    }
    // The token field starts with the session's token.
    await expectValue(page.getByLabel('Bearer token'), adminToken);

    await endpoint(page, 'auth', 'GET', '/users/profile').click();
    await expectText(page.getByTestId('api-test-url'), '/api/users/profile');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectText(page.getByTestId('api-test-status'), /^200/);
    await eventually(
      async () => (await page.getByTestId('api-test-body').textContent()) ?? '',
      (body) => expect((JSON.parse(body) as { user: { email: string } }).user.email).toBe(ADMIN.email),
    );
    await expectText(page.getByTestId('api-test-timing'), /^\d+ ms$/);
    await page.getByText(/^Headers \(\d+\)$/).click();
    await page.getByText('content-type', { exact: true }).waitFor();

    // A POST with a body: the example body is filled in from the documented schema, then edited.
    await endpoint(page, 'billing', 'POST', '/users/topup').click();
    // The example is written into the field once the endpoint's form is drawn, after the click.
    await eventually(
      () => page.getByLabel('Request body (JSON)').inputValue(),
      (body) => expect(typeof (JSON.parse(body) as { amount: number }).amount).toBe('number'),
    );
    const before = (await api('GET', '/api/users/credits', adminToken)).paidCredits as number;
    await page.getByLabel('Request body (JSON)').fill('{ "amount": 7 }');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByTestId('api-test-body')
      .getByText(`"paidCredits": ${before + 7}`)
      .waitFor();
    await expectText(page.getByTestId('api-test-status'), /^200/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-test-1280.png'), fullPage: true });

    // An error answer is shown as the server sent it.
    await page.getByLabel('Request body (JSON)').fill('{ "amount": 0 }');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectText(page.getByTestId('api-test-status'), /^400/);
    await page.getByTestId('api-test-body').getByText('"code": "VALIDATION_FAILED"').waitFor();
  }, 60_000);

  test('a path parameter and the query fill the URL', async () => {
    const page = await openPage(adminToken);
    await endpoint(page, 'analysis', 'GET', '/stocks/{symbol}').click();
    await page.locator('#api-test-path-symbol').fill('AAPL');
    await expectText(page.getByTestId('api-test-url'), '/api/stocks/AAPL');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('api-test-body').getByText('"symbol": "AAPL"').first().waitFor();

    await endpoint(page, 'billing', 'GET', '/users/payments').click();
    await page.locator('#api-test-query-limit').fill('5');
    await expectText(page.getByTestId('api-test-url'), '/api/users/payments?page=1&limit=5');
  }, 60_000);

  test("bad JSON is refused before sending with the spec's message; a failed connection shows 'Network Error'", async () => {
    const page = await openPage(adminToken);
    const topups: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/topup')) topups.push(request.method());
    });
    await endpoint(page, 'billing', 'POST', '/users/topup').click();
    await page.getByLabel('Request body (JSON)').fill('{ "amount": ');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectText(page.getByRole('alert'), 'Invalid JSON in request body');
    expect(topups).toEqual([]);

    // The browser cannot reach the API (the connection is refused on its way out).
    await page.route('**/api/users/profile', (route) => route.abort('connectionrefused'));
    await endpoint(page, 'auth', 'GET', '/users/profile').click();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectText(page.getByRole('alert'), 'Network Error');
    await expectCount(page.getByTestId('api-test-status'), 0);
  }, 60_000);

  test('visitors and investors are turned away in the production build', async () => {
    const visitor = await openPage(undefined);
    await visitor.getByText('Please log in to access the admin panel.').waitFor();
    await expectCount(visitor.getByRole('button', { name: 'Send' }), 0);

    const investor = await api('POST', '/api/auth/register', undefined, {
      email: `api-test-${Date.now()}@example.com`,
      password: 'investor-pass-1',
      firstName: 'Mei',
      lastName: 'Chan',
    });
    const page = await openPage(investor.token as string);
    await page.getByText('Access denied. Admin privileges required.').waitFor();
    await expectCount(page.getByRole('button', { name: 'Send' }), 0);
  }, 60_000);

  test('fits a phone (375 px), and the API reference renders the same document', async () => {
    const page = await openPage(adminToken, 375);
    await endpoint(page, 'auth', 'GET', '/users/profile').click();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectText(page.getByTestId('api-test-status'), /^200/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-test-375.png'), fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(web.url('/api/docs'));
    await page.getByText('StockAI API', { exact: false }).first().waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/users/profile' }).first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-docs-1280.png') });
  }, 60_000);
});

import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_LIST_TABS } from './admin-tabs';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { eventually, expectCount, expectText, expectTextContaining } from './eventually';

/** Where the admin screens' screenshots go, to look at after a run (not compared with anything). */
const SCREENSHOTS = path.join(process.env.E2E_SCREENSHOT_DIR ?? path.join(__dirname, 'screenshots'), 'admin');
const ADMIN = { email: 'admin@e2e.stockai.test', password: 'admin-pass-123' };
const WIDTHS = [1280, 375];

/**
 * The admin area in the browser against the real app (admin API, billing, analysis): each tab
 * and the payment page as an admin, the refusals for a visitor and an investor, and the admin
 * chunk kept out of what an investor downloads.
 */
describe('admin area in the browser', () => {
  let web: WebApp;
  let userToken: string;
  let adminToken: string;
  let context: BrowserContext;
  let page: Page;

  const post = async (pathname: string, body: unknown, token?: string) => {
    const res = await fetch(web.url(pathname), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    web = await startWebApp(() => ({ auth: { admin: ADMIN } }));
    userToken = (
      await post('/api/auth/register', {
        email: `investor-${Date.now()}@example.com`,
        password: 'investor-1',
        firstName: 'Ivy',
        lastName: 'Investor',
      })
    ).token as string;
    adminToken = (await post('/api/auth/login', ADMIN)).token as string;
    // One paid package, so the payments list and its statistics have a row.
    const intent = await post('/api/payments/create-payment-intent', { packageType: 'basic' }, userToken);
    await post(
      '/api/payments/demo/pay',
      { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: '4242424242424242' },
      userToken,
    );
    await post('/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId }, userToken);
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
  });

  /** A new page at `pathname`; `watch` sees the page before it loads, e.g. to record its requests. */
  async function open(pathname: string, token: string | null, width = 1280, watch?: (page: Page) => void) {
    context = await web.browser.newContext({ viewport: { width, height: 900 } });
    if (token) await context.addInitScript((value: string) => localStorage.setItem('authToken', value), token);
    page = await context.newPage();
    watch?.(page);
    await page.goto(web.url(pathname));
  }

  afterEach(async () => {
    await context?.close();
  });

  const shoot = (name: string, width: number) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });

  test('an investor never downloads the admin chunk', async () => {
    // Every script from the first request on: one load, not a load and then a reload (on a busy
    // machine the two took longer than the test's time).
    const scripts: string[] = [];
    await open('/', userToken, 1280, (opened) =>
      opened.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      }),
    );
    await page.getByTestId('credit-balance').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /admin-routes/.test(s))).toEqual([]);
  });

  test('a visitor is asked to log in, an investor is denied, on both dashboard and payment pages', async () => {
    for (const pathname of ['/admin', '/x7k9m2p8q', '/payment-management', '/x7k9m2p8q/payments']) {
      await open(pathname, null);
      await page.getByText('Please log in to access the admin panel.').waitFor();
      await context.close();
      await open(pathname, userToken);
      await page.getByText('Access denied. Admin privileges required.').waitFor();
      if (pathname === '/x7k9m2p8q') await shoot('denied', 1280);
      await context.close();
    }
  });

  for (const width of WIDTHS) {
    test(`an admin opens every tab (${width} px)`, async () => {
      await open('/x7k9m2p8q', adminToken, width);
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      const stats = page.getByTestId('admin-dashboard-stats');
      await stats.waitFor();
      await expectText(stats, /Total\s*\d+/);
      await shoot('dashboard', width);

      for (const [tab, testId] of ADMIN_LIST_TABS) {
        await page.getByRole('button', { name: tab, exact: true }).click();
        await page.getByTestId(testId).waitFor();
        await shoot(tab.toLowerCase().replace(/ /g, '-'), width);
      }
      await page.getByRole('button', { name: 'Prompts', exact: true }).click();
      await page.getByText('Current model').waitFor();
      await shoot('prompts', width);

      // The members list holds the investor; the admin's own row cannot be deleted.
      await page.getByRole('button', { name: 'Members', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search members by e-mail' }).fill(ADMIN.email);
      await page.getByRole('button', { name: 'Search' }).click();
      const own = page.getByTestId('members-table').getByRole('row', { name: new RegExp(ADMIN.email) });
      await own.waitFor();
      await eventually(
        () => own.getByRole('button', { name: 'Delete' }).isDisabled(),
        (disabled) => expect(disabled).toBe(true),
      );
      // The unfiltered page (several members since the directory fill) may still be on screen: wait for the search's answer.
      await page.getByTestId('members-table').getByRole('row').nth(2).waitFor({ state: 'detached' });
      await expectCount(page.getByTestId('members-table').getByRole('row'), 2);

      await page.getByRole('link', { name: 'Payments' }).click();
      await page.waitForURL('**/x7k9m2p8q/payments');
      await page.getByRole('heading', { name: 'Payment Management' }).waitFor();
    });
  }

  for (const width of WIDTHS) {
    test(`the dashboard draws revenue and analyses for each of the last 30 UTC days (${width} px)`, async () => {
      const res = await fetch(web.url('/api/admin/payments?page=1&limit=100&status=completed'), {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const { payments } = (await res.json()) as { payments: Array<{ amount: number; currency: string }> };
      const [paid] = payments;
      expect(paid).toBeDefined();
      const total = payments.filter((p) => p.currency === paid?.currency).reduce((sum, p) => sum + p.amount, 0);
      const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: paid?.currency }).format(total);

      await open('/x7k9m2p8q', adminToken, width);
      const charts = page.getByTestId('admin-daily-charts');
      const revenue = charts.getByRole('figure', { name: `Revenue per day (${paid?.currency})` });
      await revenue.waitFor();
      await eventually(
        () => revenue.getAttribute('aria-describedby'),
        (id) => expect(id).toBeTruthy(),
      );
      await expectTextContaining(revenue, `${money} in total`);
      // One bar a day, the quiet days too (of zero height), and today's labelled on the axis.
      await expectCount(revenue.locator('rect.admin-chart__bar'), 30);
      const today = new Date().toISOString().slice(5, 10);
      await eventually(
        () => revenue.locator('svg text').allTextContents(),
        (labels) => expect(labels).toContain(today),
      );
      const analyses = charts.getByRole('figure', { name: 'Analyses per day' });
      await expectCount(analyses.locator('table tbody tr'), 30);
      // The chart takes its width from its box once measured: wait for a drawn width, then it must fit.
      await eventually(
        async () => Number(await revenue.locator('svg.admin-chart__svg').getAttribute('width')),
        (svgWidth) => {
          expect(svgWidth).toBeGreaterThan(0);
          expect(svgWidth).toBeLessThanOrEqual(width);
        },
      );
      await charts.scrollIntoViewIfNeeded();
      await shoot('dashboard-chart', width);
    });
  }

  for (const width of WIDTHS) {
    test(`the investor sees an admin's credit adjustment, labelled 管理員調整, with the reason in their billing tab (${width} px)`, async () => {
      const investor = (await (await fetch(web.url('/api/auth/verify'), { headers: { authorization: `Bearer ${userToken}` } })).json()) as {
        user: { id: string };
      };
      const reason = `Goodwill for the outage at ${width} px`;
      const before = (await (await fetch(web.url('/api/users/credits'), { headers: { authorization: `Bearer ${userToken}` } })).json()) as {
        paidCredits: number;
      };
      const res = await fetch(web.url(`/api/admin/members/${investor.user.id}`), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ paidCredits: before.paidCredits + 2, reason }),
      });
      expect(res.status).toBe(200);

      await open('/profile?tab=billing', userToken, width);
      const history = page.getByTestId('credit-history');
      const row = history.getByRole('row', { name: new RegExp(reason) });
      await row.waitFor();
      await expectTextContaining(row, '管理員調整');
      await expectTextContaining(row, '+2');
      await history.scrollIntoViewIfNeeded();
      await shoot('member-credit-history', width);
    });
  }

  test('editing a package shows the spec message for 3 seconds, and the price reaches the purchase list', async () => {
    await open('/admin', adminToken);
    await page.getByRole('button', { name: 'Packages', exact: true }).click();
    const card = page.getByTestId('package-cards').getByRole('listitem').first();
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Price').fill('12.34');
    await page.getByRole('button', { name: 'Save' }).click();
    const message = page.getByText('Package updated successfully');
    await message.waitFor();
    await message.waitFor({ state: 'detached', timeout: 6000 });
    const { packages } = (await (await fetch(web.url('/api/payments/packages'))).json()) as { packages: Record<string, { price: number }> };
    expect(Object.values(packages).map((p) => p.price)).toContain(12.34);
  });

  for (const width of WIDTHS) {
    test(`the payment page lists the purchase, its statistics and package management (${width} px)`, async () => {
      await open('/x7k9m2p8q/payments', adminToken, width);
      const table = page.getByTestId('payments-table');
      await table.waitFor();
      await expectTextContaining(table, 'credit purchase');
      // The package's name as it was bought, beside its type.
      const { packages } = (await (await fetch(web.url('/api/payments/packages'))).json()) as {
        packages: Record<string, { name: string }>;
      };
      const basicName = packages.basic?.name as string;
      await expectTextContaining(table, `${basicName} (basic)`);
      await shoot('payments', width);

      // A filter with no match empties the list, Clear brings it back.
      await page.getByLabel('Status').selectOption('failed');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Page 1 of 1 (0)').waitFor();
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByText(/Page 1 of 1 \([1-9]/).waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('date,email,name,user id,type,package,package name,credits,amount,currency,status,payment id');
      expect(csv).toContain('credit purchase');
      expect(csv).toContain(`,basic,${basicName},`);

      await page.getByRole('button', { name: 'Statistics' }).click();
      const stats = page.getByTestId('payment-stats');
      await stats.waitFor();
      await expectText(stats, /Successful\s*[1-9]/);
      await shoot('payment-stats', width);

      await page.getByRole('button', { name: 'Package Management' }).click();
      await page.getByTestId('package-cards').waitFor();
      await shoot('payment-packages', width);
    });
  }
});

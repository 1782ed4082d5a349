import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@stockai/platform/src/testing';
import { seriousViolations } from './axe';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { eventually, expectAttribute, expectCount, expectTextContaining } from './eventually';

/**
 * Issue 29 in the browser against the real app, alerts evaluated every second: 加入自選 on a
 * report, the 自選股 tab with the report's prices and an alert, the bell once that alert fires,
 * read-all, removing the stock, the toggle on a history row and the e-mail setting. axe at 1280
 * and 375 px on the watchlist and with the notifications open; screenshots to E2E_SCREENSHOTS.
 */
describe('the watchlist in the browser', () => {
  let web: WebApp;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let analysisId: string;
  const screenshots = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'watchlist-'));

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(web.url(pathname), {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const watchlist = async () => (await api('GET', '/api/watchlist')).body as { items: { symbol: string; lastPrice: number | null }[] };
  const unread = async () => Number((await api('GET', '/api/notifications')).body.unread);

  /** axe's serious and critical findings at both widths, and a screenshot of each. */
  async function checkAtBothWidths(name: string) {
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
      expect({ screen: `${name} at ${width}`, violations: await seriousViolations(page) }).toEqual({
        screen: `${name} at ${width}`,
        violations: [],
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    web = await startWebApp(() => ({ analysis: { alertCheckSeconds: 1 } }));
    const res = await fetch(web.url('/api/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `watchlist-${Date.now()}@example.com`,
        password: 'watchlist-pass-1',
        firstName: '家明',
        lastName: '何',
      }),
    });
    token = ((await res.json()) as { token: string }).token;
    await waitFor('the credit account', async () => (await api('GET', '/api/users/credits')).status === 200, 20_000);
    const start = await api('POST', '/api/analysis/analyze/AAPL', {});
    analysisId = start.body.analysisId as string;
    await waitFor(
      'the analysis to complete',
      async () => (await api('GET', `/api/analysis/${analysisId}`)).body.status === 'completed',
      60_000,
    );
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
  });

  beforeEach(async () => {
    context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((value: string) => localStorage.setItem('authToken', value), token);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  test('加入自選 on a report, the tab with the report and an alert, the bell when it fires, read-all, then removed', async () => {
    await page.goto(web.url(`/?analysis=${analysisId}`));
    const toggle = page.getByRole('button', { name: '加入自選 AAPL' });
    await toggle.waitFor();
    await expectAttribute(toggle, 'aria-pressed', 'false');
    await eventually(
      () => toggle.isEnabled(),
      (enabled) => expect(enabled).toBe(true),
    );
    await toggle.click();
    const added = page.getByRole('button', { name: '已加入自選 AAPL' });
    await expectAttribute(added, 'aria-pressed', 'true');
    await page
      .locator('.analysis-results')
      .first()
      .screenshot({ path: path.join(screenshots, 'toggle-report-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(screenshots, 'toggle-report-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await watchlist()).items.map((item) => item.symbol)).toEqual(['AAPL']);

    // The third tab, to the stock with its last report's call and prices.
    await page.getByRole('link', { name: '自選股' }).click();
    const card = page.getByTestId('watchlist-card');
    await expectCount(card, 1);
    await expectTextContaining(card, 'AAPL');
    for (const label of ['最新股價', '報告評級', '合理價', '買入價', '賣出價']) await expectTextContaining(card, label);
    await expectTextContaining(card, '較現價');
    await expectTextContaining(page.getByTestId('watchlist-count'), '已關注 1 / 10 隻股票');

    // An alert already across: price_above at half today's price fires within a round or two.
    const price = (await watchlist()).items[0]!.lastPrice!;
    expect(price).toBeGreaterThan(0);
    const threshold = Math.round(price * 50) / 100;
    await card.getByLabel('價格').fill(String(threshold));
    await card.getByRole('button', { name: '新增提示' }).click();
    await expectTextContaining(card.getByTestId('watchlist-alerts'), '股價升穿 USD');
    await checkAtBothWidths('watchlist-filled');

    await waitFor('the alert to fire', async () => (await unread()) === 1, 20_000);
    // The bell asks every minute and on focus; a reload reads it now.
    await page.reload();
    const bell = page.getByRole('button', { name: '通知，1 則未讀' });
    await bell.waitFor();
    await expectTextContaining(page.getByTestId('notification-badge'), '1');
    await bell.click();
    const panel = page.getByTestId('notifications-panel');
    await expectTextContaining(panel, 'AAPL');
    await expectTextContaining(panel, '升穿');
    await checkAtBothWidths('notifications-open');
    await panel.getByRole('button', { name: '全部標為已讀' }).click();
    await page.getByRole('button', { name: '通知，沒有未讀' }).waitFor();
    await expectCount(page.getByTestId('notification-badge'), 0);
    expect(await unread()).toBe(0);
    await page.keyboard.press('Escape');
    await expectCount(panel, 0);

    await page.getByRole('button', { name: '移除 AAPL' }).click();
    await page.getByTestId('watchlist-empty').waitFor();
    await expectTextContaining(page.getByTestId('watchlist-empty'), '加入自選');
    await checkAtBothWidths('watchlist-empty');
    expect((await watchlist()).items).toEqual([]);
  }, 180_000);

  test('加入自選 on a history row, 重新分析 from the watchlist, and the e-mail setting saved off → on', async () => {
    await page.goto(web.url('/history'));
    const rowToggle = page.getByTestId('history-list').getByRole('button', { name: '加入自選 AAPL' });
    await rowToggle.waitFor();
    await eventually(
      () => rowToggle.isEnabled(),
      (enabled) => expect(enabled).toBe(true),
    );
    await rowToggle.click();
    await expectAttribute(page.getByTestId('history-list').getByRole('button', { name: '已加入自選 AAPL' }), 'aria-pressed', 'true');
    await page.screenshot({ path: path.join(screenshots, 'toggle-history-1280.png') });
    // On a phone the row keeps both of its buttons inside it.
    await page.setViewportSize({ width: 375, height: 812 });
    const row = page.getByTestId('history-list').locator('li').first();
    const [rowBox, toggleBox] = await Promise.all([row.boundingBox(), row.getByTestId('watchlist-toggle').boundingBox()]);
    expect(toggleBox!.x + toggleBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
    await page.screenshot({ path: path.join(screenshots, 'toggle-history-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await watchlist()).items.map((item) => item.symbol)).toEqual(['AAPL']);

    // 重新分析: confirmed, then the main page's flow (one credit, an Idempotency-Key) to the new report.
    const spendable = async () => {
      const { body } = await api('GET', '/api/users/credits');
      return Number(body.paidCredits) + Number(body.dailyCredits);
    };
    const before = await spendable();
    const startKeys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/analysis/analyze/AAPL') startKeys.push(request.headers()['idempotency-key']);
    });
    await page.getByRole('link', { name: '自選股' }).click();
    await page.getByRole('button', { name: '重新分析 AAPL' }).click();
    const dialog = page.getByRole('dialog', { name: '重新分析 AAPL' });
    await expectTextContaining(dialog, '1 點分析點數');
    await dialog.getByRole('button', { name: '確定重新分析' }).click();
    await page.getByRole('heading', { name: 'AAPL 分析報告' }).waitFor({ timeout: 60_000 });
    expect(startKeys).toHaveLength(1);
    expect(startKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor('the credit to be spent', async () => (await spendable()) === before - 1, 10_000);
    // The request is not kept in the page's history entry: a reload starts nothing.
    await page.reload();
    await page.getByRole('combobox', { name: '股票代碼' }).waitFor();
    expect(startKeys).toHaveLength(1);

    expect((await api('GET', '/api/notifications/settings')).body).toEqual({ email: false });
    await page.goto(web.url('/profile?tab=notifications'));
    const box = page.getByRole('checkbox', { name: '以電郵接收自選股提示' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByText('已開啟電郵提示。').waitFor();
    expect((await api('GET', '/api/notifications/settings')).body).toEqual({ email: true });
  }, 120_000);
});

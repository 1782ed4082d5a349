import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@stockai/platform/src/testing';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { eventually, expectAttribute, expectCount, expectText } from './eventually';

/**
 * The article pages against the real app (built-in library, embedded database): an article
 * renders whole, its related reading is a 2-column grid of up to 4 cards with at most 3 tags,
 * and following a related link opens that article; a report whose stock no article covers
 * says so. With SCREENSHOT_DIR set, the pages are also photographed at desktop and phone sizes.
 */
describe('article pages in the browser', () => {
  let web: WebApp;
  let context: BrowserContext;
  let page: Page;
  const shots = process.env.SCREENSHOT_DIR;

  beforeAll(async () => {
    web = await startWebApp();
    if (shots) fs.mkdirSync(shots, { recursive: true });
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
  });

  afterEach(async () => {
    await context?.close();
  });

  async function open(pathname: string, viewport = { width: 1280, height: 800 }) {
    context = await web.browser.newContext({ viewport });
    page = await context.newPage();
    await page.goto(web.url(pathname));
  }

  /** Scrolls to the end first, so lazily loaded cover images are in the picture. */
  const photograph = async (name: string) => {
    if (!shots) return;
    await page.screenshot({ path: path.join(shots, `${name}-top.png`) });
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction(() =>
        Array.from(document.images).every(
          (img) => img.loading !== 'lazy' || img.complete || img.getBoundingClientRect().top > window.innerHeight,
        ),
      );
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };

  it('shows an article and follows a related link to another article', async () => {
    await open('/articles/dividend-investing-basics');
    const article = page.locator('article.article-view');
    await expectText(article.getByRole('heading', { level: 1 }), '股息投資入門：息率、派息比率與除淨日');
    await eventually(
      () => page.title(),
      (title) => expect(title).toBe('股息投資入門：息率、派息比率與除淨日 | StockAI'),
    );
    await eventually(
      async () => ({
        headings: await article.locator('.article-view__body h2').count(),
        paragraphs: await article.locator('.article-view__body p').count(),
      }),
      (body) => {
        expect(body.headings).toBeGreaterThanOrEqual(3);
        expect(body.paragraphs).toBeGreaterThanOrEqual(4);
      },
    );
    await expectText(article.locator('.article-view__meta'), /2026年2月23日 · \d+ 分鐘閱讀/);
    const cover = article.locator('img.article-view__image');
    await page.waitForFunction(() => (document.querySelector('img.article-view__image') as HTMLImageElement | null)?.naturalWidth === 1200);
    await expectAttribute(cover, 'src', '/api/ghost/images/dividend-investing-basics.svg');

    const related = page.locator('section.article-section', { has: page.getByRole('heading', { name: '延伸閱讀' }) });
    const cards = related.locator('article.article-card');
    const count = await eventually(
      () => cards.count(),
      (value) => {
        expect(value).toBeGreaterThanOrEqual(2);
        expect(value).toBeLessThanOrEqual(4);
      },
    );
    for (let i = 0; i < count; i++) expect(await cards.nth(i).locator('.article-tags__tag').count()).toBeLessThanOrEqual(3);
    const titles = await cards.locator('h3').allTextContents();
    expect(titles).not.toContain('股息投資入門：息率、派息比率與除淨日');
    // Two columns: the first two cards sit side by side.
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width);
    await photograph('article-1280');

    const target = titles[0]!;
    await cards.first().getByRole('link').click();
    await page.waitForURL(/\/articles\/(?!dividend-investing-basics)[a-z0-9-]+$/);
    // The address changes at the click; the article under it comes with its answer.
    await page.locator('article.article-view h1', { hasText: target }).waitFor();
    await expectText(page.locator('article.article-view h1'), target);
  });

  it('lays the related grid out in one column on a phone', async () => {
    await open('/articles/reits-explained', { width: 390, height: 844 });
    const cards = page.locator('section.article-section article.article-card');
    await cards.nth(1).waitFor();
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(Math.round(a!.x)).toBe(Math.round(b!.x));
    await photograph('article-390');
  });

  it('says 暫時沒有找到相關文章 under a report whose stock no article covers (MMM: 3M, Industrial Conglomerates)', async () => {
    const register = await fetch(web.url('/api/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `articles-${Date.now()}@example.com`, password: 'articles-pass-1', firstName: '志明', lastName: '李' }),
    });
    const { token } = (await register.json()) as { token: string };
    const api = (method: string, pathname: string, body?: unknown) =>
      fetch(web.url(pathname), {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await waitFor('the credit account', async () => (await api('GET', '/api/users/credits')).status === 200, 20_000);
    expect((await api('POST', '/api/users/topup', { amount: 1 })).status).toBe(200);

    context = await web.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((value: string) => localStorage.setItem('authToken', value), token);
    page = await context.newPage();
    await page.goto(web.url('/'));
    const symbol = page.getByRole('combobox', { name: '股票代碼' });
    await symbol.pressSequentially('mmm');
    await page.getByRole('option', { name: /^MMM\b/ }).click();
    const searched = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/ghost/blog/search');
    await page.getByRole('button', { name: '開始分析' }).click();
    // The search really ran and found nothing: the empty state is not a failure in disguise.
    const answer = await searched;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ success: true, posts: [] });
    expect(new URL(answer.url()).searchParams.get('keywords')).toMatch(/^MMM 3M /);
    const related = page.getByTestId('related-articles');
    await related.getByText('暫時沒有找到相關文章').waitFor();
    await expectCount(related.locator('article.article-card'), 0);
  }, 90_000);

  it('offers starter articles for an address that leads nowhere', async () => {
    await open('/articles/no-such-article');
    await page.getByRole('heading', { name: '找不到這篇文章' }).waitFor();
    const starters = page.locator('section.article-section', { has: page.getByRole('heading', { name: '相關投資知識' }) });
    await eventually(
      () => starters.locator('article.article-card').count(),
      (cards) => {
        expect(cards).toBeGreaterThanOrEqual(1);
        expect(cards).toBeLessThanOrEqual(3);
      },
    );
    await photograph('article-not-found-1280');
    await context.close();
    await open('/articles/no-such-article', { width: 390, height: 844 });
    await page.locator('section.article-section article.article-card').first().waitFor();
    await photograph('article-not-found-390');
  });
});

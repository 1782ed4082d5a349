import type { BrowserContext, Page } from 'playwright-core';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { eventually, expectAttribute, expectCount, expectText, expectTextContaining, expectValue } from './eventually';

/**
 * The whole product on one port (gateway serving web/dist plus the API, embedded databases),
 * driven through the real login page: no API is mocked.
 */
describe('login page and header in the browser', () => {
  let web: WebApp;

  beforeAll(async () => {
    web = await startWebApp();
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
  });

  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await web.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  const url = (pathname: string) => web.url(pathname);
  const header = () => page.locator('header.app-header');

  async function submitLoginForm(email: string, password: string) {
    await page.getByLabel('電子郵件').fill(email);
    await page.getByLabel('密碼', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: '登入', exact: true }).click();
  }

  async function logOutFromHeader() {
    const dialogMessage = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await header().getByRole('button', { name: '登出' }).click();
    expect(await dialogMessage).toBe('確定要登出嗎？');
    await page.waitForURL(url('/login'));
  }

  test('a new user registers, sees name and credits, logs out and logs in again', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'correct-horse-9';

    await page.goto(url('/login'));
    await page.getByRole('button', { name: '註冊', exact: true }).first().click();
    await page.getByLabel('名字').fill('Amy');
    await page.getByLabel('姓氏').fill('Chan');
    await page.getByLabel('電子郵件').fill(email);
    await page.getByLabel('密碼', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: '註冊', exact: true }).click();

    await page.waitForURL(url('/'));
    const user = page.getByTestId('header-user');
    await expectTextContaining(user, 'Amy Chan');
    await expectTextContaining(user, email);
    // The e-mail may be cut short with an ellipsis; the full name and address are in the title.
    await expectAttribute(user, 'title', `Amy Chan\n${email}`);
    await page.getByTestId('credit-balance').filter({ hasNotText: '載入中' }).waitFor();
    await expectText(page.getByTestId('credit-balance'), /點數\s*(\(\d+\)\+)?\d+(\/\d+)?$/);

    await logOutFromHeader();
    await eventually(
      () => page.evaluate(() => localStorage.getItem('authToken')),
      (token) => expect(token).toBeNull(),
    );

    // A wrong password is the user's to fix: the form says so, the console stays quiet.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    await submitLoginForm(email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: '登入失敗，請檢查您的帳號密碼' }).first().waitFor();
    expect(consoleErrors).toEqual([]);

    await submitLoginForm(email, password);
    await page.waitForURL(url('/'));
    await expectTextContaining(page.getByTestId('header-user'), 'Amy Chan');
    await eventually(
      () => page.evaluate(() => localStorage.getItem('authToken')),
      (token) => expect(token).toBeTruthy(),
    );

    await logOutFromHeader();
  }, 90_000);

  test('between phone and desktop widths the header fits: in one row with name and e-mail, or collapsed into the menu', async () => {
    const email = `e2e-header-width-${Date.now()}@example.com`;
    const signup = await fetch(url('/api/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'header-pass-1', firstName: '美玲', lastName: '陳' }),
    });
    const { token } = (await signup.json()) as { token: string };
    await context.addInitScript((value: string) => localStorage.setItem('authToken', value), token);

    for (const width of [768, 900, 1024, 1099, 1100, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url('/'));
      await page.getByTestId('credit-balance').filter({ hasNotText: '載入中' }).waitFor({ state: 'attached' });
      // Nothing sticks out of the page sideways once the header has its balance.
      await eventually(
        () => page.evaluate(() => document.documentElement.scrollWidth),
        (scrollWidth) => expect(scrollWidth).toBeLessThanOrEqual(width),
      );
      const toggle = header().getByRole('button', { name: '開啟選單' });
      if (width < 1100) {
        await toggle.click();
      } else {
        await toggle.waitFor({ state: 'hidden' });
      }
      // The user's name and e-mail are shown in either form of the header.
      await page.getByTestId('header-user').getByText('陳美玲').waitFor();
      await page.getByTestId('header-user').locator('.app-header__user-email').waitFor();
      await header().getByRole('button', { name: '購買點數' }).waitFor();
    }
  }, 60_000);

  test('a visitor sees the login/register button and is sent from /profile to /', async () => {
    await page.goto(url('/'));
    await header().getByRole('button', { name: '登入/註冊' }).waitFor();
    await expectCount(page.getByTestId('credit-balance'), 0);

    await page.goto(url('/profile'));
    await page.waitForURL(url('/'));
    await header().getByRole('button', { name: '登入/註冊' }).waitFor();
  }, 60_000);

  test('after logging in from a protected page the user returns to it', async () => {
    await page.goto(url('/history'));
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await page.waitForURL(url('/login'));
    await page.getByRole('button', { name: '註冊', exact: true }).first().click();
    await page.getByLabel('名字').fill('大文');
    await page.getByLabel('姓氏').fill('陳');
    await page.getByLabel('電子郵件').fill(`e2e-return-${Date.now()}@example.com`);
    await page.getByLabel('密碼', { exact: true }).fill('another-pass-7');
    await page.locator('form').getByRole('button', { name: '註冊', exact: true }).click();

    await page.waitForURL(url('/history'));
    await page.getByRole('heading', { name: '分析歷史記錄' }).waitFor();
    await expectTextContaining(page.getByTestId('header-user'), '陳大文');
  }, 60_000);

  test('a visitor who tries to analyse logs in through the modal, whose mode switch clears the form, and the analysis then starts', async () => {
    const email = `e2e-modal-${Date.now()}@example.com`;
    const signup = await fetch(url('/api/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'modal-pass-1', firstName: 'Modal', lastName: 'User' }),
    });
    expect(signup.status).toBe(201);

    await page.goto(url('/'));
    await page.getByPlaceholder('例如 AAPL 或 0700.HK').fill('AAPL');
    await page.getByRole('button', { name: '開始分析' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('請先登入').waitFor();

    await modal.getByLabel('電子郵件').fill(email);
    await modal.getByRole('button', { name: '註冊', exact: true }).first().click();
    await modal.getByRole('button', { name: '登入', exact: true }).first().click();
    await expectValue(modal.getByLabel('電子郵件'), '');

    await modal.getByLabel('電子郵件').fill(email);
    await modal.getByLabel('密碼', { exact: true }).fill('modal-pass-1');
    await modal.locator('form').getByRole('button', { name: '登入', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await expectTextContaining(page.getByTestId('header-user'), 'Modal User');
    expect(page.url()).toBe(url('/'));

    // The analysis the visitor asked for resumes after the login, for the same symbol.
    await page.getByTestId('result-basic').getByText('AAPL', { exact: true }).waitFor({ timeout: 60_000 });
    const history = await fetch(url('/api/users/analysis-history?page=1&limit=10'), {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
    });
    expect(JSON.stringify(await history.json())).toContain('"AAPL"');
  }, 90_000);
});

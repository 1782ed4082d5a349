import path from 'node:path';
import type { Page } from 'playwright-core';
import { waitFor } from '@stockai/platform/src/testing';
import { freePort } from '../../tests/support/gateway';
import { startSmtpSink } from '../../tests/support/smtp-sink';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { expectText, expectTextContaining } from './eventually';

/**
 * The whole account journey in the browser, against the real app (all-in-one) with e-mail over
 * SMTP to a server on loopback: register → log out → log in → forgot password → the e-mail's
 * link → reset → log in with the new password.
 */
describe('password recovery in the browser', () => {
  let web: WebApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // The e-mailed link must point at the app, so its port is chosen before it starts.
    const port = await freePort();
    web = await startWebApp((dataDir) => ({
      port,
      host: '127.0.0.1',
      auth: {
        appUrl: `http://127.0.0.1:${port}`,
        mail: { smtpUrl: smtp.url, from: 'StockAI <no-reply@example.com>', outboxDir: path.join(dataDir, 'mail') },
      },
    }));
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
    await smtp?.close();
  });

  const url = (pathname: string) => web.url(pathname);

  async function logIn(page: Page, email: string, password: string) {
    await page.getByLabel('電子郵件').fill(email);
    await page.getByLabel('密碼', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: '登入', exact: true }).click();
    await page.waitForURL(url('/'));
  }

  async function logOut(page: Page) {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('header.app-header').getByRole('button', { name: '登出' }).click();
    await page.waitForURL(url('/login'));
  }

  test('register, log out, log in, reset the password from the e-mail, log in with the new one', async () => {
    const context = await web.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const email = `reset-${Date.now()}@example.com`;

    await page.goto(url('/login'));
    await page.getByRole('button', { name: '註冊', exact: true }).first().click();
    await page.getByLabel('名字').fill('嘉欣');
    await page.getByLabel('姓氏').fill('李');
    await page.getByLabel('電子郵件').fill(email);
    await page.getByLabel('密碼', { exact: true }).fill('old-password-1');
    await page.locator('form').getByRole('button', { name: '註冊', exact: true }).click();
    await page.waitForURL(url('/'));
    await logOut(page);
    await logIn(page, email, 'old-password-1');
    await logOut(page);

    await page.getByRole('link', { name: '忘記密碼？' }).click();
    await page.waitForURL(url('/forgot-password'));
    await page.getByLabel('電子郵件').fill('not-an-address');
    await page.getByRole('button', { name: '寄送重設連結' }).click();
    await page.getByRole('alert').filter({ hasText: '請輸入有效的電子郵件地址' }).waitFor();
    await page.getByLabel('電子郵件').fill(email);
    await page.getByRole('button', { name: '寄送重設連結' }).click();
    await page.getByTestId('reset-email-sent').waitFor();

    const mail = await waitFor('the reset e-mail', () => smtp.mails.find((m) => m.to.includes(email)), 15_000);
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    await page.goto(link as string);
    await expectText(page.getByTestId('reset-email'), email);
    await page.getByLabel('新密碼', { exact: true }).fill('new-password-2');
    await page.getByLabel('確認新密碼').fill('something-else');
    await page.getByRole('button', { name: '重設密碼' }).click();
    await page.getByRole('alert').filter({ hasText: '兩次輸入的密碼不一致' }).waitFor();
    await page.getByLabel('確認新密碼').fill('new-password-2');
    await page.getByRole('button', { name: '重設密碼' }).click();
    await page.getByRole('status').filter({ hasText: '密碼已成功重設' }).waitFor();
    await page.waitForURL(url('/login'), { timeout: 10_000 });

    await page.getByLabel('電子郵件').fill(email);
    await page.getByLabel('密碼', { exact: true }).fill('old-password-1');
    await page.locator('form').getByRole('button', { name: '登入', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '登入失敗，請檢查您的帳號密碼' }).first().waitFor();
    await logIn(page, email, 'new-password-2');
    await expectTextContaining(page.getByTestId('header-user'), email);

    // The link is single use.
    await page.goto(link as string);
    await page.getByRole('alert').filter({ hasText: '此重設連結無效或已過期' }).waitFor();
    await context.close();
  }, 120_000);
});

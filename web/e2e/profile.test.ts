import type { BrowserContext, Page } from 'playwright-core';
import { RISK_QUESTIONS } from '@stockai/contracts';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { eventually, expectCount, expectTextContaining } from './eventually';

/** The profile page against the real app: basic info, the risk questionnaire, the password. */
describe('profile page in the browser', () => {
  let web: WebApp;
  let context: BrowserContext;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    web = await startWebApp();
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
  });

  const url = (pathname: string) => web.url(pathname);
  const api = async (method: string, pathname: string, token?: string, body?: unknown) => {
    const res = await fetch(url(pathname), {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeEach(async () => {
    email = `profile-${Date.now()}@example.com`;
    const { body } = await api('POST', '/api/auth/register', undefined, {
      email,
      password: 'first-pass-1',
      firstName: '志明',
      lastName: '張',
    });
    context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((token: string) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('authToken', token);
        sessionStorage.setItem('seeded', '1');
      }
    }, body.token as string);
    page = await context.newPage();
    await page.goto(url('/profile'));
    await page.getByRole('tab', { name: '基本資料' }).waitFor();
  });

  afterEach(async () => {
    await context.close();
  });

  const token = () => page.evaluate(() => localStorage.getItem('authToken')) as Promise<string>;

  test('shows who is signed in and saves basic info, never the e-mail', async () => {
    await page.locator('main').getByText(email).first().waitFor();
    await page.getByText('免費會員').first().waitFor();
    await eventually(
      () => page.getByLabel('電子郵件').getAttribute('readonly'),
      (readonly) => expect(readonly).not.toBeNull(),
    );

    await page.getByLabel('電話號碼').fill('+852 9876 5432');
    await page.getByRole('button', { name: '儲存變更' }).click();
    await page.getByText('基本資料已更新').waitFor();
    const { body } = await api('GET', '/api/users/profile', await token());
    expect(body.user).toMatchObject({ phone: '+852 9876 5432', email });
  }, 60_000);

  test('scores the questionnaire as the server does, and asks for the unanswered questions', async () => {
    await page.getByRole('tab', { name: '投資偏好' }).click();
    await page.getByRole('button', { name: '儲存投資偏好' }).click();
    await page.getByRole('alert').filter({ hasText: '請完成所有必填問題' }).waitFor();

    const questions = page.locator('.risk-form__question');
    await expectCount(questions, RISK_QUESTIONS.length);
    for (let i = 0; i < RISK_QUESTIONS.length; i++) await questions.nth(i).getByRole('radio').last().check();
    const preview = page.getByTestId('risk-preview');
    await preview.getByText('/ 21').waitFor();
    await page.getByRole('button', { name: '儲存投資偏好' }).click();
    await page.getByText('投資偏好已更新').waitFor();

    const { body } = await api('GET', '/api/users/profile', await token());
    const profile = body.profile as { riskScore: number; riskProfile: string };
    expect(profile.riskScore).toBeGreaterThan(0);
    await expectTextContaining(preview, `${profile.riskScore} / 21`);
  }, 60_000);

  test('on a phone the tab strip fades where tabs are hidden and the risk preview stays in view while answering', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const strip = page.getByRole('tablist');
    // Five tabs do not fit: the far edge fades, and choosing the last tab scrolls it fully into view.
    await page.locator('.profile-tabs__list--more-after').waitFor();
    await page.getByRole('tab', { name: '會員方案' }).click();
    await page.locator('.profile-tabs__list--more-before').waitFor();
    // The fade shows as soon as the strip starts to scroll; the tab is in view when it has finished.
    await eventually(
      async () => ({ stripBox: (await strip.boundingBox())!, lastTab: (await page.getByRole('tab', { name: '會員方案' }).boundingBox())! }),
      ({ stripBox, lastTab }) => expect(lastTab.x + lastTab.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 1),
    );

    await page.getByRole('tab', { name: '投資偏好' }).click();
    const question = page.locator('.risk-form__question').first();
    await question.scrollIntoViewIfNeeded();
    await question.getByRole('radio').first().check();
    const preview = page.getByTestId('risk-preview');
    await preview.getByText(`已回答 1 / ${RISK_QUESTIONS.length} 題`, { exact: false }).waitFor();
    // The first question is at the top of the form, far above where the preview sits in the flow.
    await eventually(
      async () => (await preview.boundingBox())!,
      (box) => {
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(844);
      },
    );
    await page.getByRole('button', { name: '儲存投資偏好' }).waitFor();
  }, 60_000);

  test('changes the password, keeping this session and ending the old token', async () => {
    const before = await token();
    await page.getByRole('tab', { name: '密碼' }).click();
    await page.getByLabel('目前密碼').fill('not-my-password');
    await page.getByLabel('新密碼', { exact: true }).fill('second-pass-2');
    await page.getByLabel('確認新密碼').fill('second-pass-2');
    await page.getByRole('button', { name: '更新密碼' }).click();
    await page.getByRole('alert').filter({ hasText: '目前密碼不正確' }).waitFor();

    await page.getByLabel('目前密碼').fill('first-pass-1');
    await page.getByRole('button', { name: '更新密碼' }).click();
    await page.getByText('密碼已成功更新').first().waitFor();
    // The new token is stored as the answer arrives; read it once it has replaced the old one.
    const after = await eventually(token, (value) => expect(value).not.toBe(before));
    expect((await api('GET', '/api/auth/verify', before)).status).toBe(401);
    expect((await api('GET', '/api/auth/verify', after)).status).toBe(200);
    expect((await api('POST', '/api/auth/login', undefined, { email, password: 'second-pass-2' })).status).toBe(200);
  }, 60_000);
});

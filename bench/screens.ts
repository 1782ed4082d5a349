/**
 * A developer tool, not a test: screenshots every main screen at 1280 and 375 px against the real
 * app (as the browser suites start it), and with --against compares them with an earlier set,
 * printing each screen's count of differing pixels. Used to show that a styling refactor leaves
 * the screens as they were: capture on main first, then on the branch with --against.
 *
 *   npm run screens -- --out /tmp/screens-before
 *   npm run screens -- --out /tmp/screens-after --against /tmp/screens-before
 *   npm run screens -- --out /tmp/screens-after --only '^admin' (a regular expression of names)
 *
 * Waits are for concrete elements, never for time. Content that changes from run to run (times of
 * day, ids) is masked, so a count above zero means the look changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { RISK_QUESTIONS } from '@stockai/contracts';
import { waitFor } from '@stockai/platform/src/testing';
import { startAllInOne } from '../deploy/all-in-one';
import { ADMIN_LIST_TABS } from '../web/e2e/admin-tabs';
import { launchBrowser } from '../web/e2e/browser';

const ADMIN = { email: 'admin@screens.stockai.test', password: 'admin-pass-123' };
const MEMBER = { email: 'member@screens.stockai.test', password: 'member-pass-1', firstName: '美玲', lastName: '陳' };
const WIDTHS = [1280, 375];

interface Screen {
  name: string;
  /** 'member', 'admin' or a visitor (null). */
  as: 'member' | 'admin' | null;
  path: string;
  /** Brings the page to the state to shoot and waits for it. */
  ready(page: Page, seeded: Seeded): Promise<void>;
}

/** The header's 購買點數 once the balance has loaded, and the purchase modal it opens. */
async function openPurchaseModal(page: Page) {
  await page.getByTestId('credit-balance').filter({ hasNotText: '載入中' }).first().waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '購買點數' }).first().click();
  return page.getByTestId('purchase-modal');
}

const SCREENS: Screen[] = [
  {
    name: 'landing',
    as: null,
    path: '/',
    ready: async (page) => {
      await page.getByRole('heading', { name: '股票分析' }).waitFor();
      await page.getByRole('button', { name: '登入/註冊' }).first().waitFor({ state: 'attached' });
    },
  },
  {
    name: 'login-modal',
    as: null,
    path: '/',
    ready: async (page) => {
      await page.getByRole('combobox', { name: '股票代碼' }).fill('AAPL');
      await page.getByRole('button', { name: '開始分析' }).click();
      await page.getByRole('dialog').getByText('請先登入').waitFor();
    },
  },
  {
    name: 'search',
    as: 'member',
    path: '/',
    ready: async (page) => {
      await page.getByRole('heading', { name: '股票分析' }).waitFor();
      await page.getByTestId('credit-balance').filter({ hasNotText: '載入中' }).first().waitFor({ state: 'attached' });
    },
  },
  {
    name: 'report',
    as: 'member',
    path: '/',
    ready: async (page, seeded) => {
      // The finished report, opened by its link (the history's 查看報告).
      await page.goto(new URL(`/?analysis=${seeded.analysisId}`, page.url()).toString());
      await reportReady(page);
    },
  },
  {
    name: 'history',
    as: 'member',
    path: '/history',
    ready: async (page) => {
      await page.getByRole('heading', { name: '分析歷史記錄' }).waitFor();
      await page.getByTestId('history-list').locator('li').filter({ hasText: 'AAPL' }).getByText('已完成').first().waitFor();
    },
  },
  {
    name: 'history-detail',
    as: 'member',
    path: '/history',
    ready: async (page) => {
      const row = page.getByTestId('history-list').locator('li').filter({ hasText: 'AAPL' }).first();
      await row.getByText('已完成').waitFor();
      await row.getByRole('button', { name: /查看詳情/ }).click();
      const detail = page.getByTestId('history-detail');
      await detail.getByTestId('result-basic').waitFor();
      await detail.getByTestId('result-summary').waitFor();
    },
  },
  {
    name: 'not-analysable',
    as: 'member',
    path: '/',
    ready: async (page) => {
      await page.getByRole('combobox', { name: '股票代碼' }).pressSequentially('spy');
      await page.getByRole('option', { name: /^SPY\b/ }).click();
      await page.getByTestId('symbol-validity').getByText('有效的股票代碼').waitFor();
      await page.getByRole('button', { name: '開始分析' }).click();
      await page.getByTestId('not-analysable').getByText('無法分析 SPY').waitFor();
      await page.getByTestId('educational-posts').locator('a[href]').first().waitFor();
    },
  },
  ...(['基本資料', '投資偏好', '密碼', '帳單', '會員方案'] as const).map((tab, i): Screen => ({
    name: `profile-${i + 1}`,
    as: 'member',
    path: '/profile',
    ready: async (page) => {
      await page.getByRole('tab', { name: '基本資料' }).waitFor();
      await page.locator('main').getByText(MEMBER.email).first().waitFor();
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      if (tab === '帳單') {
        await page.getByTestId('profile-balance').getByTestId('balance-total').waitFor();
        await page.getByTestId('profile-balance').filter({ hasNotText: '載入中' }).waitFor();
      }
      if (tab === '投資偏好') await page.getByTestId('risk-preview').waitFor();
      await page.getByRole('tabpanel').locator('button, input').first().waitFor();
    },
  })),
  {
    name: 'purchase-packages',
    as: 'member',
    path: '/',
    ready: async (page) => {
      const modal = await openPurchaseModal(page);
      await modal.getByRole('tab', { name: '購買點數', selected: true }).waitFor();
      await modal.getByTestId('package-basic').waitFor();
      await modal.getByTestId('package-enterprise').waitFor();
    },
  },
  {
    name: 'purchase-plans',
    as: 'member',
    path: '/',
    ready: async (page) => {
      const modal = await openPurchaseModal(page);
      await modal.getByRole('tab', { name: '訂閱方案' }).click();
      await modal.getByTestId('plan-premium').getByRole('button', { name: '選擇方案' }).waitFor();
    },
  },
  {
    name: 'article',
    as: null,
    path: '/articles/dividend-investing-basics',
    ready: async (page) => {
      await page.locator('article.article-view h1').waitFor();
      await page.locator('section.article-section article.article-card').first().waitFor();
    },
  },
  {
    name: 'articles-list',
    as: null,
    path: '/articles/no-such-article',
    ready: async (page) => {
      await page.getByRole('heading', { name: '找不到這篇文章' }).waitFor();
      await page.locator('section.article-section article.article-card').first().waitFor();
    },
  },
  {
    name: 'admin-dashboard',
    as: 'admin',
    path: '/x7k9m2p8q',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await page
        .getByTestId('admin-dashboard-stats')
        .getByText(/Total\s*\d+/)
        .first()
        .waitFor();
    },
  },
  ...([...ADMIN_LIST_TABS, ['Prompts', null]] as const).map(([tab, testId]): Screen => ({
    name: `admin-${tab.toLowerCase().replace(/ /g, '-')}`,
    as: 'admin',
    path: '/x7k9m2p8q',
    ready: async (page) => {
      await page
        .getByTestId('admin-dashboard-stats')
        .getByText(/Total\s*\d+/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: tab, exact: true }).click();
      if (testId) {
        await page.getByTestId(testId).waitFor();
        await page.getByTestId(testId).filter({ hasNotText: 'Loading' }).waitFor();
      } else {
        await page.locator('textarea').first().waitFor();
      }
    },
  })),
  {
    name: 'admin-payments',
    as: 'admin',
    path: '/x7k9m2p8q/payments',
    ready: async (page) => {
      await page.getByTestId('payments-table').getByRole('row').nth(1).waitFor();
    },
  },
  {
    name: 'admin-payment-stats',
    as: 'admin',
    path: '/x7k9m2p8q/payments',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Statistics' }).click();
      await page.getByTestId('payment-stats').getByText('Revenue').first().waitFor();
    },
  },
  {
    name: 'api-test',
    as: 'admin',
    path: '/api-test',
    ready: async (page) => {
      for (const tag of ['auth', 'billing', 'analysis', 'content', 'admin'])
        await page.getByRole('heading', { name: tag, exact: true }).waitFor();
      await page.getByTestId('api-test-url').waitFor();
    },
  },
];

async function reportReady(page: Page) {
  for (const id of ['result-basic', 'result-valuation', 'result-business', 'result-suggestions', 'result-summary', 'related-articles']) {
    await page.getByTestId(id).waitFor();
  }
  await page.getByTestId('result-valuation').locator('svg').first().waitFor();
  await page.getByTestId('related-articles').locator('a[href], .article-section__empty').first().waitFor();
}

/** Elements that show a time of day or a relative time: they differ between runs. */
function timeLike(page: Page): Locator[] {
  return [page.locator('time'), page.getByText(/\d{1,2}:\d{2}(:\d{2})?/)];
}

/**
 * Ids and times are new each run, and their width moves a table's columns: each uuid, payment id
 * and time of day is written with zeros of the same length, so only the look is compared.
 */
const SAME_IDS = `(() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    node.textContent = node.textContent
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '00000000-0000-0000-0000-000000000000')
      .replace(/\\bpi_(demo_)?\\w+/g, (id) => id.replace(/(?<=^pi_(demo_)?)\\w+$/, (rest) => '0'.repeat(rest.length)))
      .replace(/\\d{1,2}:\\d{2}(:\\d{2})?/g, (time) => time.replace(/\\d/g, '0'));
  }
})()`;

interface Seeded {
  member: string;
  admin: string;
  analysisId: string;
}

/** The whole product on one port with embedded databases in a new directory (as web/e2e/web-app.ts starts it). */
async function startApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-screens-'));
  const app = await startAllInOne({
    port: 0,
    dataDir,
    logLevel: 'warn',
    webDir: process.env.E2E_WEB_DIR || undefined,
    auth: { admin: ADMIN },
  });
  const browser = await launchBrowser();
  return {
    browser,
    url: (pathname: string) => new URL(pathname, app.url).toString(),
    async close() {
      await browser.close();
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seed(web: { url(pathname: string): string }): Promise<Seeded> {
  const post = async (pathname: string, body: unknown, token?: string) => {
    const res = await fetch(web.url(pathname), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const get = async (pathname: string, token: string) => {
    const res = await fetch(web.url(pathname), { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const member = (await post('/api/auth/register', MEMBER)).body.token as string;
  const admin = (await post('/api/auth/login', ADMIN)).body.token as string;
  await waitFor('the credit account', async () => (await get('/api/users/credits', member)).status === 200, 20_000);
  const answers = Object.fromEntries(RISK_QUESTIONS.map((q) => [q.field, q.options[q.options.length - 1]!.value]));
  await fetch(web.url('/api/users/profile'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member}` },
    body: JSON.stringify(answers),
  });
  // One paid package: the payment lists and statistics have a row.
  const intent = (await post('/api/payments/create-payment-intent', { packageType: 'basic' }, member)).body;
  await post(
    '/api/payments/demo/pay',
    { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, cardNumber: '4242424242424242' },
    member,
  );
  await post('/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId }, member);
  // One finished analysis for the report, history and detail screens.
  const analysisId = String((await post('/api/analysis/analyze/AAPL', {}, member)).body.analysisId);
  await waitFor(
    'the analysis',
    async () => {
      const history = (await get('/api/users/analysis-history?status=completed', member)).body as { analyses?: unknown[] };
      return (history.analyses ?? []).length > 0;
    },
    120_000,
  );
  return { member, admin, analysisId };
}

async function capture(outDir: string, only?: RegExp) {
  fs.mkdirSync(outDir, { recursive: true });
  const web = await startApp();
  try {
    const tokens = await seed(web);
    for (const screen of SCREENS.filter((s) => !only || only.test(s.name))) {
      for (const width of WIDTHS) {
        const context = await web.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
        const token = screen.as === 'member' ? tokens.member : screen.as === 'admin' ? tokens.admin : null;
        if (token) await context.addInitScript(`localStorage.setItem('authToken', ${JSON.stringify(token)})`);
        const page = await context.newPage();
        try {
          await page.goto(web.url(screen.path));
          await screen.ready(page, tokens);
          const mask = [...timeLike(page), page.locator('input[value^="eyJ"]')];
          // Lists that load after their heading (a table's rows, the pagination under it).
          await page.waitForLoadState('networkidle');
          await page.evaluate(SAME_IDS);
          await page.evaluate('document.fonts.ready');
          await page.screenshot({ path: path.join(outDir, `${screen.name}-${width}.png`), fullPage: true, animations: 'disabled', mask });
          console.log(`shot ${screen.name}-${width}`);
        } catch (err) {
          console.error(`FAILED ${screen.name}-${width}: ${(err as Error).message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await web.close();
  }
}

function compare(beforeDir: string, afterDir: string, diffDir: string): number {
  fs.mkdirSync(diffDir, { recursive: true });
  let changed = 0;
  for (const file of fs
    .readdirSync(afterDir)
    .filter((f) => f.endsWith('.png'))
    .sort()) {
    const beforePath = path.join(beforeDir, file);
    if (!fs.existsSync(beforePath)) {
      console.log(`${file.padEnd(36)} no reference`);
      changed++;
      continue;
    }
    const before = PNG.sync.read(fs.readFileSync(beforePath));
    const after = PNG.sync.read(fs.readFileSync(path.join(afterDir, file)));
    if (before.width !== after.width || before.height !== after.height) {
      console.log(`${file.padEnd(36)} size ${before.width}x${before.height} -> ${after.width}x${after.height}`);
      changed++;
      continue;
    }
    const diff = new PNG({ width: after.width, height: after.height });
    const pixels = pixelmatch(before.data, after.data, diff.data, after.width, after.height, { threshold: 0.1 });
    if (pixels > 0) {
      fs.writeFileSync(path.join(diffDir, file), PNG.sync.write(diff));
      changed++;
    }
    console.log(`${file.padEnd(36)} ${pixels} px differ`);
  }
  return changed;
}

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, against: { type: 'string' }, only: { type: 'string' }, 'compare-only': { type: 'boolean' } },
  });
  const outDir = path.resolve(values.out ?? path.join('web', 'e2e', 'screenshots', 'screens'));
  if (!values['compare-only']) await capture(outDir, values.only ? new RegExp(values.only) : undefined);
  if (values.against) {
    const changed = compare(path.resolve(values.against), outDir, `${outDir}-diff`);
    console.log(changed === 0 ? 'all screens unchanged' : `${changed} screens differ (diff images in ${outDir}-diff)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

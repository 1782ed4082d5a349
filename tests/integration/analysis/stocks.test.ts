import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { migrate, PLATFORM_MIGRATIONS_DIR } from '@stockai/platform';
import { createTestDatabase, startTestService, type TestService } from '@stockai/platform/src/testing';
import { analysisService } from '../../../services/analysis/src/app';
import { BUNDLED_MARKET_DATA, parseBundle, readBundleFiles } from '../../../services/analysis/src/universe/bundle';
import { loadUniverse } from '../../../services/analysis/src/universe/loader';
import { createUniverse, NO_DATA_REASON } from '../../../services/analysis/src/universe/service';
import { parseCsv } from '../../../services/analysis/src/universe/csv';

/** Raw HTTP, so the test sees the gzip bytes and the 304 exactly as a browser would. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
const json = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
};

/** The stock universe through the analysis service's HTTP API, on real PostgreSQL. */
describe('stocks', () => {
  let sut: TestService;

  beforeAll(async () => {
    sut = await startTestService(analysisService());
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
  });

  it('loads the bundled universe on first start and not again when nothing changed', async () => {
    const { rows } = await sut.db.query<{ n: number; markets: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT market)::int AS markets FROM stocks',
    );
    expect(rows[0]?.n).toBeGreaterThan(15_000);
    expect(rows[0]?.markets).toBe(2);
    const again = await loadUniverse(sut.db);
    expect(again.loaded).toBe(false);
    const loads = await sut.db.query('SELECT 1 FROM stock_data_loads');
    expect(loads.rowCount).toBe(1);
  });

  it('serves the compact list gzip-encoded with an ETag, and 304 when it has not changed', async () => {
    const first = await get(`${sut.url}/api/stocks`, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toContain('max-age=');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"stocks-/);
    const list = JSON.parse(gunzipSync(first.body).toString('utf8')) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(15_000);
    expect(list).toContainEqual({ symbol: '0700.HK', name: 'Tencent Holdings Ltd', nameZh: '騰訊控股', market: 'HK' });
    expect(list).toContainEqual({ symbol: 'AAPL', name: 'Apple Inc.', nameZh: null, market: 'US' });
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['market', 'name', 'nameZh', 'symbol']);

    const again = await get(`${sut.url}/api/stocks`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const plain = await get(`${sut.url}/api/stocks`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(plain.body.toString('utf8')) as unknown[]).length).toBe(list.length);
  });

  it('searches symbols and both names, best match first', async () => {
    const bySymbol = await json(`${sut.url}/api/stocks?q=aapl&limit=5`);
    expect((bySymbol.body as { symbol: string }[])[0]?.symbol).toBe('AAPL');
    const byCode = await json(`${sut.url}/api/stocks?q=700`);
    expect((byCode.body as { symbol: string }[])[0]?.symbol).toBe('0700.HK');
    const byChinese = await json(`${sut.url}/api/stocks?q=${encodeURIComponent('騰訊')}`);
    expect(byChinese.body).toContainEqual(expect.objectContaining({ symbol: '0700.HK', nameZh: '騰訊控股' }));
    const byName = await json(`${sut.url}/api/stocks?q=microsoft&limit=3`);
    expect((byName.body as { symbol: string }[]).map((s) => s.symbol)).toContain('MSFT');
    expect((byName.body as unknown[]).length).toBeLessThanOrEqual(3);

    const tooMany = await json(`${sut.url}/api/stocks?q=a&limit=1000`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await json(`${sut.url}/api/stocks?q=a&limit=abc`)).body).toEqual({
      error: 'limit: expected a number',
      code: 'VALIDATION_FAILED',
    });
    const fullWidth = await json(`${sut.url}/api/stocks?q=${encodeURIComponent('ＴＳＬＡ')}&limit=3`);
    expect((fullWidth.body as { symbol: string }[])[0]?.symbol).toBe('TSLA');
  });

  it('reads the stocks once when warmed, so the searches and lookups after it wait for no read', async () => {
    const statements: string[] = [];
    const universe = createUniverse({ ...sut.db, query: (sql, params) => (statements.push(sql), sut.db.query(sql, params)) });
    await universe.warm();
    expect(statements.filter((sql) => /FROM stocks\b/.test(sql))).toHaveLength(1);
    statements.length = 0;
    const found = await Promise.all([universe.search('騰訊', 5), universe.find('700'), universe.statusOf('AAPL')]);
    expect(found[0]).toContainEqual(expect.objectContaining({ symbol: '0700.HK' }));
    expect(found[1]).toMatchObject({ symbol: '0700.HK' });
    expect(found[2]).toMatchObject({ symbol: 'AAPL', isActive: true });
    // (A check of which load is newest, at most every 5 s, is no read of the stocks.)
    expect(statements.filter((sql) => /FROM stocks\b/.test(sql))).toEqual([]);
  });

  it('refuses a NUL or an undecodable path with a 4xx, never a 500', async () => {
    expect(await json(`${sut.url}/api/stocks?q=%00`)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', error: 'q: 搜尋字詞含有無效字元，請只輸入股票代碼或名稱' },
    });
    expect(await json(`${sut.url}/api/stocks?q=ab%00c`)).toMatchObject({ status: 400 });
    expect(await json(`${sut.url}/api/stocks/%00`)).toMatchObject({ status: 404, body: { code: 'STOCK_NOT_FOUND' } });
    expect(await json(`${sut.url}/api/stocks/status/%00`)).toMatchObject({ status: 404, body: { code: 'STOCK_NOT_FOUND' } });
    expect(await json(`${sut.url}/api/stocks/%E0%A4%A`)).toEqual(
      expect.objectContaining({ status: 400, body: { error: 'Malformed URL', code: 'MALFORMED_URL' } }),
    );
    expect((await json(`${sut.url}/api/stocks/${encodeURIComponent('７００')}`)).body).toMatchObject({ symbol: '0700.HK' });
  });

  it('answers a stock in any spelling with its details, and 404 for an unknown symbol', async () => {
    const tencent = await json(`${sut.url}/api/stocks/00700`);
    expect(tencent).toMatchObject({
      status: 200,
      body: {
        symbol: '0700.HK',
        name: 'Tencent Holdings Ltd',
        nameZh: '騰訊控股',
        market: 'HK',
        exchange: 'HKEX',
        sector: 'Communication Services',
        status: 'active',
        reason: null,
      },
    });
    const berkshire = await json(`${sut.url}/api/stocks/brk.b`);
    expect(berkshire.body).toMatchObject({ symbol: 'BRK-B', market: 'US', exchange: 'NYSE', sector: 'Financials' });

    const unknown = await json(`${sut.url}/api/stocks/NOPE123`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'There is no stock with the symbol NOPE123',
      code: 'STOCK_NOT_FOUND',
    });
    expect((await json(`${sut.url}/api/stocks/status/NOPE123`)).status).toBe(404);
  });

  it.each([
    ['AAPL', 'active'],
    ['0700.HK', 'active'],
    ['0011.HK', 'delisted'],
    ['ANSS', 'inactive'],
    ['ZAZZT', 'inactive'],
    ['2800.HK', 'unsuitable_product'],
    ['SPY', 'unsuitable_product'],
    ['BFRGW', 'unsuitable_product'],
    ['0823.HK', 'reit_or_trust'],
    ['PLD', 'reit_or_trust'],
    ['AACB', 'highly_speculative'],
    ['PFBC', 'no_data'],
    ['BNS', 'no_data'],
    ['AMX', 'no_data'],
    ['VLRS', 'no_data'],
    ['MPLX', 'no_data'],
    ['BIP', 'no_data'],
    ['BAC-PE', 'unsuitable_product'],
  ])('classifies %s as %s', async (symbol, status) => {
    const { status: http, body } = await json(`${sut.url}/api/stocks/status/${symbol}`);
    expect(http).toBe(200);
    expect(body).toMatchObject({ symbol, status, isActive: status === 'active' });
    const { reason } = body as { reason: string | null };
    if (status === 'active') expect(reason).toBeNull();
    else expect(reason).toMatch(/[\u4e00-\u9fff]/);
  });

  it('marks a listed stock without bundled figures no_data, and search results say which have figures', async () => {
    const status = await json(`${sut.url}/api/stocks/status/PFBC`);
    expect(status.body).toEqual({ symbol: 'PFBC', isActive: false, status: 'no_data', reason: NO_DATA_REASON });
    expect(NO_DATA_REASON).toContain('暫無足夠財務數據');
    const found = await json(`${sut.url}/api/stocks?q=PFBC`);
    expect((found.body as { symbol: string; hasFigures: boolean }[])[0]).toMatchObject({ symbol: 'PFBC', hasFigures: false });
    const apple = await json(`${sut.url}/api/stocks?q=AAPL`);
    expect((apple.body as { symbol: string; hasFigures: boolean }[])[0]).toMatchObject({ symbol: 'AAPL', hasFigures: true });
  });

  it('names the sector and industry in Chinese for a Hong Kong small cap that only FinanceDatabase classifies', async () => {
    // Picked from the bundled files, not hard-coded: an Industrials company without figures.
    const classified = parseCsv(readFileSync(path.join(BUNDLED_MARKET_DATA, 'hk/financedatabase-hkg.csv'), 'utf8'));
    const withFigures = new Set(
      parseCsv(readFileSync(path.join(BUNDLED_MARKET_DATA, 'hk/hk-fundamentals.csv'), 'utf8')).map((r) => r.symbol),
    );
    const hkex = new Map(
      (
        JSON.parse(readFileSync(path.join(BUNDLED_MARKET_DATA, 'hk/hkex-listed-companies.json'), 'utf8')) as {
          symbol: number;
          zhName: string;
        }[]
      ).map((c) => [`${String(c.symbol).padStart(4, '0')}.HK`, c.zhName]),
    );
    const row = classified.find(
      (r) =>
        r.sector === 'Industrials' && r.industry === 'Construction & Engineering' && hkex.has(r.symbol ?? '') && !withFigures.has(r.symbol),
    );
    const symbol = row?.symbol ?? '';
    expect(symbol).toMatch(/^\d{4}\.HK$/);

    const details = await json(`${sut.url}/api/stocks/${symbol}`);
    expect(details.body).toMatchObject({
      symbol,
      nameZh: hkex.get(symbol),
      sector: 'Industrials',
      sectorZh: '工業',
      industry: 'Construction & Engineering',
      industryZh: '建造及工程',
      hasFigures: false,
    });
    const found = await json(`${sut.url}/api/stocks?q=${encodeURIComponent(hkex.get(symbol) ?? '')}&limit=3`);
    expect((found.body as unknown[])[0]).toMatchObject({ symbol, sectorZh: '工業', industryZh: '建造及工程' });
    expect(await json(`${sut.url}/api/stocks/status/${symbol}`)).toMatchObject({ status: 200, body: { symbol, status: 'no_data' } });
    // The rows with figures keep their own classification, in Chinese too.
    expect((await json(`${sut.url}/api/stocks/0005.HK`)).body).toMatchObject({
      sector: 'Financial Services',
      sectorZh: '金融',
      industryZh: '綜合銀行',
    });
  });

  it("stores Hong Kong figures with the reader's notes in Chinese and the research notes only in the source", async () => {
    const tencent = await createUniverse(sut.db).fundamentals('0700.HK');
    // The price is the latest close of the bundled daily bars; the statements' fiscal years and the weekly history are stored with it.
    const daily = parseCsv(readFileSync(path.join(BUNDLED_MARKET_DATA, '..', 'prices', 'hk-daily-2026', 'daily', '0700.HK.csv'), 'utf8'));
    expect(tencent).toMatchObject({ price: Number(daily.at(-1)!.close), asOf: daily.at(-1)!.date });
    expect(tencent?.fiscalYears?.map((y) => y.end)).toEqual(['2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31']);
    expect(tencent?.priceHistory?.weekly.at(-1)).toEqual({ date: daily.at(-1)!.date, close: Number(daily.at(-1)!.close) });
    expect(tencent?.notes).toContain('收入為截至 2026-01-02 的近十二個月數據，已換算為港元。');
    expect(tencent?.notes.join('\n')).not.toMatch(/stocksguide|half-day|converted|\d(\.\d+)?[BM]\b/);
    expect(tencent?.source).toContain('資料來源備註（原文）：');
    expect(tencent?.source).toContain('price/PE/52w/beta from Yahoo page captured on half-day session (inferred 2026-02-16)');
  });

  it('gives medians over the analysable peers of the same market and sector, the stock itself left out', async () => {
    const universe = createUniverse(sut.db);
    const bundle = parseBundle(readBundleFiles());
    const peersOf = (market: string, sector: string, symbol: string) => {
      const active = new Set(
        bundle.listings
          .filter((l) => l.market === market && l.sector === sector && l.status === 'active' && l.symbol !== symbol)
          .map((l) => l.symbol),
      );
      return bundle.fundamentals.filter((f) => active.has(f.symbol) && (f.price ?? 0) > 0);
    };
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length / 2;
      return Number.isInteger(mid) ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2 : (sorted[Math.floor(mid)] ?? 0);
    };
    const positive = (values: (number | null)[]) => values.filter((v): v is number => v !== null && v > 0);

    const figures = peersOf('US', 'Information Technology', 'AAPL');
    const pes = positive(figures.map((f) => f.peRatio));
    const pbs = positive(figures.map((f) => f.priceToBook));
    expect(figures.some((f) => f.symbol === 'AAPL')).toBe(false);
    const medians = await universe.sectorMedians({ market: 'US', sector: 'Information Technology', symbol: 'AAPL' });
    // The bundle has no peer's debt and cash, so no EV/EBITDA median.
    expect(medians).toMatchObject({
      market: 'US',
      sector: 'Information Technology',
      count: figures.length,
      evToEbitda: null,
      evToEbitdaCount: 0,
      peCount: pes.length,
      pbCount: pbs.length,
    });
    expect(pes.length).toBeLessThan(figures.length); // a loss-maker's or a blank P/E is not counted
    expect(medians?.pe).toBeCloseTo(median(pes), 9);
    expect(medians?.pb).toBeCloseTo(median(pbs), 9);
    // every peer is there with its own multiples, so the report can name the closest ones
    expect(medians?.peers?.map((p) => p.symbol).sort()).toEqual(figures.map((f) => f.symbol).sort());
    const msft = medians?.peers?.find((p) => p.symbol === 'MSFT');
    expect(msft).toMatchObject({ pe: figures.find((f) => f.symbol === 'MSFT')?.peRatio, industry: 'Systems Software' });

    // Hong Kong's banks are not priced like the US's: each market has its own medians.
    const hk = await universe.sectorMedians({ market: 'HK', sector: 'Financial Services', symbol: '0005.HK' });
    const hkFigures = peersOf('HK', 'Financial Services', '0005.HK');
    expect(hk).toMatchObject({ market: 'HK', count: hkFigures.length });
    expect(hk?.pe).toBeCloseTo(median(positive(hkFigures.map((f) => f.peRatio))), 9);
    expect(await universe.sectorMedians({ market: 'US', sector: 'No Such Sector', symbol: 'AAPL' })).toBeNull();
  });
});

/** Re-running the loader after a newer file arrives, on a database of its own. */
describe('loading a newer bundle', () => {
  it('updates changed rows, replaces figures and marks symbols the files dropped inactive', async () => {
    const { db, drop } = await createTestDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'stockai-market-'));
    try {
      await migrate(db, PLATFORM_MIGRATIONS_DIR);
      await migrate(db, path.join(__dirname, '..', '..', '..', 'services', 'analysis', 'migrations'));
      cpSync(BUNDLED_MARKET_DATA, dir, { recursive: true });
      const first = await loadUniverse(db, { dir });
      expect(first).toMatchObject({ loaded: true, retired: 0 });

      const edit = (file: string, change: (text: string) => string) =>
        writeFileSync(path.join(dir, file), change(readFileSync(path.join(dir, file), 'utf8')));
      edit('hk/hk-fundamentals.csv', (t) =>
        t.replace(
          '0700.HK,Tencent Holdings Ltd,騰訊控股,Communication Services,Internet Content & Information,HKD,CNY,533.00',
          '0700.HK,Tencent Holdings Ltd,騰訊控股,Communication Services,Internet Content & Information,HKD,CNY,540.00',
        ),
      );
      edit('us/nasdaq-listed-symbols.csv', (t) => t.replace(/^AACB,.*\n/m, ''));
      // A newer FinanceDatabase file that reclassifies one small cap without figures (0368.HK, Superland Group).
      const before = (await createUniverse(db).search('Superland', 1))[0];
      expect(before).toMatchObject({ symbol: '0368.HK', sector: 'Industrials', sectorZh: '工業' });
      edit('hk/financedatabase-hkg.csv', (t) =>
        t.replace(
          /^(0368\.HK,(?:"[^"]*"|[^,]*),(?:"[^"]*"|[^,]*),[^,]*,)Industrials,Capital Goods,Construction & Engineering,/m,
          '$1Real Estate,Real Estate,Real Estate Management & Development,',
        ),
      );

      const second = await loadUniverse(db, { dir });
      expect(second).toMatchObject({ loaded: true, retired: 1 });
      const universe = createUniverse(db);
      expect((await universe.fundamentals('0700.HK'))?.price).toBe(540);
      expect(await universe.statusOf('AACB')).toMatchObject({ status: 'inactive', isActive: false });
      expect((await universe.find('AACB'))?.reason).toContain('不在最新的市場資料檔');
      expect((await universe.find('AAPL'))?.status).toBe('active');
      expect(await universe.find('0368.HK')).toMatchObject({
        sector: 'Real Estate',
        sectorZh: '地產',
        industry: 'Real Estate Management & Development',
        industryZh: '地產管理及發展',
      });
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_data_loads');
      expect(rows[0]?.n).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    }
  }, 60_000);
});

/**
 * The statuses the bundled files have no sample of (a suspension; a penny stock making losses),
 * from a small market-data directory loaded by the real loader, read through the HTTP API.
 */
describe('classifying listings the bundle has no sample of', () => {
  const FIXTURE = path.join(__dirname, '..', '..', 'support', 'fixtures', 'market-data-statuses');
  let sut: TestService;

  beforeAll(async () => {
    sut = await startTestService(analysisService());
    // The service loaded the bundle on start: the fixture is a newer bundle, retiring everything it lacks.
    expect(await loadUniverse(sut.db, { dir: FIXTURE })).toMatchObject({ loaded: true, stocks: 6 });
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
  });

  it.each([
    ['8801.HK', 'suspended', '此股票目前停牌，暫停買賣期間不提供分析。'],
    ['8802.HK', 'highly_speculative', '股價低於 1 HKD（仙股）且公司處於虧損，價格易受操縱、波動極大，屬高度投機，暫不提供分析。'],
    ['8803.HK', 'active', null],
    ['0700.HK', 'active', null],
  ])('classifies %s as %s, with the reason in Traditional Chinese, through the API', async (symbol, status, reason) => {
    expect(await json(`${sut.url}/api/stocks/status/${symbol.replace('.HK', '').toLowerCase()}`)).toMatchObject({
      status: 200,
      body: { symbol, isActive: status === 'active', status, reason },
    });
    expect((await json(`${sut.url}/api/stocks/${symbol}`)).body).toMatchObject({ symbol, status, reason });
  });

  it("classifies a listing from a newer bundle's FinanceDatabase file, a fundamentals row's own classification first", async () => {
    expect((await json(`${sut.url}/api/stocks/8804.HK`)).body).toMatchObject({
      sector: 'Industrials',
      sectorZh: '工業',
      industry: 'Construction & Engineering',
      industryZh: '建造及工程',
    });
    expect(await json(`${sut.url}/api/stocks/status/8804.HK`)).toMatchObject({ body: { status: 'no_data' } });
    expect((await json(`${sut.url}/api/stocks/8803.HK`)).body).toMatchObject({ industry: 'Conglomerates', industryZh: '綜合企業' });
  });

  it('finds the loaded listings by their Chinese names and retires the bundled ones the newer files lack', async () => {
    const stocks = await json(`${sut.url}/api/stocks?q=${encodeURIComponent('測試')}&limit=10`);
    expect((stocks.body as { symbol: string }[]).map((s) => s.symbol).sort()).toEqual(['8801.HK', '8802.HK', '8803.HK']);
    expect(await json(`${sut.url}/api/stocks/status/AACB`)).toMatchObject({ status: 200, body: { status: 'inactive', isActive: false } });
  });
});

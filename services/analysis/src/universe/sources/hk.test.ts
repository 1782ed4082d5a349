import { parseFxTable } from '../fx';
import { isoDateOf, readHkFundamentals, readHkUniverse } from './hk';

const fx = parseFxTable('date,currency,cny_per_100,source\n2025-01-02,HKD,92.489,a\n2025-09-01,HKD,91.174,b\n');
const header =
  'symbol,name_en,name_zh,sector,industry,currency_trading,currency_reporting,price,market_cap,shares_outstanding,pe_ttm,eps_ttm,dividend_per_share,dividend_yield,high_52w,low_52w,book_value_per_share,revenue,net_income,free_cash_flow,total_debt,cash,beta,as_of,source_url';
const row = (cells: Record<string, string>) => Object.fromEntries(header.split(',').map((k) => [k, cells[k] ?? '']));

describe('the Hong Kong files', () => {
  it('reads the ISO date at the start of an as_of cell', () => {
    expect(isoDateOf('2026-02-16')).toBe('2026-02-16');
    expect(isoDateOf('2025-12 (approx.)')).toBe('2025-12');
    expect(isoDateOf('')).toBeNull();
  });

  it('converts CNY amounts to HKD at the rate on or before the price date, and derives book value from P/B', () => {
    const figures = readHkFundamentals(
      row({
        symbol: '9988.HK',
        currency_trading: 'HKD',
        currency_reporting: 'CNY',
        price: '155.00',
        market_cap: '2740000000000',
        pe_ttm: '19.97',
        eps_ttm: 'HKD 7.76',
        dividend_yield: '1.35%',
        revenue: 'CNY 1012055000000',
        as_of: '2025-12-05',
        source_url: 'https://a | https://b',
      }),
      {
        pb: '2.25',
        derived_fields: 'eps_ttm=price/PE',
        revenue_period: 'TTM to Sep-2025',
        revenue_period_zh: '收入為截至 2025 年 9 月的近十二個月數據。',
        notes: 'FY ends 31 Mar',
      },
      fx,
    );
    expect(figures).toMatchObject({
      symbol: '9988.HK',
      currency: 'HKD',
      reportingCurrency: 'CNY',
      price: 155,
      eps: 7.76,
      dividendYield: 0.0135,
      priceToBook: 2.25,
      netIncome: null,
      asOf: '2025-12-05',
    });
    expect(figures.revenue).toBeCloseTo(1_012_055_000_000 * (100 / 91.174), 0);
    expect(figures.bookValuePerShare).toBeCloseTo(155 / 2.25, 10);
    expect(figures.sharesOutstanding).toBeCloseTo(2_740_000_000_000 / 155, 0);
    const notes = figures.notes.join('\n');
    expect(notes).toContain('1 CNY = 1.0968 HKD（中國外匯交易中心人民幣中間價，2025-09-01）');
    expect(notes).toContain('每股盈利（TTM）由股價 ÷ 市盈率推算');
    // The reader sees the Chinese column; the research notes in English stay in the provenance.
    expect(notes).toContain('收入為截至 2025 年 9 月的近十二個月數據。');
    expect(notes).not.toMatch(/TTM to|FY ends/);
    expect(figures.source).toBe(
      'hk/hk-fundamentals.csv: https://a | https://b；資料來源備註（原文）：revenue_period: TTM to Sep-2025; notes: FY ends 31 Mar',
    );
  });

  it('keeps a blank price blank, and says when the price date is approximate', () => {
    const figures = readHkFundamentals(
      row({ symbol: '0939.HK', market_cap: '2200000000000', as_of: '2025-12 (approx.)' }),
      { pb: '0.55' },
      fx,
    );
    expect(figures).toMatchObject({ price: null, bookValuePerShare: null, sharesOutstanding: null, asOf: '2025-12' });
    expect(figures.notes).toEqual([
      '資料來源：公開報價及統計頁面整理（0 個來源），報價日期約為 2025-12（來源沒有確切日期）；其他欄位可能較舊。',
    ]);
  });

  it('finds non-company products by their absence from the HKEX list, and delistings in the notes', () => {
    const { listings } = readHkUniverse(
      {
        hkexListedCompanies: JSON.stringify([
          { symbol: 700, engName: 'Tencent Holdings Limited', zhName: '騰訊控股有限公司', url: '' },
          { symbol: 11, engName: 'Hang Seng Bank Limited', zhName: '恒生銀行有限公司', url: '' },
          { symbol: 1905, engName: 'Haitong Unitrust International Financial Leasing Co.,\r\nLtd.', zhName: '海通恒信', url: '' },
        ]),
        hsiConstituents: 'Symbol,Name\n0700.HK,Tencent Holdings Ltd\n0823.HK,Link REIT\n',
        fundamentals: `${header}\n2800.HK,Tracker Fund of Hong Kong,盈富基金,ETF,Equity ETF,HKD,HKD,26.86\n0011.HK,Hang Seng Bank Ltd,恒生銀行,Financial Services,Banks - Regional,HKD,HKD,154.30\n`,
        fundamentalsNotes: 'symbol,pb,notes\n0011.HK,1.65,DELISTED: privatised by HSBC; last trading day 2026-01-14; listing withdrawn\n',
        financeDatabase: 'symbol,name,sector,industry\n',
        asOf: { hkexListedCompanies: '2026-01-27' },
      },
      fx,
    );
    const bySymbol = new Map(listings.map((l) => [l.symbol, l]));
    expect(bySymbol.get('0700.HK')).toMatchObject({
      name: 'Tencent Holdings Ltd',
      nameZh: '騰訊控股有限公司',
      exchange: 'HKEX',
      status: 'active',
    });
    expect(bySymbol.get('1905.HK')?.name).toBe('Haitong Unitrust International Financial Leasing Co., Ltd.');
    expect(bySymbol.get('0823.HK')).toMatchObject({ status: 'reit_or_trust' });
    expect(bySymbol.get('2800.HK')).toMatchObject({ nameZh: '盈富基金', status: 'unsuitable_product' });
    expect(bySymbol.get('0011.HK')).toMatchObject({ status: 'delisted' });
    expect(bySymbol.get('0011.HK')?.reason).toContain('2026-01-14');
  });

  it('classifies the listings without figures from FinanceDatabase, the fundamentals row first, and adds no symbol', () => {
    const { listings } = readHkUniverse(
      {
        hkexListedCompanies: JSON.stringify([
          { symbol: 5, engName: 'HSBC Holdings plc', zhName: '滙豐控股有限公司', url: '' },
          { symbol: 924, engName: 'Khoon Group Limited', zhName: '坤集團有限公司', url: '' },
          { symbol: 1234, engName: 'No Sector Limited', zhName: '', url: '' },
          { symbol: 2359, engName: 'WuXi AppTec Co., Ltd.', zhName: '藥明康德', url: '' },
        ]),
        hsiConstituents: 'Symbol,Name\n',
        fundamentals: `${header}\n0005.HK,HSBC Holdings plc,滙豐控股,Financial Services,Banks - Diversified,HKD,USD,100\n`,
        fundamentalsNotes: 'symbol,pb\n',
        financeDatabase: [
          'symbol,name,summary,sector,industry_group,industry,delisted',
          '0005.HK,HSBC Holdings plc,"A bank, worldwide",Financials,Banks,Banks,False',
          '924.HK,Khoon Group Ltd,"Builds, in Singapore",Industrials,Capital Goods,Construction & Engineering,False',
          '0416.HK,Bank of Jinzhou Co. Ltd.,A bank,Financials,Banks,Banks,False',
          '1234.HK,No Sector Limited,,,,,False',
          '2359.HK,WuXi AppTec Co. Ltd.,A drug maker,Health Care,Pharmaceuticals,Life Sciences Tools & Services,False',
        ].join('\n'),
        asOf: { hkexListedCompanies: '2026-01-27' },
      },
      fx,
    );
    const bySymbol = new Map(listings.map((l) => [l.symbol, l]));
    expect(bySymbol.get('0005.HK')).toMatchObject({ sector: 'Financial Services', industry: 'Banks - Diversified' });
    expect(bySymbol.get('0924.HK')).toMatchObject({
      name: 'Khoon Group Limited',
      nameZh: '坤集團有限公司',
      sector: 'Industrials',
      industry: 'Construction & Engineering',
      status: 'active',
    });
    expect(bySymbol.get('0924.HK')?.sources).toEqual(['hk/hkex-listed-companies.json', 'hk/financedatabase-hkg.csv']);
    expect(bySymbol.get('1234.HK')).toMatchObject({ sector: null, industry: null });
    // GICS sector names in the Yahoo-style ones the compiled pages use, so both kinds are peers of one sector.
    expect(bySymbol.get('2359.HK')).toMatchObject({ sector: 'Healthcare', industry: 'Life Sciences Tools & Services' });
    // Not on HKEX's list of listed companies: FinanceDatabase alone does not make it a listing.
    expect(bySymbol.has('0416.HK')).toBe(false);
  });
});

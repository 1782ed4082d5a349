import { alertText } from './alert-texts';

const base = {
  name: '騰訊控股',
  symbol: '0700.HK',
  price: 412.4,
  priceAsOf: '2026-08-22',
  currency: 'HKD',
  reportDate: '2026-08-01',
  figuresAsOf: '2026-09-30',
  reportAsOf: '2026-06-30',
};

describe('alert texts', () => {
  it.each([
    [{ reason: 'above' as const, threshold: 400 }, '升穿 HKD 400', '已高於你設定的 HKD 400'],
    [{ reason: 'below' as const, threshold: 420 }, '跌穿 HKD 420', '已低於你設定的 HKD 420'],
    [{ reason: 'buy_zone' as const, threshold: 415 }, '低於報告的買入價', '2026-08-01 的分析報告的買入價 HKD 415'],
    [{ reason: 'sell_zone' as const, threshold: 400 }, '高於報告的賣出價', '2026-08-01 的分析報告的賣出價 HKD 400'],
    [{ reason: 'moved' as const, threshold: 360, move: 0.1456 }, '報告已過時', '所用的 HKD 360 變動 14.6%'],
  ])('names the stock, the latest price and what it crossed (%o)', (crossing, title, body) => {
    const sut = alertText({ ...base, crossing });

    expect(sut.title).toContain('騰訊控股（0700.HK）');
    expect(sut.title).toContain(title);
    expect(sut.body).toContain('最新股價 HKD 412.4（2026-08-22）');
    expect(sut.body).toContain(body);
  });

  it('names the dates of the newer figures and of the report’s', () => {
    const sut = alertText({ ...base, crossing: { reason: 'newer_figures', threshold: null } });

    expect(sut.title).toBe('騰訊控股（0700.HK）的分析報告已過時');
    expect(sut.body).toContain('截至 2026-09-30 的新數據');
    expect(sut.body).toContain('使用截至 2026-06-30 的數據');
  });
});

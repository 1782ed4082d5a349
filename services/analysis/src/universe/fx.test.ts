import { parseFxTable } from './fx';

const table = parseFxTable(`date,currency,cny_per_100,source
2025-01-02,HKD,92.489,a
2025-01-02,USD,718.79,a
2025-09-01,HKD,91.174,b
2025-09-01,USD,710.72,b
`);

describe('the bundled FX table', () => {
  it('converts CNY to HKD at the latest rate on or before the date', () => {
    const rate = table.rate('CNY', 'HKD', '2025-12-05');
    expect(rate).toMatchObject({ date: '2025-09-01', source: 'b' });
    expect(rate?.rate).toBeCloseTo(100 / 91.174, 10);
    expect(table.rate('CNY', 'HKD', '2025-03-31')?.rate).toBeCloseTo(100 / 92.489, 10);
  });

  it('crosses USD to HKD through the yuan on the same day', () => {
    expect(table.rate('USD', 'HKD', '2025-02-01')?.rate).toBeCloseTo(718.79 / 92.489, 10);
  });

  it('uses the earliest date for figures older than the table, and has no rate for unknown currencies', () => {
    expect(table.rate('CNY', 'HKD', '2024-06-30')?.date).toBe('2025-01-02');
    expect(table.rate('JPY', 'HKD', '2025-12-05')).toBeNull();
    expect(table.rate('HKD', 'HKD', '2025-12-05')).toBeNull();
  });
});

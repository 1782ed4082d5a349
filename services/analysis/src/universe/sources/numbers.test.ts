import { formatChineseUnits, formatFigure, groupDigits } from './numbers';

describe('figures in Hong Kong Chinese units', () => {
  it('reads 10^4 as 萬, 10^8 as 億 and 10^12 as 萬億, with separators and no trailing zeros', () => {
    expect(formatChineseUnits(14_590_000_000)).toBe('145.9 億'); // Tencent's shares: 14.59 billion
    expect(formatChineseUnits(466_820_000_000)).toBe('4,668.2 億'); // 466.82 billion
    expect(formatChineseUnits(1_234_000_000_000)).toBe('1.23 萬億');
    expect(formatChineseUnits(25_110_000_000_000)).toBe('25.11 萬億');
    expect(formatChineseUnits(85_000_000_000)).toBe('850 億');
    expect(formatChineseUnits(100_000_000)).toBe('1 億');
    expect(formatChineseUnits(12_345)).toBe('1.2 萬');
    expect(formatChineseUnits(56_780_000)).toBe('5,678 萬');
    expect(formatChineseUnits(-6_000_000_000)).toBe('-60 億');
  });

  it('moves up a unit when rounding reaches it: never "10,000 億"', () => {
    expect(formatChineseUnits(999_996_000_000)).toBe('1 萬億');
    expect(formatChineseUnits(99_999_990)).toBe('1 億');
  });

  it('keeps small figures as they are: 2 decimals from 100, else 4 significant digits', () => {
    expect(formatChineseUnits(623)).toBe('623.00');
    expect(formatFigure(1234.5)).toBe('1234.50');
    expect(formatFigure(4.4)).toBe('4.400');
    expect(formatFigure(0.5)).toBe('0.5000');
    expect(formatFigure(14_590_000_000)).toBe('145.9 億');
  });

  it('never writes the English B or M abbreviations', () => {
    for (const value of [1.5e6, 2.75e9, 3.1e11, 7.7e12]) expect(formatFigure(value)).not.toMatch(/[A-Za-z]/);
  });
});

describe('groupDigits', () => {
  it("writes what toLocaleString('en-US') writes, at each precision", () => {
    const values = [0, 0.5, 1.23456, -1.0005, 999.9999, 1000, 12_345.678, -987_654_321.125, 4_668.25, 1e15 + 0.5];
    for (const value of values) {
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      for (const digits of [0, 1, 2, 3])
        expect(groupDigits(value, digits)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: digits }));
    }
  });
});

import { hkStockCode, marketOf, normaliseSymbol } from './symbols';

describe('normaliseSymbol', () => {
  it.each([
    ['700', '0700.HK'],
    ['0700', '0700.HK'],
    ['00700', '0700.HK'],
    ['700.hk', '0700.HK'],
    [' 0700.HK ', '0700.HK'],
    ['5', '0005.HK'],
    ['9988', '9988.HK'],
    ['87001', '87001.HK'],
    ['aapl', 'AAPL'],
    ['  msft ', 'MSFT'],
    ['brk.b', 'BRK-B'],
    ['BRK-B', 'BRK-B'],
    ['bf/b', 'BF-B'],
    ['BFH$A', 'BFH-PA'],
    ['７００', '0700.HK'],
    ['００７００．ＨＫ', '0700.HK'],
    ['ＴＳＬＡ', 'TSLA'],
    ['ｂｒｋ．ｂ', 'BRK-B'],
    ['BRK B', 'BRK-B'],
    [' brk  b ', 'BRK-B'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseSymbol(input)).toBe(expected);
  });

  it('leaves an unknown spelling recognisable', () => {
    expect(normaliseSymbol('not a symbol')).toBe('NOTASYMBOL');
  });
});

describe('marketOf and hkStockCode', () => {
  it('tells Hong Kong from US symbols and reads the HKEX code', () => {
    expect(marketOf('0700.HK')).toBe('HK');
    expect(marketOf('AAPL')).toBe('US');
    expect(hkStockCode('0700.HK')).toBe(700);
    expect(hkStockCode('AAPL')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { currencyOf, distanceFromPrice, formatPriceDate, parseAlertPrice } from './price-distance';

describe('distanceFromPrice', () => {
  it('is the target in percent above (+) or below (−) the last price', () => {
    expect(distanceFromPrice(400, 500)).toBeCloseTo(25);
    expect(distanceFromPrice(400, 300)).toBeCloseTo(-25);
    expect(distanceFromPrice(400, 400)).toBe(0);
  });

  it('is null without both prices or with a price that cannot divide', () => {
    expect(distanceFromPrice(null, 500)).toBeNull();
    expect(distanceFromPrice(400, null)).toBeNull();
    expect(distanceFromPrice(0, 500)).toBeNull();
    expect(distanceFromPrice(Number.POSITIVE_INFINITY, 500)).toBeNull();
  });
});

describe('currencyOf', () => {
  it('quotes Hong Kong listings in HKD and the rest in USD', () => {
    expect(currencyOf('0700.HK')).toBe('HKD');
    expect(currencyOf('AAPL')).toBe('USD');
  });
});

describe('formatPriceDate', () => {
  it('writes a day or a month the way the data gives it', () => {
    expect(formatPriceDate('2026-11-27')).toBe('2026年11月27日');
    expect(formatPriceDate('2026-03')).toBe('2026年3月');
    expect(formatPriceDate(null)).toBeNull();
  });
});

describe('parseAlertPrice', () => {
  it('accepts a positive number, with thousands separators', () => {
    expect(parseAlertPrice(' 1,234.5 ')).toEqual({ price: 1234.5 });
    expect(parseAlertPrice('0.01')).toEqual({ price: 0.01 });
  });

  it('names what is wrong with anything else', () => {
    expect(parseAlertPrice('')).toEqual({ problem: 'required' });
    expect(parseAlertPrice('   ')).toEqual({ problem: 'required' });
    expect(parseAlertPrice('0')).toEqual({ problem: 'notPositive' });
    expect(parseAlertPrice('-5')).toEqual({ problem: 'notPositive' });
    expect(parseAlertPrice('abc')).toEqual({ problem: 'notPositive' });
    expect(parseAlertPrice('Infinity')).toEqual({ problem: 'notPositive' });
  });
});

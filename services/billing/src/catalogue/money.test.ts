import { fromMinorUnits, hasCents, minimumCharge, perCurrency, toMinorUnits } from './money';

describe('money', () => {
  it('turns decimal prices into minor units and back without float drift', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(fromMinorUnits(98000)).toBe(980);
  });

  it('accepts at most two decimals', () => {
    expect(hasCents(1099.9)).toBe(true);
    expect(hasCents(0.07)).toBe(true);
    expect(hasCents(1.005)).toBe(false);
  });

  it("knows each currency's lowest charge, and a floor of one minor unit for any other", () => {
    expect(minimumCharge('HKD')).toBe(400);
    expect(minimumCharge('USD')).toBe(50);
    expect(minimumCharge('XYZ')).toBe(1);
  });

  it('sums per currency as decimals, ordered by currency', () => {
    expect(
      perCurrency([
        { currency: 'USD', minor: '1050' },
        { currency: 'HKD', minor: 98000 },
      ]),
    ).toEqual([
      { amount: 980, currency: 'HKD' },
      { amount: 10.5, currency: 'USD' },
    ]);
  });
});

import type { ValuationModel } from '../types';
import { boundByModels, boundRevenueOnly } from './call-limits';

const model = (id: ValuationModel['id'], value: number | null, extra: Partial<ValuationModel> = {}): ValuationModel => ({
  id,
  name: id,
  value,
  weight: value === null ? 0 : 0.5,
  skipped: value === null,
  reason: null,
  inputs: {},
  method: '',
  role: 'blend',
  ...extra,
});

describe('boundByModels (ADR 0067)', () => {
  it('keeps the call of models within 2× of each other', () => {
    expect(boundByModels('buy', [model('dcf', 100), model('relative', 190)], 100, 'medium', false)).toEqual({
      recommendation: 'buy',
      note: null,
    });
  });

  it('gives no buy stronger than the least bullish model allows when they are more than 2× apart', () => {
    // price 100: DCF alone +20 % (a buy at medium uncertainty), relative alone +160 %: the blend's strong buy becomes a buy
    const sut = boundByModels('strong_buy', [model('dcf', 120), model('relative', 260)], 100, 'medium', false);
    expect(sut.recommendation).toBe('buy');
    expect(sut.note).toContain('2.2 倍');
  });

  it('gives a hold when the models point opposite ways', () => {
    expect(boundByModels('buy', [model('dcf', 70), model('relative', 200)], 100, 'high', false).recommendation).toBe('hold');
    expect(boundByModels('sell', [model('dcf', 40), model('relative', 110)], 100, 'high', false).recommendation).toBe('hold');
  });

  it('leaves screens and checks out of the comparison', () => {
    const graham = model('graham', 20, { role: 'screen', weight: 0 });
    expect(boundByModels('buy', [model('dcf', 130), model('relative', 140), graham], 100, 'medium', false).recommendation).toBe('buy');
  });
});

describe('boundRevenueOnly (ADR 0067)', () => {
  const evSales = model('ev_sales', 200, { weight: 1 });
  const reverse = (implied: number, reference: number | null, extreme: string | null = null) =>
    model('reverse_dcf', null, {
      role: 'check',
      skipped: false,
      inputs: { impliedRevenueGrowth: implied, referenceGrowth: reference, extreme },
    });

  it('holds a loss-maker on revenue multiples alone when its own growth is unknown', () => {
    const sut = boundRevenueOnly('buy', [evSales, reverse(0.01, null)]);
    expect(sut.recommendation).toBe('hold');
    expect(sut.note).toContain('反向 DCF');
  });

  it('keeps the buy when the price implies less growth than the company has achieved', () => {
    expect(boundRevenueOnly('buy', [evSales, reverse(0.03, 0.08)]).recommendation).toBe('buy');
    expect(boundRevenueOnly('buy', [evSales, reverse(0.1, 0.08)]).recommendation).toBe('hold');
  });

  it('keeps a sell when the price implies extreme growth, not otherwise', () => {
    expect(boundRevenueOnly('sell', [evSales, reverse(0.3, null, '極高')]).recommendation).toBe('sell');
    expect(boundRevenueOnly('sell', [evSales, reverse(0.03, 0.08)]).recommendation).toBe('hold');
  });

  it('leaves a blend of more than revenue multiples alone', () => {
    expect(boundRevenueOnly('buy', [evSales, model('dcf', 150), reverse(0.1, null)]).recommendation).toBe('buy');
  });
});

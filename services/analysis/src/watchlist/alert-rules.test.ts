import type { Quote } from '../market-data';
import { type AlertRule, type ReportFacts, REARM_MARGIN, STALE_MOVE, nextStep, readAlert } from './alert-rules';

const quote = (price: number | null, figuresAsOf: string | null = '2026-06-30'): Quote => ({
  price,
  asOf: '2026-06-30',
  currency: 'USD',
  figuresAsOf,
});
const report: ReportFacts = { analysisId: 'a1', price: 100, dataAsOf: '2026-06-30', buyBelow: 80, sellAbove: 125 };

/**
 * Follows an alert over a path of prices as the evaluation does round by round (fire an armed
 * alert that is across, re-arm a fired one that is back) and returns the rounds it fired in.
 */
function firings(rule: AlertRule, prices: number[], facts: ReportFacts | null = report): number[] {
  let armed = true;
  const fired: number[] = [];
  prices.forEach((price, round) => {
    const step = nextStep(armed, readAlert(rule, quote(price), facts));
    if (step === 'fire') {
      armed = false;
      fired.push(round);
    } else if (step === 'rearm') armed = true;
  });
  return fired;
}

describe('alert crossing and re-arming', () => {
  const above: AlertRule = { kind: 'price_above', price: 100 };
  const below: AlertRule = { kind: 'price_below', price: 100 };

  it('fires price_above when the price is above the threshold, at once when it already is', () => {
    expect(readAlert(above, quote(100.01), null)).toEqual({ state: 'across', crossing: { reason: 'above', threshold: 100 } });
    expect(readAlert(above, quote(100), null)).toEqual({ state: 'near' });
    expect(firings(above, [120])).toEqual([0]);
  });

  it('fires once per crossing however long the price stays across', () => {
    expect(firings(above, [90, 101, 105, 130, 101, 100.5])).toEqual([1]);
  });

  it('re-arms only after the price is back across by the margin, then fires at the next crossing', () => {
    const justInside = 100 * (1 - REARM_MARGIN) + 0.01;
    const backByMargin = 100 * (1 - REARM_MARGIN);
    // Wobbling inside the margin: no second firing.
    expect(firings(above, [101, justInside, 101, justInside, 102])).toEqual([0]);
    // Back by the margin, then across again: a second firing.
    expect(firings(above, [101, backByMargin, 101])).toEqual([0, 2]);
  });

  it('mirrors the margin for price_below', () => {
    expect(firings(below, [99, 101, 99, 100 * (1 + REARM_MARGIN), 99.5])).toEqual([0, 4]);
  });

  it('reads report_thresholds as the buy zone below buyBelow and the sell zone above sellAbove', () => {
    const rule: AlertRule = { kind: 'report_thresholds', price: null };
    expect(readAlert(rule, quote(79), report)).toEqual({ state: 'across', crossing: { reason: 'buy_zone', threshold: 80 } });
    expect(readAlert(rule, quote(126), report)).toEqual({ state: 'across', crossing: { reason: 'sell_zone', threshold: 125 } });
    expect(readAlert(rule, quote(100), report)).toEqual({ state: 'back' });
    // Within the margin of the buy price: neither fires nor re-arms.
    expect(readAlert(rule, quote(81), report)).toEqual({ state: 'near' });
    expect(firings(rule, [100, 79, 81, 79, 100, 126])).toEqual([1, 5]);
  });

  it('never judges report_thresholds without a rated report', () => {
    const rule: AlertRule = { kind: 'report_thresholds', price: null };
    expect(readAlert(rule, quote(10), null)).toEqual({ state: 'unknown' });
    expect(readAlert(rule, quote(10), { ...report, buyBelow: null, sellAbove: null })).toEqual({ state: 'unknown' });
    expect(firings(rule, [10, 1000], null)).toEqual([]);
  });

  it('reads report_stale from the move against the report price and from newer figures', () => {
    const rule: AlertRule = { kind: 'report_stale', price: null };
    const moved = readAlert(rule, quote(100 * (1 + STALE_MOVE) + 0.5), report);
    expect(moved).toMatchObject({ state: 'across', crossing: { reason: 'moved', threshold: 100 } });
    expect(readAlert(rule, quote(89), report)).toMatchObject({ state: 'across', crossing: { reason: 'moved' } });
    expect(readAlert(rule, quote(109), report)).toEqual({ state: 'near' });
    expect(readAlert(rule, quote(105), report)).toEqual({ state: 'back' });
    expect(readAlert(rule, quote(100, '2026-09-30'), report)).toEqual({
      state: 'across',
      crossing: { reason: 'newer_figures', threshold: null },
    });
    expect(readAlert(rule, quote(100), null)).toEqual({ state: 'unknown' });
  });

  it('neither fires nor re-arms without a price', () => {
    expect(readAlert(above, quote(null), null)).toEqual({ state: 'unknown' });
    expect(nextStep(true, { state: 'unknown' })).toBe('none');
    expect(nextStep(false, { state: 'unknown' })).toBe('none');
    expect(nextStep(false, { state: 'across', crossing: { reason: 'above', threshold: 1 } })).toBe('none');
  });
});

import type { AlertKind } from '@stockai/contracts';
import type { Quote } from '../market-data';

/**
 * An alert that fired re-arms only once the price is back across its threshold by this share
 * of the threshold (2 %): a price wobbling around the threshold fires once, not on every tick.
 */
export const REARM_MARGIN = 0.02;

/** `report_stale`: the price moved more than this share (10 %) from the report's price. */
export const STALE_MOVE = 0.1;

/** What an alert reads of the member's last completed report of the stock. */
export interface ReportFacts {
  analysisId: string;
  /** The price the report was computed at. */
  price: number | null;
  /** The date of the figures the report used. */
  dataAsOf: string | null;
  buyBelow: number | null;
  sellAbove: number | null;
}

export interface AlertRule {
  kind: AlertKind;
  /** The member's own price (price_above, price_below). */
  price: number | null;
}

/** Why an alert is across: the price above or below a threshold, or the report gone stale. */
export type Crossing =
  | { reason: 'above' | 'below' | 'buy_zone' | 'sell_zone'; threshold: number }
  | { reason: 'moved'; threshold: number; move: number }
  | { reason: 'newer_figures'; threshold: null };

/**
 * Where the price stands against an alert: `across` its threshold (an armed alert fires),
 * `back` across the other way by the margin (a fired alert re-arms), `near` in between (nothing
 * changes), or `unknown` when there is no price or no report to judge by (nothing changes either:
 * an alert never fires nor re-arms on a figure it does not have).
 */
export type Reading = { state: 'across'; crossing: Crossing } | { state: 'back' } | { state: 'near' } | { state: 'unknown' };

const UNKNOWN: Reading = { state: 'unknown' };

/** Reads `rule` against the latest quote and the member's last report of the stock. */
export function readAlert(rule: AlertRule, quote: Quote | null, report: ReportFacts | null): Reading {
  const price = quote?.price ?? null;
  switch (rule.kind) {
    case 'price_above':
    case 'price_below': {
      if (price === null || rule.price === null) return UNKNOWN;
      return rule.kind === 'price_above' ? above(price, rule.price, 'above') : below(price, rule.price, 'below');
    }
    case 'report_thresholds': {
      if (price === null || !report || report.buyBelow === null || report.sellAbove === null) return UNKNOWN;
      const buy = below(price, report.buyBelow, 'buy_zone');
      if (buy.state === 'across') return buy;
      const sell = above(price, report.sellAbove, 'sell_zone');
      if (sell.state === 'across') return sell;
      return buy.state === 'back' && sell.state === 'back' ? { state: 'back' } : { state: 'near' };
    }
    case 'report_stale':
      return readStaleness(price, quote, report);
  }
}

function above(price: number, threshold: number, reason: 'above' | 'sell_zone'): Reading {
  if (price > threshold) return { state: 'across', crossing: { reason, threshold } };
  return price <= threshold * (1 - REARM_MARGIN) ? { state: 'back' } : { state: 'near' };
}

function below(price: number, threshold: number, reason: 'below' | 'buy_zone'): Reading {
  if (price < threshold) return { state: 'across', crossing: { reason, threshold } };
  return price >= threshold * (1 + REARM_MARGIN) ? { state: 'back' } : { state: 'near' };
}

/**
 * A report is stale when newer figures of the stock were loaded than it used, or when the price
 * moved more than STALE_MOVE from the report's. It is fresh again (the alert re-arms) when the
 * move is back within STALE_MOVE less the margin and the figures are the report's: in practice
 * once the member re-analysed, since figures once newer stay newer than the old report's.
 */
function readStaleness(price: number | null, quote: Quote | null, report: ReportFacts | null): Reading {
  if (!report) return UNKNOWN;
  if (quote?.figuresAsOf && report.dataAsOf && quote.figuresAsOf > report.dataAsOf)
    return { state: 'across', crossing: { reason: 'newer_figures', threshold: null } };
  if (price === null || report.price === null || report.price <= 0) return UNKNOWN;
  const move = price / report.price - 1;
  if (Math.abs(move) > STALE_MOVE) return { state: 'across', crossing: { reason: 'moved', threshold: report.price, move } };
  return Math.abs(move) <= STALE_MOVE - REARM_MARGIN ? { state: 'back' } : { state: 'near' };
}

/** What the evaluation does with an alert: fire an armed one that is across, re-arm a fired one that is back. */
export function nextStep(armed: boolean, reading: Reading): 'fire' | 'rearm' | 'none' {
  if (armed && reading.state === 'across') return 'fire';
  if (!armed && reading.state === 'back') return 'rearm';
  return 'none';
}

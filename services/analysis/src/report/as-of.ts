/**
 * Whether the report may call its price the current one. A price more than three days older
 * than the analysis (a Friday close read on Monday is still the latest) is a past close: the
 * texts say "截至 {date} 的收市價" instead of "現價", and the notes open with a warning that
 * the figures are a snapshot, not live prices.
 */
export const LIVE_PRICE_MAX_AGE_DAYS = 3;

export interface PriceTiming {
  /** The price date as the data gives it (ISO date, or year-month for some bundled rows). */
  asOf: string | null;
  /** Whole days from the price date to the analysis (UTC dates); null when the date is unknown. */
  ageDays: number | null;
  /** True when the price cannot be called current: older than LIVE_PRICE_MAX_AGE_DAYS, or undated. */
  stale: boolean;
}

const DAY_MS = 86_400_000;

/** "2025-12" is dated the 1st: a year-month price is at least that old. */
function dayOf(asOf: string): number | null {
  const iso = /^\d{4}-\d{2}$/.test(asOf) ? `${asOf}-01` : asOf;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(time) ? null : time;
}

export function priceTiming(asOf: string | null, now: Date): PriceTiming {
  const day = asOf === null ? null : dayOf(asOf);
  if (day === null) return { asOf, ageDays: null, stale: true };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const ageDays = Math.floor((today - day) / DAY_MS);
  return { asOf, ageDays, stale: ageDays > LIVE_PRICE_MAX_AGE_DAYS };
}

/** What the price is called in the texts: "現價", or "截至 2026-02-16 的收市價". */
export function priceLabel(timing: PriceTiming): string {
  if (!timing.stale) return '現價';
  return timing.asOf === null ? '最近一次可得的收市價（日期不詳）' : `截至 ${timing.asOf} 的收市價`;
}

/** The short back-reference to the price in a later clause: "較現價" / "較該收市價". */
export function priceReference(timing: PriceTiming): string {
  return timing.stale ? '該收市價' : '現價';
}

/** A price older than this many days is announced by a banner above the report. */
export const BANNER_AGE_DAYS = 7;

/** The banner above the report for a price older than a week (or undated); null for a recent price. */
export function priceBanner(timing: PriceTiming, hasPrice: boolean): string | null {
  if (!hasPrice) return null;
  if (timing.ageDays === null) return '股價日期不詳：以下分析未必反映現時股價。';
  if (timing.ageDays <= BANNER_AGE_DAYS) return null;
  return `股價為 ${timing.asOf} 的收市價，距今 ${timing.ageDays} 天，並非現價：以下估值及建議以該日股價計算。`;
}

/** The warning that opens the notes when the figures are not current; null when they are. */
export function snapshotWarning(timing: PriceTiming): string | null {
  if (!timing.stale) return null;
  if (timing.asOf === null) return '注意：股價及財務數字的日期不詳，並非即時股價，只供參考。';
  return `注意：股價及財務數字為截至 ${timing.asOf} 的數據快照（距分析日 ${timing.ageDays} 天），並非即時股價；其後股價及業績或已有重大變化。`;
}

/**
 * What the AI model is told about the price, so it never calls a past close "current" (the
 * facts JSON's `priceBasis`, and a line of the user message).
 */
export function priceBasis(timing: PriceTiming): string {
  if (!timing.stale) return `股價為 ${timing.asOf} 的最新報價，可稱為「現價」。`;
  const label = priceLabel(timing);
  const age = timing.ageDays === null ? '' : `，距分析日 ${timing.ageDays} 天`;
  return `股價為${label}（數據快照${age}），並非即時股價：文中請稱為「${label}」，不要寫「現價」、「目前股價」或「最新股價」。`;
}

/**
 * Dates as the app shows them everywhere: 2026年11月23日, and with the time 2026年11月23日 14:04
 * (24-hour). Always on Hong Kong's clock, whatever the browser's time zone, because the daily
 * credits, billing and the report's data date are all Hong Kong days; one form, so a date reads
 * the same in the billing list, the history and the report.
 */
const TIME_ZONE = 'Asia/Hong_Kong';

const DATE = new Intl.DateTimeFormat('zh-HK', { timeZone: TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' });
const TIME = new Intl.DateTimeFormat('zh-HK', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const MISSING = '—';

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2026年11月23日`; a missing or unreadable date shows as an em dash. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? DATE.format(date) : MISSING;
}

/** `2026年11月23日 14:04`. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${DATE.format(date)} ${TIME.format(date)}` : MISSING;
}

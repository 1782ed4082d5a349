import { formatDate } from '@/lib/format-date';
import { formatChineseCompact } from '@/lib/format-number';
import { MISSING, formatNumber, formatPercent, formatPrice } from '../../utils/format';
import type { Unit } from './explain-labels';

/** A figure or input in its unit; a missing value is a dash, never 0. */
export function formatExplained(value: number | string | null, unit: Unit, currency: string): string {
  if (value === null || value === '') return MISSING;
  if (typeof value === 'string') return unit === 'date' ? formatDate(value) : value;
  if (!Number.isFinite(value)) return MISSING;
  switch (unit) {
    case 'price':
      return formatPrice(value, currency);
    case 'amount':
      return `${currency} ${formatChineseCompact(value)}`;
    case 'amountUsd':
      return `USD ${formatChineseCompact(value)}`;
    case 'fraction':
      return formatPercent(value * 100);
    case 'percent':
      return formatPercent(value);
    case 'multiple':
      return `${formatNumber(value, 2)} 倍`;
    case 'shares':
      return formatChineseCompact(value, '股');
    case 'count':
      return formatNumber(value, 0);
    case 'points':
      return `${formatNumber(value, 1)} 分`;
    case 'years':
      return `${formatNumber(value, 0)} 年`;
    default:
      return formatNumber(value, 4);
  }
}

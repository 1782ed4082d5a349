import { apiClient } from '@/lib/api-client';
import type { CreditPackage } from '../types/catalogue';
import { listOf, numberOf, objectOf, stringOf } from './read-json';

/** The catalogue's default currency, for a package row that somehow comes without one. */
export const DEFAULT_CURRENCY = 'HKD';

export function parsePackages(raw: unknown): CreditPackage[] {
  return listOf(objectOf(raw).packages)
    .map((item, index): CreditPackage | null => {
      const p = objectOf(item);
      const credits = numberOf(p.credits);
      const price = numberOf(p.price);
      if (credits === null || price === null) return null;
      const type = stringOf(p.type) ?? String(index);
      return {
        type,
        name: stringOf(p.name) ?? type,
        credits,
        price: { amount: price, currency: stringOf(p.currency) ?? DEFAULT_CURRENCY },
        // The spec labels 'standard' most popular; admins may move the label with the popular flag.
        popular: typeof p.popular === 'boolean' ? p.popular : type === 'standard',
      };
    })
    .filter((p): p is CreditPackage => p !== null)
    .sort((a, b) => a.credits - b.credits);
}

/** GET payments/packages, smallest first (savings are measured against the first). */
export async function getPackages(signal?: AbortSignal): Promise<CreditPackage[]> {
  return parsePackages(await apiClient.get<unknown>('payments/packages', { signal }));
}

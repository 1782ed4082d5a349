import type { CreditPackageView } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CreditPackage } from '../types/catalogue';

export const packagesQueryKey = ['packages'] as const;

export const toCreditPackage = (p: CreditPackageView): CreditPackage => ({
  type: p.type,
  name: p.name,
  credits: p.credits,
  price: { amount: p.price, currency: p.currency },
  popular: p.popular,
});

/** GET payments/packages, smallest first (savings are measured against the first). */
export async function getPackages(signal?: AbortSignal): Promise<CreditPackage[]> {
  const { packages } = await apiClient.get('payments/packages', (s) => s.packagesResponse, { signal });
  return Object.values(packages)
    .map(toCreditPackage)
    .sort((a, b) => a.credits - b.credits);
}

export function usePackages() {
  return useQuery({ queryKey: packagesQueryKey, queryFn: ({ signal }) => getPackages(signal) });
}

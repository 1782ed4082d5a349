import { adminLevelsResponse, adminPackagesResponse, adminPlansResponse } from '@stockai/contracts';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { adminKeys, adminRequest } from './admin-client';

/** Packages, plans and levels come keyed; the screens list them smallest first. */
export function useAdminPackages() {
  return useQuery({
    queryKey: adminKeys.packages,
    queryFn: async ({ signal }) =>
      Object.values((await adminRequest('packages', adminPackagesResponse, { signal })).packages).sort((a, b) => a.credits - b.credits),
    staleTime: 0,
  });
}

export function useAdminPlans() {
  return useQuery({
    queryKey: adminKeys.plans,
    queryFn: async ({ signal }) => Object.values((await adminRequest('subscription-plans', adminPlansResponse, { signal })).plans),
    staleTime: 0,
  });
}

export function useAdminLevels() {
  return useQuery({
    queryKey: adminKeys.levels,
    queryFn: async ({ signal }) =>
      Object.values((await adminRequest('user-levels', adminLevelsResponse, { signal })).levels).sort(
        (a, b) => a.dailyCredits - b.dailyCredits,
      ),
    staleTime: 0,
  });
}

type Method = 'POST' | 'PUT' | 'DELETE';

/** One write to the catalogue; the collection it changed (and the dashboard) is read again. */
function useCatalogueWrite<T>(key: QueryKey, request: (input: T) => { path: string; method: Method; body?: unknown }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => {
      const { path, method, body } = request(input);
      return adminRequest(path, z.unknown(), { method, body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export interface PackageInput {
  name: string;
  credits: number;
  price: number;
}

/** `type` only on create (spec section 5): an edit keeps the package's type. */
export const useAddPackage = () =>
  useCatalogueWrite(adminKeys.packages, (input: PackageInput & { type: string }) => ({ path: 'packages', method: 'POST', body: input }));
export const useUpdatePackage = () =>
  useCatalogueWrite(adminKeys.packages, ({ type, ...input }: PackageInput & { type: string }) => ({
    path: `packages/${encodeURIComponent(type)}`,
    method: 'PUT',
    body: input,
  }));
export const useDeletePackage = () =>
  useCatalogueWrite(adminKeys.packages, (type: string) => ({ path: `packages/${encodeURIComponent(type)}`, method: 'DELETE' }));

export interface PlanInput {
  name: string;
  levelType: string;
  features: string[];
  monthly: { price: number };
  yearly: { price: number };
}

export const useAddPlan = () =>
  useCatalogueWrite(adminKeys.plans, (input: PlanInput & { planId: string }) => ({
    path: 'subscription-plans',
    method: 'POST',
    body: input,
  }));
export const useUpdatePlan = () =>
  useCatalogueWrite(adminKeys.plans, ({ planId, ...input }: PlanInput & { planId: string }) => ({
    path: `subscription-plans/${encodeURIComponent(planId)}`,
    method: 'PUT',
    body: input,
  }));
export const useUpdatePlanPrice = () =>
  useCatalogueWrite(adminKeys.plans, ({ planId, cycle, price }: { planId: string; cycle: 'monthly' | 'yearly'; price: number }) => ({
    path: `subscription-plans/${encodeURIComponent(planId)}/${cycle}`,
    method: 'PUT',
    body: { price },
  }));
export const useDeletePlan = () =>
  useCatalogueWrite(adminKeys.plans, (planId: string) => ({ path: `subscription-plans/${encodeURIComponent(planId)}`, method: 'DELETE' }));

export interface LevelInput {
  levelType: string;
  name: string;
  dailyCredits: number;
  features: string[];
  description: string;
}

export const useAddLevel = () =>
  useCatalogueWrite(adminKeys.levels, (input: LevelInput) => ({ path: 'user-levels', method: 'POST', body: input }));
export const useUpdateLevel = () =>
  useCatalogueWrite(adminKeys.levels, ({ levelType, ...input }: LevelInput) => ({
    path: `user-levels/${encodeURIComponent(levelType)}`,
    method: 'PUT',
    body: input,
  }));
export const useDeleteLevel = () =>
  useCatalogueWrite(adminKeys.levels, (levelType: string) => ({ path: `user-levels/${encodeURIComponent(levelType)}`, method: 'DELETE' }));

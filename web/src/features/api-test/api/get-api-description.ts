import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { ApiDescription } from '../types/api-description';

/** Checked for what the page walks; the document itself is validated where it is made (npm test). */
const apiDescription = z.custom<ApiDescription>(
  (value) => typeof value === 'object' && value !== null && typeof (value as { paths?: unknown }).paths === 'object',
);

/** The merged OpenAPI document the gateway serves. */
export function getApiDescription(signal?: AbortSignal): Promise<ApiDescription> {
  return apiClient.get('openapi.json', apiDescription, { signal });
}

export function useApiDescription() {
  return useQuery({ queryKey: ['api-description'], queryFn: ({ signal }) => getApiDescription(signal), staleTime: 60_000 });
}

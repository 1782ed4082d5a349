import { apiClient } from '@/lib/api-client';
import type { ApiDescription } from '../types/api-description';

/** The merged OpenAPI document the gateway serves. */
export function getApiDescription(signal?: AbortSignal): Promise<ApiDescription> {
  return apiClient.get<ApiDescription>('openapi.json', { signal });
}

import type { ZodType } from 'zod';
import { apiRequest, type RequestOptions } from '@/lib/api-client';

/**
 * Every admin call: under admin/, with the stored token, refused before sending without one
 * (spec admin section 6: 'No authentication token available').
 */
export function adminRequest<T>(path: string, schema: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return apiRequest(`admin/${path}`, schema, { ...options, requireToken: true });
}

/** Every admin query key starts here, so a change can refresh what depends on it. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  members: ['admin', 'members'] as const,
  packages: ['admin', 'packages'] as const,
  plans: ['admin', 'plans'] as const,
  levels: ['admin', 'levels'] as const,
  prompts: ['admin', 'prompts'] as const,
  cache: ['admin', 'cache'] as const,
  aiResults: ['admin', 'ai-results'] as const,
  aiStats: ['admin', 'ai-stats'] as const,
  activities: ['admin', 'activities'] as const,
  payments: ['admin', 'payments'] as const,
};

/** Spec section 9: every admin list shows 20 a page. */
export const ADMIN_PAGE_SIZE = 20;

import { ApiError } from '@/lib/api-client';

/** The server's own words when it sent some, else the spec's fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}

/**
 * Spec section 8, dashboard load: an admin-only refusal reads as denied, any other 401/403 as
 * "log in again", anything else names its message.
 */
export function dashboardLoadMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'ADMIN_REQUIRED') return 'Access denied. Admin privileges required.';
  if (error instanceof ApiError && error.code === 'NO_TOKEN') return 'No authentication token available';
  if (error instanceof ApiError && error.isAuthRejection) return 'Authentication failed. Please log in again.';
  return `Failed to load dashboard data: ${error instanceof Error ? error.message : String(error)}`;
}

import { ApiError } from '@/lib/api-client';
import { DEFAULT_LEVEL, DEFAULT_ROLE, type AuthSession, type MembershipLevel, type User } from '../types/user';

const LEVELS: readonly MembershipLevel[] = ['free', 'vip', 'premium'];

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function invalidResponse(): ApiError {
  return new ApiError('Failed to parse server response', 200, 'PARSE_ERROR');
}

/** The user shape every auth answer carries; role defaults to user and level to 1 when absent. */
export function parseUser(raw: unknown): User {
  if (typeof raw !== 'object' || raw === null) throw invalidResponse();
  const data = raw as Record<string, unknown>;
  if (data.id === undefined || data.id === null || typeof data.email !== 'string') throw invalidResponse();
  const level = data.level;
  return {
    id: String(data.id),
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    email: data.email,
    phone: typeof data.phone === 'string' && data.phone ? data.phone : null,
    role: data.role === 'admin' ? 'admin' : DEFAULT_ROLE,
    level: typeof level === 'number' || LEVELS.includes(level as MembershipLevel) ? (level as number | MembershipLevel) : DEFAULT_LEVEL,
  };
}

/** Login and register answer { token, user }; without a token there is no session to start. */
export function parseAuthSession(raw: unknown): AuthSession {
  if (typeof raw !== 'object' || raw === null) throw invalidResponse();
  const { token, user } = raw as Record<string, unknown>;
  if (typeof token !== 'string' || !token) throw invalidResponse();
  return { token, user: parseUser(user) };
}

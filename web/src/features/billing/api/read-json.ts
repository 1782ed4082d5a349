/** Lenient readers for API answers: a missing or malformed field becomes a safe default, never a crash. */

export type JsonObject = Record<string, unknown>;

export const objectOf = (value: unknown): JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};

export const numberOf = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

export const stringOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Lists come as arrays or as objects keyed by id (`packages: { basic: {...} }`); both read as arrays. */
export const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [];

/** The most the badge spells out; above it reads 99+ (the accessible name keeps the exact count). */
export const BADGE_MAX = 99;

/** What the bell's badge shows: nothing without unread notifications. */
export function badgeText(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(unread));
}

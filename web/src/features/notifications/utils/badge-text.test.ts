import { describe, expect, it } from 'vitest';
import { BADGE_MAX, badgeText } from './badge-text';

describe('badgeText', () => {
  it('shows nothing without unread notifications', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });

  it('spells out the count up to the maximum, then caps it', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(BADGE_MAX)).toBe('99');
    expect(badgeText(BADGE_MAX + 1)).toBe('99+');
  });
});

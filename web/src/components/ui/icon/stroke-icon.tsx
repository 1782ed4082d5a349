import type { ReactNode } from 'react';

/**
 * A 24 × 24 line icon in the text colour (the header's buttons, the bell, the watchlist star).
 * Decorative: the button or link around it carries the name.
 */
export function StrokeIcon({
  size = 16,
  filled = false,
  round = false,
  children,
}: {
  size?: number;
  /** Filled with the text colour too (a chosen star). */
  filled?: boolean;
  /** Round line ends and corners. */
  round?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap={round ? 'round' : undefined}
      strokeLinejoin={round ? 'round' : undefined}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

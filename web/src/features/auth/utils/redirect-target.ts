/** Where to go after logging in: the page stored in router state `from`, else the main page. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  let target = '/';
  if (typeof from === 'string') {
    target = from;
  } else if (from && typeof from === 'object' && 'pathname' in from && typeof from.pathname === 'string') {
    const { pathname, search, hash } = from as { pathname: string; search?: string; hash?: string };
    target = `${pathname}${search ?? ''}${hash ?? ''}`;
  }
  // Only same-site paths, and never back to the login page itself.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}

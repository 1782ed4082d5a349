/**
 * A value in a Ghost NQL filter (`tag:[a,b]`, `email:'x'`). Inside single quotes NQL takes a
 * backslash as an escape, so backslashes are escaped first and quotes after; otherwise a value
 * ending in a backslash would escape the closing quote and change the filter.
 */
export function nqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A slug-like value bare when it holds only letters, digits and dashes; quoted otherwise. */
export function nqlValue(value: string): string {
  return /^[a-z0-9-]+$/.test(value) ? value : nqlString(value);
}

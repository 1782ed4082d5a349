/**
 * AMQP topic matching, as RabbitMQ's topic exchange does it: keys and patterns are
 * dot-separated words; in a pattern `*` stands for exactly one word and `#` for zero or
 * more. The in-memory bus routes with it, so both buses deliver the same events.
 */
export function topicMatches(pattern: string, routingKey: string): boolean {
  const pat = words(pattern);
  // The set of pattern positions reachable after reading the key so far (an NFA walk),
  // so patterns with several `#` stay linear instead of backtracking.
  let states = skipHashes(pat, [0]);
  for (const word of words(routingKey)) {
    const next: number[] = [];
    for (const i of states) {
      const token = pat[i];
      if (token === '#') next.push(i);
      else if (token === '*' || token === word) next.push(i + 1);
    }
    states = skipHashes(pat, next);
    if (states.length === 0) return false;
  }
  return states.includes(pat.length);
}

function words(s: string): string[] {
  return s === '' ? [] : s.split('.');
}

/** Adds, for each position on a `#`, the position after it: `#` may match zero words. */
function skipHashes(pat: string[], positions: number[]): number[] {
  const out = new Set<number>();
  for (let i of positions) {
    out.add(i);
    while (pat[i] === '#') out.add(++i);
  }
  return [...out];
}

/**
 * Rows written in groups ("group commit"): `add` hands a row to `write` and resolves once that
 * row is written, as a single INSERT would; rows added while a write is under way go together
 * in the next one. A lone row is written at once (no timer, no added wait); under load, many
 * callers' rows share one statement.
 *
 * For an append-only log whose rows are independent (AI exchanges, one or two per report): on
 * PGlite's single session, 400 one-row INSERTs in a 200-analysis burst each waited their turn
 * behind every other statement of the service. A failed write rejects every row of its group
 * (each caller decides, as it would for its own INSERT); the next group is tried afresh.
 */
export interface GroupWriter<T> {
  add(row: T): Promise<void>;
}

export function groupWriter<T>(write: (rows: T[]) => Promise<void>, maxRows = 100): GroupWriter<T> {
  let waiting: Array<{ row: T; resolve(): void; reject(err: unknown): void }> = [];
  let writing = false;

  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting.slice(0, maxRows);
      waiting = waiting.slice(group.length);
      try {
        await write(group.map((w) => w.row));
        for (const w of group) w.resolve();
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    writing = false;
  };

  return {
    add(row) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

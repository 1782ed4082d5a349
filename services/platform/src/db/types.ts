/** The one database interface every service codes against: PostgreSQL (pg) or PGlite. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside, use only the `tx` handle: on PGlite (one connection) a call to the outer
   * database from inside a transaction would wait for the transaction to finish.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** Closes the connection(s); calling it again returns the same promise. */
  close(): Promise<void>;
}

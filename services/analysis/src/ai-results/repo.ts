import { randomUUID } from 'node:crypto';
import { type GroupWriter, type Queryable, groupWriter } from '@stockai/platform';

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type AiPurpose = 'business' | 'summary' | 'test';

/** Who wrote the answer: the AI provider or the built-in analyst. */
export type AiProvider = 'ai' | 'built-in';

export interface NewAiRequest {
  id: string;
  analysisId: string;
  userId: string;
  symbol: string;
  market: string;
  currency: string;
  purpose: AiPurpose;
  model: string;
  prompt: string;
  response: string | null;
  error: string | null;
  tokenUsage: TokenUsage | null;
  fullConversation: ChatMessage[];
  durationMs: number;
  /** Default: the AI provider. */
  provider?: AiProvider;
}

/**
 * What every recorded exchange starts with, whoever wrote the answer (the AI provider or the
 * built-in analyst): a new id, the analysis, its user and stock, and the purpose.
 */
export function exchangeOf(
  ctx: { analysisId: string; userId: string; symbol: string },
  data: { market: string; currency: string },
  purpose: AiPurpose,
): Pick<NewAiRequest, 'id' | 'analysisId' | 'userId' | 'symbol' | 'market' | 'currency' | 'purpose'> {
  return {
    id: randomUUID(),
    analysisId: ctx.analysisId,
    userId: ctx.userId,
    symbol: ctx.symbol,
    market: data.market,
    currency: data.currency,
    purpose,
  };
}

export interface AiRequestRow {
  id: string;
  analysis_id: string;
  user_id: string;
  symbol: string;
  market: string;
  currency: string;
  purpose: AiPurpose;
  model: string;
  request_date: Date;
  prompt: string;
  response: string | null;
  error: string | null;
  token_usage: TokenUsage | null;
  full_conversation: ChatMessage[];
  duration_ms: number;
  provider: AiProvider;
}

export interface AiRequestListRow extends Omit<AiRequestRow, 'prompt' | 'response' | 'full_conversation'> {
  response_preview: string | null;
}

/** How many characters of the response the list shows. */
export const PREVIEW_LENGTH = 200;

const AI_REQUEST_COLUMNS = 15;
const columnsOf = (r: NewAiRequest): unknown[] => [
  r.id,
  r.analysisId,
  r.userId,
  r.symbol,
  r.market,
  r.currency,
  r.purpose,
  r.model,
  r.prompt,
  r.response,
  r.error,
  r.tokenUsage === null ? null : JSON.stringify(r.tokenUsage),
  JSON.stringify(r.fullConversation),
  r.durationMs,
  r.provider ?? 'ai',
];

/** Each database's exchanges written in groups (see `groupWriter`): a burst of reports shares statements. */
const writers = new WeakMap<Queryable, GroupWriter<NewAiRequest>>();

export const aiRequestsRepo = {
  /** Records one exchange; resolves once it is written (with whatever other exchanges were waiting). */
  insert(db: Queryable, r: NewAiRequest): Promise<void> {
    let writer = writers.get(db);
    if (!writer) {
      writer = groupWriter((rows) => aiRequestsRepo.insertMany(db, rows));
      writers.set(db, writer);
    }
    return writer.add(r);
  },

  /** Several exchanges in one INSERT, each stamped with the time its row is made. */
  async insertMany(db: Queryable, rows: NewAiRequest[]): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((_, i) => {
      const at = i * AI_REQUEST_COLUMNS;
      const params = Array.from({ length: AI_REQUEST_COLUMNS }, (__, c) => `$${at + c + 1}`);
      return `(${params.join(', ')}, clock_timestamp())`;
    });
    await db.query(
      `INSERT INTO ai_requests (id, analysis_id, user_id, symbol, market, currency, purpose, model, prompt, response, error,
         token_usage, full_conversation, duration_ms, provider, request_date)
       VALUES ${values.join(', ')}`,
      rows.flatMap(columnsOf),
    );
  },

  /** Newest first. */
  async page(db: Queryable, limit: number, offset: number): Promise<{ rows: AiRequestListRow[]; total: number }> {
    const [{ rows }, count] = await Promise.all([
      db.query<AiRequestListRow>(
        `SELECT id, analysis_id, user_id, symbol, market, currency, purpose, model, request_date, error, token_usage, duration_ms, provider,
           left(response, ${PREVIEW_LENGTH}) AS response_preview
         FROM ai_requests ORDER BY request_date DESC, id LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      db.query<{ n: string }>('SELECT count(*) AS n FROM ai_requests'),
    ]);
    return { rows, total: Number(count.rows[0]?.n ?? 0) };
  },

  async find(db: Queryable, id: string): Promise<AiRequestRow | undefined> {
    const { rows } = await db.query<AiRequestRow>('SELECT * FROM ai_requests WHERE id = $1', [id]);
    return rows[0];
  },

  async delete(db: Queryable, id: string): Promise<boolean> {
    const { rowCount } = await db.query('DELETE FROM ai_requests WHERE id = $1', [id]);
    return rowCount === 1;
  },

  async totals(db: Queryable): Promise<{ total_requests: number; unique_symbols: number; unique_users: number }> {
    const { rows } = await db.query<{ total_requests: string; unique_symbols: string; unique_users: string }>(
      `SELECT count(*) AS total_requests, count(DISTINCT symbol) AS unique_symbols, count(DISTINCT user_id) AS unique_users FROM ai_requests`,
    );
    const row = rows[0];
    return {
      total_requests: Number(row?.total_requests ?? 0),
      unique_symbols: Number(row?.unique_symbols ?? 0),
      unique_users: Number(row?.unique_users ?? 0),
    };
  },

  /** Requests per UTC day from `since` on, only the days that had any, newest first. */
  async dailyCounts(db: Queryable, since: Date): Promise<{ date: string; daily_count: number }[]> {
    const { rows } = await db.query<{ date: string; daily_count: string }>(
      `SELECT to_char(request_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*) AS daily_count
       FROM ai_requests WHERE request_date >= $1 GROUP BY 1 ORDER BY 1 DESC`,
      [since],
    );
    return rows.map((r) => ({ date: r.date, daily_count: Number(r.daily_count) }));
  },

  async databaseFacts(db: Queryable): Promise<{ database: string; tableExists: boolean; sizeBytes: number; recordsTotal: number }> {
    const { rows } = await db.query<{ database: string; table_exists: boolean; size: string | null }>(
      `SELECT current_database() AS database, to_regclass('ai_requests') IS NOT NULL AS table_exists,
         pg_total_relation_size(to_regclass('ai_requests')) AS size`,
    );
    const row = rows[0];
    const tableExists = row?.table_exists === true;
    const recordsTotal = tableExists ? Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM ai_requests')).rows[0]?.n ?? 0) : 0;
    return { database: row?.database ?? 'unknown', tableExists, sizeBytes: Number(row?.size ?? 0), recordsTotal };
  },
};

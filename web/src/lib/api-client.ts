type AnswerSchemas = typeof import('./answer-schemas');
type FirstScreenAnswers = typeof import('./first-screen-answers');

/** What checks an answer: a zod schema, or anything with the same `safeParse`. */
export interface AnswerCheck<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** An answer checked by a schema of `first-screen-answers.ts` (zod/mini), loaded on demand. */
export class FirstScreenAnswer<T> {
  constructor(readonly pick: (answers: FirstScreenAnswers) => AnswerCheck<T>) {}
}

/**
 * How a call names the schema of its answer: a pick from the contracts, e.g.
 * `(s) => s.creditsResponse`, loaded on demand alongside the first request (ADR 50); for the
 * few answers the first screen reads, a pick of their light copies, `firstScreen((s) =>
 * s.creditsResponse)`, so that the first screen does not wait for zod and every contract (ADR 70).
 */
export type AnswerSchema<T> = AnswerCheck<T> | ((schemas: AnswerSchemas) => AnswerCheck<T>) | FirstScreenAnswer<T>;

export const firstScreen = <T>(pick: (answers: FirstScreenAnswers) => AnswerCheck<T>) => new FirstScreenAnswer(pick);

/** A module downloaded once; a failed download is tried again by the next call. */
function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((cause: unknown) => {
      loading = undefined;
      throw cause;
    }));
}

/** The contracts' schemas (zod's classic API with them). */
export const loadAnswerSchemas = onDemand(() => import('./answer-schemas'));
/** The first screen's answers' light schemas. */
export const loadFirstScreenAnswers = onDemand(() => import('./first-screen-answers'));

/** The check of an answer, its module downloaded if need be. */
function checkOf<T>(answer: AnswerSchema<T>): Promise<AnswerCheck<T>> | AnswerCheck<T> {
  if (answer instanceof FirstScreenAnswer) return loadFirstScreenAnswers().then(answer.pick);
  if (typeof answer === 'function') return loadAnswerSchemas().then(answer);
  return answer;
}

/**
 * The one way the web app talks to the API: JSON over fetch under /api, with the bearer token
 * from localStorage when there is one. A success is parsed with the contract's schema of that
 * answer; every failure becomes an ApiError whose `code` is what the app decides on (the
 * shared error shape `{ error, code }`, ADR 5) and whose message is what a person may be shown.
 */

export const API_BASE = '/api';
export const AUTH_TOKEN_KEY = 'authToken';

/** status 0 means the request never got an HTTP answer (offline, DNS, connection refused). */
export const NETWORK_ERROR_STATUS = 0;

/**
 * The codes the web app acts on. The servers' list is longer; a code not named here still
 * arrives as it was sent, and the app treats it by its status.
 */
export type ApiErrorCode =
  | 'NETWORK_ERROR'
  | 'INVALID_RESPONSE'
  | 'NO_TOKEN'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'RATE_LIMITED'
  | 'INSUFFICIENT_CREDITS'
  | 'ACCOUNT_NOT_READY'
  | 'NOT_ANALYSABLE'
  | 'NO_MARKET_DATA'
  | 'UNKNOWN_SYMBOL'
  | 'STOCK_NOT_FOUND'
  | 'ANALYSIS_RUNNING'
  | 'ANALYSIS_NOT_FOUND'
  | 'BILLING_UNAVAILABLE'
  | 'CARD_DECLINED'
  | 'PAYMENT_FAILED'
  | 'INVALID_RESET_TOKEN'
  | 'EMAIL_TAKEN'
  | 'INVALID_CREDENTIALS'
  | (string & {});

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The message is the server's own words for the user (the shared error shape's `error`). */
  readonly hasServerMessage: boolean;

  constructor(message: string, status: number, code: ApiErrorCode, hasServerMessage = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.hasServerMessage = hasServerMessage;
  }

  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }

  /** The token is missing, bad, expired or revoked, or the account is not allowed: sign in again. */
  get isAuthRejection(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** True when `error` is an ApiError with one of `codes`. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function clearAuthToken(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
}

/** Where the browser goes for a full-page redirect into the API (Google sign-in). */
export function apiUrl(path: string): string {
  return `${API_BASE}/${path.replace(/^\//, '')}`;
}

type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Refuse to send without a stored token (admin calls: spec admin section 6). */
  requireToken?: boolean;
}

/** Absolute, so that the same client runs in the browser and in the component tests' Node. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(apiUrl(path), window.location.href);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The shared error shape; an answer without it (a proxy's HTML page) is named by its status. */
function errorOf(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const { error, code } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const hasMessage = typeof error === 'string' && error.trim() !== '';
  return new ApiError(
    hasMessage ? error : `HTTP error! status: ${status}`,
    status,
    typeof code === 'string' && code ? code : `HTTP_${status}`,
    hasMessage,
  );
}

/** The body of a successful answer, checked against its contract. */
async function parseBody<T>(text: string, status: number, answer: AnswerSchema<T>): Promise<T> {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError('Failed to parse server response', status, 'INVALID_RESPONSE');
  }
  let schema: AnswerCheck<T>;
  try {
    schema = await checkOf(answer);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network error';
    throw new ApiError(message, NETWORK_ERROR_STATUS, 'NETWORK_ERROR');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError('Failed to parse server response', status, 'INVALID_RESPONSE');
  return parsed.data;
}

export async function apiRequest<T>(path: string, schema: AnswerSchema<T>, options: RequestOptions = {}): Promise<T> {
  // The schemas download while the request is on its way, not after it.
  if (typeof schema === 'function' || schema instanceof FirstScreenAnswer) Promise.resolve(checkOf(schema)).catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (options.requireToken) throw new ApiError('No authentication token available', 401, 'NO_TOKEN');
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const message = cause instanceof Error ? cause.message : 'Network error';
    throw new ApiError(message, NETWORK_ERROR_STATUS, 'NETWORK_ERROR');
  }

  const text = await response.text();
  if (!response.ok) throw errorOf(response.status, text);
  return await parseBody(text, response.status, schema);
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, schema: AnswerSchema<T>, options?: Options) => apiRequest(path, schema, { ...options, method: 'GET' }),
  post: <T>(path: string, schema: AnswerSchema<T>, body?: unknown, options?: Options) =>
    apiRequest(path, schema, { ...options, method: 'POST', body }),
  put: <T>(path: string, schema: AnswerSchema<T>, body?: unknown, options?: Options) =>
    apiRequest(path, schema, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, schema: AnswerSchema<T>, options?: Options) => apiRequest(path, schema, { ...options, method: 'DELETE' }),
};

/** The parts of an OpenAPI 3.1 document the API testing page reads (GET /api/openapi.json). */
export interface ApiDescription {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<HttpMethod, ApiOperation>>>;
  components?: { schemas?: Record<string, unknown> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: { default?: unknown; enum?: unknown[]; example?: unknown; examples?: unknown[] };
}

export interface ApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-admin-only'?: boolean;
  parameters?: ApiParameter[];
  requestBody?: { content?: Record<string, { schema?: object }> };
}

/** One operation as the page lists it. */
export interface Endpoint {
  id: string;
  tag: string;
  method: HttpMethod;
  /** The public path with `{name}` placeholders, e.g. `/api/analysis/{id}`. */
  path: string;
  summary: string;
  pathParams: ApiParameter[];
  queryParams: ApiParameter[];
  /** Pretty-printed example JSON of the body, '' when the operation takes none. */
  exampleBody: string;
  needsToken: boolean;
  adminOnly: boolean;
}

/** What one request brought back. */
export interface ApiTestResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** Pretty-printed when the body is JSON, else as received. */
  body: string;
  durationMs: number;
}

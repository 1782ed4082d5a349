import { sample } from 'openapi-sampler';
import type { JSONSchema7 } from 'json-schema';
import { type ApiDescription, type ApiParameter, type Endpoint, HTTP_METHODS } from '../types/api-description';

function exampleBodyOf(schema: object | undefined, document: ApiDescription): string {
  if (!schema) return '';
  try {
    return JSON.stringify(sample(schema as JSONSchema7, { skipReadOnly: true, quiet: true }, document), null, 2);
  } catch {
    return '{}';
  }
}

/** Every operation of the document, grouped by its first tag in the document's tag order. */
export function endpointsByTag(document: ApiDescription): { tag: string; description?: string; endpoints: Endpoint[] }[] {
  const groups = new Map<string, Endpoint[]>();
  for (const tag of document.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const parameters: ApiParameter[] = operation.parameters ?? [];
      const endpoint: Endpoint = {
        id: `${method} ${path}`,
        tag,
        method,
        path,
        summary: operation.summary ?? '',
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        exampleBody: exampleBodyOf(operation.requestBody?.content?.['application/json']?.schema, document),
        needsToken: (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement),
        adminOnly: operation['x-admin-only'] === true,
      };
      groups.set(tag, [...(groups.get(tag) ?? []), endpoint]);
    }
  }
  const descriptions = new Map((document.tags ?? []).map((t) => [t.name, t.description]));
  return [...groups]
    .filter(([, endpoints]) => endpoints.length > 0)
    .map(([tag, endpoints]) => ({ tag, description: descriptions.get(tag), endpoints }));
}

/** A parameter's starting value: its default, else its example, else empty. */
export function initialValue(parameter: ApiParameter): string {
  const value = parameter.schema?.default ?? parameter.schema?.example ?? parameter.schema?.examples?.[0];
  return value === undefined || value === null ? '' : String(value);
}

/** The URL to call: path parameters filled in (encoded), non-empty query parameters appended. */
export function requestUrl(path: string, pathValues: Record<string, string>, queryValues: Record<string, string>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(pathValues[name] ?? ''));
  const query = new URLSearchParams(Object.entries(queryValues).filter(([, value]) => value.trim() !== ''));
  const text = query.toString();
  return text ? `${filled}?${text}` : filled;
}

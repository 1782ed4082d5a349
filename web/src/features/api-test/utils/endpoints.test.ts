import { describe, expect, it } from 'vitest';
import { getApiDescription } from '../api/get-api-description';
import { HTTP_METHODS } from '../types/api-description';
import { endpointsByTag, initialValue, requestUrl } from './endpoints';

describe('the API testing page reads the real API description', () => {
  it('groups every operation by its service tag, with what the form needs to fill in', async () => {
    const document = await getApiDescription();
    const groups = endpointsByTag(document);
    const tags = groups.map((g) => g.tag);
    for (const tag of ['auth', 'billing', 'analysis', 'content', 'admin']) expect(tags).toContain(tag);
    const operations = Object.values(document.paths).reduce((n, item) => n + HTTP_METHODS.filter((m) => item[m]).length, 0);
    expect(groups.reduce((n, g) => n + g.endpoints.length, 0)).toBe(operations);

    const all = groups.flatMap((g) => g.endpoints);
    const profile = all.find((e) => e.id === 'get /api/users/profile');
    expect(profile).toMatchObject({ method: 'get', needsToken: true, exampleBody: '' });
    const topUp = all.find((e) => e.id === 'post /api/users/topup');
    // A POST with a body starts from an example built from its schema: valid JSON the page can send.
    expect(topUp?.exampleBody).not.toBe('');
    expect(() => JSON.parse(topUp!.exampleBody)).not.toThrow();
    const start = all.find((e) => e.path === '/api/analysis/analyze/{symbol}');
    expect(start?.pathParams.map((p) => p.name)).toEqual(['symbol']);
    expect(all.filter((e) => e.tag === 'admin').every((e) => e.needsToken)).toBe(true);
  });

  it('fills path parameters encoded, and sends only the query parameters given', () => {
    expect(requestUrl('/api/stocks/status/{symbol}', { symbol: '0700.HK' }, {})).toBe('/api/stocks/status/0700.HK');
    expect(requestUrl('/api/ghost/posts/{slug}', { slug: 'a b/c' }, { limit: '4', page: ' ' })).toBe('/api/ghost/posts/a%20b%2Fc?limit=4');
    expect(initialValue({ name: 'page', in: 'query', schema: { default: 1 } })).toBe('1');
    expect(initialValue({ name: 'q', in: 'query', schema: {} })).toBe('');
  });
});

import type { BlogPost as Post } from '@stockai/contracts';
import { generateRsaKeyPair, signAccessToken } from '@stockai/platform';
import { startTestService, type TestService } from '@stockai/platform/src/testing';
import { contentService } from '../../../services/content/src/app';
import { BLOG_POST_FIELDS } from '../../support/ghost-stand-in';

interface Answer {
  success: boolean;
  posts: Post[];
  source?: string;
  pagination?: { page: number; limit: number; pages: number; total: number; next: number | null; prev: number | null };
  error?: string;
  code?: string;
}

/**
 * The content service without Ghost (the embedded default): every ghost/* endpoint answers
 * from the built-in library, on real PostgreSQL.
 */
describe('content: built-in library', () => {
  const keys = generateRsaKeyPair();
  let sut: TestService;

  beforeAll(async () => {
    sut = await startTestService(contentService(), { keys });
  });
  afterAll(async () => {
    await sut?.close();
  });

  const get = async (path: string, token?: string) => {
    const res = await fetch(`${sut.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as Answer & Record<string, unknown> };
  };
  const search = async (keywords: string, limit = 4) =>
    (await get(`/api/ghost/blog/search?keywords=${encodeURIComponent(keywords)}&limit=${limit}`)).body;
  const tagSlugs = (post: Post | undefined) => (post?.tags ?? []).map((t) => t.slug);

  it('pages through at least 24 complete articles, 15 at a time, newest first', async () => {
    const first = await get('/api/ghost/blog/posts?page=1&limit=15');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, source: 'builtin' });
    expect(first.body.posts).toHaveLength(15);
    const total = first.body.pagination!.total;
    expect(total).toBeGreaterThanOrEqual(24);
    expect(first.body.pagination).toEqual({ page: 1, limit: 15, pages: Math.ceil(total / 15), total, next: 2, prev: null });
    const second = await get('/api/ghost/blog/posts?page=2&limit=15');
    expect(second.body.posts).toHaveLength(total - 15);
    const all = [...first.body.posts, ...second.body.posts];
    expect(new Set(all.map((p) => p.id)).size).toBe(total);
    const dates = all.map((p) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const post of all) {
      expect(Object.keys(post).sort()).toEqual(BLOG_POST_FIELDS);
      expect(post.title.length).toBeGreaterThan(5);
      expect(post.excerpt.length).toBeGreaterThan(20);
      expect(post.tags.length).toBeGreaterThanOrEqual(1);
      expect(post.reading_time).toBeGreaterThanOrEqual(1);
      expect(post.url).toBe(`/articles/${post.slug}`);
      expect(post.feature_image).toBe(`/api/ghost/images/${post.slug}.svg`);
    }
    expect((await get('/api/ghost/blog/posts')).body.posts).toHaveLength(15);
  });

  it('serves each cover image as SVG and 404s an unknown one', async () => {
    const { body } = await get('/api/ghost/blog/posts?limit=3');
    for (const post of body.posts) {
      const res = await fetch(`${sut.url}${post.feature_image}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(await res.text()).toContain('<svg');
    }
    expect((await fetch(`${sut.url}/api/ghost/images/nothing.svg`)).status).toBe(404);
  });

  it('returns one article with its body by slug; an unknown slug is a 404, a malformed one a 400', async () => {
    const res = await get('/api/ghost/blog/posts/dcf-in-plain-words');
    expect(res.status).toBe(200);
    const post = res.body.post as Post & { html: string };
    expect(post.title).toContain('現金流折現');
    expect(post.html).toContain('<h2>');
    expect(post.html.match(/<p>/g)!.length).toBeGreaterThanOrEqual(4);
    expect(res.body.source).toBe('builtin');
    expect((await get('/api/ghost/blog/posts/no-such-article')).status).toBe(404);
    expect((await get('/api/ghost/blog/posts/Bad%20Slug')).status).toBe(400);
  });

  it.each([
    ['騰訊', (p: Post) => p.title.includes('騰訊')],
    ['0700.HK', (p: Post) => p.title.includes('0700.HK')],
    ['dividend', (p: Post) => tagSlugs(p).includes('dividend')],
    ['REIT', (p: Post) => tagSlugs(p).includes('reit')],
  ])('ranks a relevant article first for %s', async (keywords, relevant) => {
    const answer = await search(keywords);
    expect(answer).toMatchObject({ success: true, source: 'builtin' });
    expect(answer.posts.length).toBeGreaterThanOrEqual(1);
    expect(relevant(answer.posts[0]!)).toBe(true);
  });

  it('finds 騰訊 articles from the keywords the report page sends (symbol, company name, industry)', async () => {
    const answer = await search('0700.HK 騰訊控股 Internet Content & Information');
    expect(answer.posts.length).toBeGreaterThanOrEqual(2);
    expect(answer.posts.every((p) => `${p.title}${p.excerpt}`.includes('騰訊'))).toBe(true);
  });

  it('matches parts of words and full-width letters: 股息率 finds dividend articles, ＲＥＩＴ finds REITs', async () => {
    expect(tagSlugs((await search('派息比率')).posts[0])).toContain('dividend');
    expect(tagSlugs((await search('ＲＥＩＴ')).posts[0])).toContain('reit');
    expect(tagSlugs((await search('penny')).posts[0])).toContain('penny-stock');
  });

  it('answers ghost/search like ghost/blog/search, honours the limit and treats no match as a success', async () => {
    const a = await get('/api/ghost/search?keywords=dividend&limit=2');
    expect(a.body.posts).toHaveLength(2);
    expect(a.body.posts.map((p) => p.id)).toEqual((await search('dividend', 2)).posts.map((p) => p.id));
    expect(await search('zzqx-nothing-like-this')).toEqual({ success: true, posts: [], source: 'builtin' });
    expect((await get('/api/ghost/blog/search')).body).toEqual({ success: true, posts: [] });
  });

  it('refuses keywords longer than 100 characters with a 400 saying so, and caps what is matched', async () => {
    const long = '騰訊'.repeat(50) + '控';
    for (const path of [
      `/api/ghost/blog/search?keywords=${encodeURIComponent(long)}`,
      `/api/ghost/search?q=${encodeURIComponent(long)}`,
      `/api/ghost/relevant-posts?productType=${encodeURIComponent(long)}`,
      `/api/ghost/blog/relevant/${encodeURIComponent(long)}`,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: expect.stringMatching(/: must be at most 100 characters: search for a few words$/),
      });
    }
    // 100 characters pass, however many two-character pieces they hold.
    const atLimit = await search('騰訊'.repeat(50));
    expect(atLimit.posts[0]?.title).toContain('騰訊');
  });

  it('refuses a bad limit or page with a 400 that names the field', async () => {
    const bad = await get('/api/ghost/blog/search?keywords=REIT&limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^limit:/);
    expect((await get('/api/ghost/blog/posts?page=abc')).status).toBe(400);
    expect((await get('/api/ghost/blog/tags?tags=etf&limit=500')).status).toBe(400);
  });

  it('filters by tag slug or tag name', async () => {
    const bySlug = await get('/api/ghost/blog/tags?tags=dividend&limit=10');
    expect(bySlug.body.posts.length).toBeGreaterThanOrEqual(2);
    expect(bySlug.body.posts.every((p) => tagSlugs(p).includes('dividend'))).toBe(true);
    const byName = await get(`/api/ghost/blog/tags?tags=${encodeURIComponent('股息')}&limit=10`);
    expect(byName.body.posts.map((p) => p.id)).toEqual(bySlug.body.posts.map((p) => p.id));
    const two = await get('/api/ghost/blog/tags?tags=suspended,delisted&limit=1');
    expect(two.body.posts).toHaveLength(1);
    expect((await get('/api/ghost/blog/tags?tags=no-such-tag')).body).toEqual({ success: true, posts: [], source: 'builtin' });
  });

  it.each([
    ['reit_or_trust', 'reit'],
    ['unsuitable_product', 'etf'],
    ['highly_speculative', 'speculative'],
    ['delisted', 'delisted'],
    ['suspended', 'suspended'],
    ['inactive', 'liquidity'],
    // A start failure the app cannot place: articles on every reason a stock is not analysed.
    ['error', /^(etf|speculative|penny-stock|suspended|delisted|trust|reit)$/],
  ])('explains the not-analysable status %s with up to 3 articles', async (productType, slug) => {
    const { body } = await get(`/api/ghost/relevant-posts?productType=${productType}&limit=3`);
    expect(body).toMatchObject({ success: true, productType, source: 'builtin' });
    expect(body.posts.length).toBeGreaterThanOrEqual(1);
    expect(body.posts.length).toBeLessThanOrEqual(3);
    expect(tagSlugs(body.posts[0])).toContainEqual(typeof slug === 'string' ? slug : expect.stringMatching(slug));
  });

  it('answers ghost/blog/relevant/{topic} for named topics and free text', async () => {
    const named = await get('/api/ghost/blog/relevant/currency?limit=2');
    expect(named.body.posts.length).toBeGreaterThanOrEqual(1);
    expect(tagSlugs(named.body.posts[0])).toContain('currency-risk');
    const free = await get(`/api/ghost/blog/relevant/${encodeURIComponent('分散投資')}`);
    expect(free.body.posts).toHaveLength(3);
    expect(tagSlugs(free.body.posts[0])).toContain('diversification');
    expect((await get('/api/ghost/relevant-posts')).body).toEqual({ success: true, productType: '', posts: [] });
  });

  it('says clearly that Ghost is not configured for member sync', async () => {
    const admin = signAccessToken(keys.privateKey, { id: '2b5e6a1c-3d4f-4a5b-8c6d-7e8f9a0b1c2d', role: 'admin' }, 600).token;
    const check = await get('/api/ghost/check-membership/amy@example.com', admin);
    expect(check.status).toBe(503);
    expect(check.body).toMatchObject({ code: 'GHOST_NOT_CONFIGURED' });
    expect(check.body.error).toContain('Ghost is not configured');
    const sync = await fetch(`${sut.url}/api/ghost/sync-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ email: 'amy@example.com' }),
    });
    expect(sync.status).toBe(503);
    expect((await get('/api/ghost/sync-logs', admin)).body).toMatchObject({ success: true, configured: false, logs: [], total: 0 });
    const webhook = await fetch(`${sut.url}/api/ghost/webhook/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).toBe(503);
  });
});
